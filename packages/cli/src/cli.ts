import { InputError } from '@passk/sim';
import yargs, { type Argv } from 'yargs';
import { chartCommand } from './commands/chart.js';
import { demoCommand } from './commands/demo.js';
import { estimateCommand } from './commands/estimate.js';
import { fitCommand } from './commands/fit.js';
import { mergeCommand } from './commands/merge.js';
import { planCommand } from './commands/plan.js';
import { reportCommand } from './commands/report.js';
import { schemaCommand } from './commands/schema.js';
import { simulateCommand } from './commands/simulate.js';
import { sweepCommand } from './commands/sweep.js';
import { Interrupted } from './run/interrupted.js';
import type { CliIo } from './io/cliIo.js';

/** A command-line usage error (unknown option, missing argument): exit code 2 like bad input. */
class UsageError extends Error {}

/**
 * Runs the passk CLI on `args` and resolves to the exit code: 0 success, 2 bad input or usage
 * (one line on stderr, no stack trace), 1 an unexpected internal error.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const parser: Argv = yargs([...args])
    .scriptName('passk')
    .usage('$0 <command> [options]\n\nWhat retries really buy: pass@k and pass^k with honest uncertainty.')
    .command(estimateCommand(io))
    .command(fitCommand(io))
    .command(planCommand(io))
    .command(simulateCommand(io))
    .command(sweepCommand(io))
    .command(mergeCommand(io))
    .command(schemaCommand(io))
    .command(chartCommand(io))
    .command(reportCommand(io))
    .command(demoCommand(io))
    .demandCommand(1, 'name a command: estimate, fit, plan, simulate, sweep, merge, chart, report, demo or schema (see passk --help)')
    .strict()
    .exitProcess(false)
    .fail((message, error) => {
      // yargs phrases some messages over several lines; the CLI promises one.
      throw error ?? new UsageError(usageMessage(message));
    })
    .wrap(Math.min(110, process.stdout.columns || 100))
    .help()
    .version(false);
  try {
    await parser.parseAsync();
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    if (error instanceof InputError || error instanceof UsageError) {
      io.stderr(`passk: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`passk: internal error (please report): ${message}\n`);
    return 1;
  }
}

/** yargs' messages in the CLI's one-line `where: rule, got value` form. */
function usageMessage(message: string): string {
  const oneLine = message.replace(/\s*\n\s*/g, ' ').trim();
  const choice = /^Invalid values: Argument: ([\w-]+), Given: (.*), Choices: (.*)$/.exec(oneLine);
  if (choice) return `--${choice[1]}: must be one of ${choice[3]!.replaceAll('"', '')}, got ${choice[2]}`;
  const missing = /^Missing required arguments?: (.*)$/.exec(oneLine);
  if (missing) return `${missing[1]!.split(', ').map((name) => `--${name}`).join(', ')}: required`;
  return oneLine;
}
