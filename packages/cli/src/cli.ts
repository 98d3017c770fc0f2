import { InputError } from '@passk/sim/errors';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { CommandExit } from './run/commandExit.js';
import { Interrupted } from './run/interrupted.js';
import type { CliIo } from './io/cliIo.js';

type CommandFactory = (io: CliIo) => CommandModule<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The commands, in the order `passk --help` lists them. Only the command being run is loaded
 * (its module may pull in heavy dependencies such as vega); the others are listed by name only.
 */
const COMMANDS: ReadonlyArray<{ readonly name: string; readonly describe: string; readonly load: () => Promise<CommandFactory> }> = [
  { name: 'estimate', describe: 'pass@k and pass^k with intervals, from --n/--c, --p or a results file', load: async () => (await import('./commands/estimate.js')).estimateCommand },
  { name: 'compare', describe: 'is B better than A? paired by task: differences, intervals, p-values', load: async () => (await import('./commands/compare.js')).compareCommand },
  { name: 'gate', describe: 'CI gate: exit 1 unless every --require holds at its confidence bound', load: async () => (await import('./commands/gate.js')).gateCommand },
  { name: 'fit', describe: 'fit the per-task success distribution to a results file', load: async () => (await import('./commands/fit.js')).fitCommand },
  { name: 'plan', describe: 'sample sizes: demonstrate a target, reach a width, detect a difference', load: async () => (await import('./commands/plan.js')).planCommand },
  { name: 'simulate', describe: 'simulate a retry policy beside its closed forms', load: async () => (await import('./commands/simulate.js')).simulateCommand },
  { name: 'sweep', describe: 'run a scenario over a grid; the cost / delivery frontier', load: async () => (await import('./commands/sweep.js')).sweepCommand },
  { name: 'merge', describe: 'combine shard files into the result of the single run', load: async () => (await import('./commands/merge.js')).mergeCommand },
  { name: 'chart', describe: 'draw a chart from result files (SVG, PNG or vega-lite)', load: async () => (await import('./commands/chart.js')).chartCommand },
  { name: 'report', describe: 'one self-contained HTML report from result files', load: async () => (await import('./commands/report.js')).reportCommand },
  { name: 'demo', describe: 'run the built-in scenario; write a report and its charts', load: async () => (await import('./commands/demo.js')).demoCommand },
  { name: 'schema', describe: 'print the JSON Schema of scenario files', load: async () => (await import('./commands/schema.js')).schemaCommand },
];

/** A command-line usage error (unknown option, missing argument): exit code 2 like bad input. */
class UsageError extends Error {}

/**
 * Runs the passk CLI on `args` and resolves to the exit code: 0 success, 2 bad input or usage
 * (one line on stderr, no stack trace), 1 an unexpected internal error.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  // yargs drops a lone `-`; it names standard input among results inputs (expandInputs).
  const parser: Argv = yargs(args.map((arg) => (arg === '-' ? '/dev/stdin' : arg)))
    .scriptName('passk')
    .usage('$0 <command> [options]\n\nWhat retries really buy: pass@k and pass^k with honest uncertainty.');
  for (const entry of COMMANDS) {
    if (entry.name === args[0]) parser.command({ ...(await entry.load())(io), describe: entry.describe });
    else parser.command(entry.name, entry.describe);
  }
  parser
    .demandCommand(1, 'name a command: estimate, compare, gate, fit, plan, simulate, sweep, merge, chart, report, demo or schema (see passk --help)')
    .strict()
    .exitProcess(false)
    .fail((message, error) => {
      // yargs phrases some messages over several lines; the CLI promises one.
      throw error ?? new UsageError(usageMessage(message));
    })
    // yargs builds (and caches) the help text whenever a command runs; it is only shown for --help,
    // and laying it out to a width costs ~15 ms of string-width work, so other runs skip the layout.
    .wrap(args.some((arg) => arg === '--help' || arg.startsWith('--help=')) ? Math.min(110, process.stdout.columns || 100) : null)
    .help()
    .version(false);
  try {
    await parser.parseAsync();
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    if (error instanceof CommandExit) return error.code;
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
