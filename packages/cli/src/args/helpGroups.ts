import type { Argv, CommandModule } from 'yargs';

/** One heading of a command's --help and the options under it, in the order listed. */
export interface HelpGroup {
  /** The heading without its colon, e.g. `Estimate`. */
  readonly title: string;
  readonly options: readonly string[];
}

/** The options that read results files (resultsFileOptions.ts), by what a reader of --help needs first. */
export const RESULTS_FILE_HELP: readonly HelpGroup[] = [
  {
    title: 'Reading results files',
    options: [
      'format',
      'task-col',
      'success-col',
      'reward-col',
      'threshold',
      'trial-col',
      'where',
      'by',
      'truth-col',
      'one-value',
      'missing',
      'on-error',
      'episode-col',
      'attempt-col',
      'stopping',
      'scorer',
      'score-key',
      'counts',
      'rate-col',
      'rate-n',
    ],
  },
  { title: 'Costs from the log', options: ['cost-col', 'tokens-col', 'price-in', 'price-out', 'latency-col'] },
];

/** What a command prints or writes (listed after what it computes and what it reads). */
const OUTPUT_OPTIONS: readonly string[] = ['json', 'markdown', 'csv', 'out', 'chart', 'wide', 'explain', 'progress'];

/** The heading of everything else: alternative methods, seeds, workers, shards, then limits, and --help last. */
export const ADVANCED_TITLE = 'Advanced';

/**
 * Groups a command's options in its --help, the same pattern for every command: first `first` (the
 * command's own question, what most users need: `-n -c -k` for estimate), then reading results
 * files and their costs, then output, then everything else under "Advanced" (so no option is ever
 * left out of the help, and --help itself comes last). An option goes under the first heading that
 * names it; naming an option the command does not have is a bug and throws. Call it at the end of
 * the builder, when every option is declared. `reading` titles the results-file options where they
 * read something other than the command's input (simulate: `Reading the --tasks-from log`).
 */
export function withHelpGroups<T>(y: Argv<T>, first: HelpGroup, more: readonly HelpGroup[] = [], reading = RESULTS_FILE_HELP[0]!.title): Argv<T> {
  const internal = y as unknown as {
    getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> };
    getGroups(): Record<string, string[]>;
  };
  const { key, alias } = internal.getOptions();
  const aliases = new Set(Object.values(alias).flat());
  const positionals = new Set(Object.values(internal.getGroups()).flat());
  // Declared options by their own names: not their aliases (-h) nor yargs' camel-case copies (taskCol).
  const declared = Object.keys(key).filter((name) => !aliases.has(name) && !/[A-Z]/.test(name) && name !== '$0' && name !== 'version');
  const options = declared.filter((key) => key !== 'help' && !positionals.has(key));
  for (const name of [...first.options, ...more.flatMap((group) => group.options)]) {
    if (!options.includes(name)) throw new Error(`withHelpGroups: the command has no option --${name}`);
  }
  const placed = new Set<string>();
  const [readingFiles, costs] = RESULTS_FILE_HELP as [HelpGroup, HelpGroup];
  const standard = [{ ...readingFiles, title: reading }, costs, { title: 'Output', options: OUTPUT_OPTIONS }];
  const groups: HelpGroup[] = [first, ...more, ...standard].map(({ title, options: names }) => {
    const shown = names.filter((name) => options.includes(name) && !placed.has(name));
    for (const name of shown) placed.add(name);
    return { title, options: shown };
  });
  // Under Advanced, the limits of work and input (--max-…, --open-timeout) come after the methods and seeds.
  const isLimit = (name: string) => name.startsWith('max-') || name === 'open-timeout';
  const unplaced = options.filter((name) => !placed.has(name));
  const rest = [...unplaced.filter((name) => !isLimit(name)), ...unplaced.filter(isLimit)];
  groups.push({ title: ADVANCED_TITLE, options: [...rest, ...(declared.includes('help') ? ['help'] : [])] });
  for (const group of groups) if (group.options.length > 0) y.group([...group.options], `${group.title}:`);
  return y;
}

/** How one command's --help is grouped: its own heading first, any more headings, and the title of the results-file options. */
export interface CommandHelp {
  readonly first: HelpGroup;
  readonly more?: readonly HelpGroup[];
  readonly reading?: string;
}

/**
 * Every command's --help headings, by command path, in one place: what most users need first. A
 * command not listed here keeps yargs' single "Options:" list (schema, plan itself: no options).
 */
export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  estimate: { first: { title: 'Estimate', options: ['n', 'c', 'p', 'k', 'confidence', 'sides', 'interval', 'prior'] } },
  compare: { first: { title: 'Compare', options: ['name', 'baseline', 'confidence', 'by', 'min-overlap'] } },
  gate: { first: { title: 'Gate', options: ['require', 'baseline', 'confidence', 'estimand', 'min-overlap'] } },
  fit: { first: { title: 'Fit', options: ['confidence', 'out'] } },
  verifier: { first: { title: 'Verifier', options: ['truth', 'verdict-col', 'accept', 'reject', 'verdicts', 'by', 'confidence'] } },
  'plan demonstrate': { first: { title: 'Plan a demonstration', options: ['target', 'k', 'confidence', 'failures', 'power-at'] } },
  'plan precision': {
    first: { title: 'Plan an interval width', options: ['metric', 'k', 'rate', 'pilot', 'half-width', 'confidence', 'assurance', 'trials', 'tasks'] },
    reading: 'Reading the --pilot log',
  },
  'plan compare': {
    first: {
      title: 'Plan a comparison',
      options: ['metric', 'k', 'pilot', 'name', 'mean', 'concentration', 'delta', 'power', 'alpha', 'trials', 'tasks'],
    },
    reading: 'Reading the --pilot logs',
  },
  'plan audit': {
    first: {
      title: 'Plan an audit',
      options: ['truth-col', 'half-width', 'metric', 'k', 'tasks', 'confidence', 'mean', 'concentration', 'trials', 'judge-false-accept', 'judge-false-reject'],
    },
  },
  'plan gate': {
    first: { title: 'Plan a gate', options: ['require', 'pilot', 'baseline-pilot', 'tasks', 'trials', 'regression', 'max-false-fail'] },
    more: [{ title: "The gate's settings", options: ['estimand', 'confidence', 'min-overlap', 'confirm'] }],
    reading: 'Reading the --pilot logs',
  },
  simulate: {
    first: { title: 'Simulate', options: ['seed', 'replicates', 'tasks-from', 'verifier-from', 'per-task', 'pilot-trials', 'pilot-design'] },
    reading: 'Reading the --tasks-from log',
  },
  sweep: { first: { title: 'Sweep', options: ['vary', 'max-cost', 'max-wrong-delivery', 'replicates', 'verifier-from'] } },
  merge: { first: { title: 'Merge', options: ['allow-partial'] } },
  chart: { first: { title: 'Chart', options: ['from', 'out', 'max-wrong-delivery', 'log-k'] } },
  report: { first: { title: 'Report', options: ['out', 'title', 'max-wrong-delivery'] } },
  demo: { first: { title: 'Demo', options: ['out'] } },
};

/**
 * The command with its --help grouped as COMMAND_HELP[path] says, and so are its subcommands
 * (`plan demonstrate`: registered as modules inside the builder, each gets COMMAND_HELP['plan
 * demonstrate']); the command is unchanged when neither has an entry. The command modules stay
 * as they are: the headings live in one table.
 */
export function helpGrouped<T, U>(path: string, command: CommandModule<T, U>): CommandModule<T, U> {
  const builder = command.builder;
  if (typeof builder !== 'function') return command;
  const help = COMMAND_HELP[path];
  return {
    ...command,
    builder: (y) => {
      const built = builder(subcommandsGrouped(path, y)) as Argv<U>;
      return help === undefined ? built : withHelpGroups(built, help.first, help.more, help.reading);
    },
  };
}

/** `y` whose `.command(module)` registers each subcommand module with its help grouped (helpGrouped of `path name`). */
function subcommandsGrouped<T>(path: string, y: Argv<T>): Argv<T> {
  const register = y.command.bind(y) as (...args: unknown[]) => Argv<T>;
  const grouped = (...args: unknown[]): Argv<T> => {
    const [module, ...rest] = args;
    const isModule = typeof module === 'object' && module !== null && !Array.isArray(module) && typeof (module as CommandModule).command === 'string';
    if (!isModule) return register(...args);
    const name = ((module as CommandModule).command as string).split(' ')[0];
    return register(helpGrouped(`${path} ${name}`, module as CommandModule), ...rest);
  };
  return Object.assign(y, { command: grouped, commands: grouped }) as Argv<T>;
}
