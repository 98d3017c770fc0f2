import { recordedArgv, withProvenance } from './results/provenance.js';
import { passkVersion } from './passkVersion.js';
import { describeValue, InputError, suggestName } from '@passk/sim/errors';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { CommandExit } from './run/commandExit.js';
import { Interrupted } from './run/interrupted.js';
import { emptyNumbersAsNaN, numberAsParsed, refuseBlankPaths, refuseRepeatedNumbers } from './args/emptyValues.js';
import { joinNegativeValues } from './args/negativeValues.js';
import { optionAsTyped } from './args/optionAsTyped.js';
import { helpGrouped } from './args/helpGroups.js';
import type { CliIo } from './io/cliIo.js';
import { terminalText } from './format/terminalText.js';

type CommandFactory = (io: CliIo) => CommandModule<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The commands, in the order `passk --help` lists them. Only the command being run is loaded
 * (its module may pull in heavy dependencies such as vega); the others are listed by name only.
 */
const COMMANDS: ReadonlyArray<{ readonly name: string; readonly describe: string; readonly load: () => Promise<CommandFactory> }> = [
  {
    name: 'estimate',
    describe: 'pass@k and pass^k with intervals, from --n/--c, --p or a results file',
    load: async () => (await import('./commands/estimate.js')).estimateCommand,
  },
  {
    name: 'compare',
    describe: 'is B better than A? paired by task: differences, intervals, p-values',
    load: async () => (await import('./commands/compare.js')).compareCommand,
  },
  {
    name: 'gate',
    describe: 'CI gate: exit 1 unless every --require holds at its confidence bound',
    load: async () => (await import('./commands/gate.js')).gateCommand,
  },
  { name: 'fit', describe: 'fit the per-task success distribution to a results file', load: async () => (await import('./commands/fit.js')).fitCommand },
  {
    name: 'verifier',
    describe: 'measure a verifier or judge against the truth: false accept, false reject',
    load: async () => (await import('./commands/verifier.js')).verifierCommand,
  },
  {
    name: 'plan',
    describe: 'sample sizes: demonstrate a target, reach a width, detect a difference',
    load: async () => (await import('./commands/plan.js')).planCommand,
  },
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
export async function runCli(cliArgs: readonly string[], io: CliIo): Promise<number> {
  const args = helpCommandArgs(cliArgs);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    io.stdout(`passk ${passkVersion()}\n`);
    return 0;
  }
  const unknown = unknownCommand(args);
  if (unknown) {
    io.stderr(`passk: ${unknown}\n`);
    return 2;
  }
  const wantsHelp = args.some((arg) => arg === '--help' || arg === '-h' || arg.startsWith('--help='));
  // yargs drops a lone `-`; it names standard input among results inputs (expandInputs).
  const parsed = joinNegativeValues(args).map((arg) => (arg === '-' ? '/dev/stdin' : arg));
  const parser: Argv = yargs(parsed).scriptName('passk').usage('$0 <command> [options]\n\nWhat retries really buy: pass@k and pass^k with honest uncertainty.');
  for (const entry of COMMANDS) {
    if (entry.name === args[0]) parser.command(helpGrouped(entry.name, { ...(await entry.load())(io), describe: entry.describe }));
    else parser.command(entry.name, entry.describe);
  }
  if (!wantsHelp) skipHelpCache(parser);
  parser
    .demandCommand(1, 'name a command: estimate, compare, gate, fit, verifier, plan, simulate, sweep, merge, chart, report, demo or schema (see passk --help)')
    .strict()
    .middleware((argv) => {
      const options = (parser as unknown as { getOptions(): { number: string[]; array: string[] } }).getOptions();
      emptyNumbersAsNaN(args, argv, options.number);
      refuseRepeatedNumbers(argv, options.number, options.array);
      refuseBlankPaths(args);
    }, true)
    .exitProcess(false)
    .fail((message, error) => {
      // yargs phrases some messages over several lines; the CLI promises one.
      throw error ?? new UsageError(usageMessage(message, { options: knownOptions(parser), args, ...commandContext(parser) }));
    })
    // yargs builds (and caches) the help text whenever a command runs, though it is only shown for
    // --help: laying it out costs ~50 ms of string-width work, a large part of a short command's
    // start-up, so runs without --help neither lay it out nor build it.
    .wrap(wantsHelp ? Math.min(110, io.stdoutColumns || 100) : null)
    .help(wantsHelp)
    .alias('help', 'h')
    .version(false);
  try {
    // Every result made by this command records it (results/provenance.ts).
    await withProvenance({ argv: recordedArgv(args), passk: passkVersion() }, () => (wantsHelp ? parseWithHelp(parser, parsed, io) : parser.parseAsync()));
    return 0;
  } catch (error) {
    if (error instanceof Interrupted) return 130;
    if (error instanceof CommandExit) return error.code;
    if (error instanceof InputError) {
      // A file name or a run name in the line is data: shown as terminal text, so the error stays one line.
      io.stderr(`${terminalText(`passk: ${messageAsTyped(error, args)}`)}\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.stderr(`${terminalText(`passk: ${error.message}`)}\n`);
      return 2;
    }
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr(`passk: internal error (please report): ${message}\n`);
    return 1;
  }
}

/**
 * An option's error with the value as the user typed it: yargs turns `--confidence abc` into NaN
 * and `--seed 9007199254740993` into a nearby double before a command sees them.
 */
function messageAsTyped(given: InputError, args: readonly string[]): string {
  const option = optionAsTyped(given.where, args);
  const error = option === undefined ? given : new InputError(option, given.rule, given.value);
  if (typeof error.value !== 'number' || !error.where.startsWith('-')) return error.message;
  const typed = typedOptionValue(args, error.where);
  // Only where the number is what yargs made of the typed text (NaN from "abc", Infinity from "1e400").
  if (typed === undefined || !Object.is(numberAsParsed(typed), error.value) || String(error.value) === typed) return error.message;
  return new InputError(error.where, error.rule, typed).message;
}

/** The text given to `--name` on the command line (`--name value` or `--name=value`; the last one wins), if any. */
function typedOptionValue(args: readonly string[], option: string): string | undefined {
  let typed: string | undefined;
  args.forEach((arg, index) => {
    if (arg === option && index + 1 < args.length) typed = args[index + 1];
    else if (arg.startsWith(`${option}=`)) typed = arg.slice(option.length + 1);
  });
  return typed;
}

/**
 * Parses a command line that asks for --help, writing the help text through `io.stdout`: given a
 * parse callback, yargs collects what it would print with console.log (the help, one text) and
 * hands it over instead, so an in-process run captures it like any other output.
 */
async function parseWithHelp(parser: Argv, args: readonly string[], io: CliIo): Promise<void> {
  let printed = '';
  await parser.parseAsync([...args], {}, (_error, _argv, output) => {
    printed = output;
  });
  // console.log ends the text with a newline.
  if (printed !== '') io.stdout(`${printed}\n`);
}

/** `passk help CMD [SUB]` is `passk CMD [SUB] --help`; `passk help` is `passk --help`. */
function helpCommandArgs(args: readonly string[]): readonly string[] {
  return args[0] === 'help' ? [...args.slice(1), '--help'] : args;
}

/** The message for a first word that names no command (with the closest command), or undefined. */
function unknownCommand(args: readonly string[]): string | undefined {
  const first = args[0];
  if (first === undefined || first.startsWith('-')) return undefined;
  const names = COMMANDS.map((entry) => entry.name);
  if (names.includes(first)) return undefined;
  const suggestion = suggestName(first, names);
  return `unknown command ${JSON.stringify(first)}${suggestion ? `: did you mean ${suggestion}?` : ''} (commands: ${names.join(', ')}; passk --help)`;
}

/**
 * yargs renders the command's help text after every command it runs (to show it should the handler
 * fail, which our .fail() never asks for): ~50 ms of string-width work, half of a short command's
 * start-up. Without --help that render is skipped (yargs 18's usage instance; a no-op if it changes).
 */
function skipHelpCache(parser: Argv): void {
  const internal = (parser as unknown as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } }).getInternalMethods?.();
  const usage = internal?.getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}

/** The long option names the failing command knows (for "did you mean"). */
function knownOptions(parser: Argv): readonly string[] {
  const keys = (parser as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key;
  return Object.keys(keys).filter((key) => key.length > 1 && key !== '$0' && !/[A-Z]/.test(key));
}

/** The value yargs quotes in a message (JSON for strings), as the user typed it. */
function parseGiven(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a usage message needs to know of the command line and the command that failed. */
interface UsageContext {
  /** The long options the command knows (for "did you mean"). */
  readonly options: readonly string[];
  /** The command line as typed. */
  readonly args: readonly string[];
  /** The command words parsed so far (`['plan']`) and the subcommands they offer (`['demonstrate', …]`). */
  readonly commands: readonly string[];
  readonly subcommands: readonly string[];
}

/** The command words yargs has parsed and the subcommands of the last one (yargs 18's internals; empty if they change). */
function commandContext(parser: Argv): Pick<UsageContext, 'commands' | 'subcommands'> {
  const internal = (
    parser as unknown as {
      getInternalMethods?: () => { getContext?: () => { commands?: string[] }; getCommandInstance?: () => { getCommands?: () => string[] } };
    }
  ).getInternalMethods?.();
  const commands = internal?.getContext?.().commands ?? [];
  const subcommands = commands.length > 0 ? (internal?.getCommandInstance?.().getCommands?.() ?? []) : [];
  return { commands, subcommands };
}

/**
 * yargs' "Unknown arguments" names options and stray words alike: an option the command does not
 * know, a word where a subcommand belongs (`plan bogus`) or an input too many (`gate a.csv b.csv`).
 */
function unknownArgumentsMessage(given: readonly string[], context: UsageContext): string {
  const typedAsOption = (name: string) => context.args.some((arg) => arg === `--${name}` || arg === `-${name}` || arg.startsWith(`--${name}=`));
  const words = given.filter((name) => !typedAsOption(name) && context.args.includes(name));
  const path = context.commands.join(' ');
  const subcommand = context.subcommands.length > 0 ? context.args[context.commands.length] : undefined;
  if (subcommand !== undefined && words.includes(subcommand)) {
    const suggestion = suggestName(subcommand, context.subcommands);
    return `${path}: unknown subcommand ${JSON.stringify(subcommand)}${suggestion ? `: did you mean ${suggestion}?` : ''} (subcommands: ${context.subcommands.join(', ')})`;
  }
  // yargs names an unknown --chart-kind twice, also as chartKind.
  const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const options = given.filter((name) => !words.includes(name) && !(kebab(name) !== name && given.includes(kebab(name))));
  if (options.length > 0) {
    const hints = options.map((name) => {
      const suggestion = suggestName(name, context.options);
      return `--${name}${suggestion ? ` (did you mean --${suggestion}?)` : ''}`;
    });
    return `${hints.join(', ')}: unknown option${options.length > 1 ? 's' : ''} (see --help)`;
  }
  return `arguments: passk ${path} takes no more arguments (see passk ${path} --help), got ${words.map((name) => JSON.stringify(name)).join(', ')}`;
}

/** yargs' messages in the CLI's one-line `where: rule, got value` form. */
function usageMessage(message: string, context: UsageContext): string {
  const oneLine = message.replace(/\s*\n\s*/g, ' ').trim();
  const unknownArguments = /^Unknown arguments?: (.*)$/.exec(oneLine);
  if (unknownArguments) return unknownArgumentsMessage(unknownArguments[1]!.split(', '), context);
  const choice = /^Invalid values: Argument: ([\w-]+), Given: (.*), Choices: (.*)$/.exec(oneLine);
  if (choice) {
    const choices = choice[3]!.replaceAll('"', '').split(', ');
    const given = parseGiven(choice[2]!);
    const suggestion = typeof given === 'string' ? suggestName(given, choices) : undefined;
    return `--${choice[1]}: must be one of ${choices.join(', ')}${suggestion ? ` (did you mean ${suggestion}?)` : ''}, got ${describeValue(given)}`;
  }
  const positional = /^Not enough non-option arguments: got (\d+), need at least (\d+)$/.exec(oneLine);
  if (positional) return `arguments: must name at least ${positional[2]} input file${positional[2] === '1' ? '' : 's'} (see --help), got ${positional[1]}`;
  const missing = /^Missing required arguments?: (.*)$/.exec(oneLine);
  if (missing)
    return `${missing[1]!
      .split(', ')
      .map((name) => `--${name}`)
      .join(', ')}: required`;
  return oneLine;
}
