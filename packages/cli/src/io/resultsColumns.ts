import { InputError } from '@passk/sim/errors';
import { hasField } from './fieldPath.js';
import { RATE_N_SOURCES, type ResolvedResultsReadOptions } from './resultsReadOptions.js';

/**
 * The columns a results file was read with. Either `success`, or `reward` with `threshold` (or, for
 * τ-bench, with `successWhen`: the rule in words).
 */
export interface ResultsColumns {
  task: string;
  success?: string;
  reward?: string;
  threshold?: number;
  /** τ-bench: the success rule applied to `reward`, e.g. `1 - 1e-6 <= reward <= 1 + 1e-6`. */
  successWhen?: string;
  /** The trial column, when one is read (named, or τ-bench's `trial`): (task, trial) pairs must not repeat. */
  trial?: string;
  /** CSV/TSV: the `error` column, when the header has one (a set value marks an error row). */
  error?: string;
  /** The cost of each attempt, when read. */
  cost?: string;
  /** Input (and output) token columns, priced per million with priceIn/priceOut, when cost comes from tokens. */
  tokens?: [string] | [string, string];
  /** Duration of each attempt (seconds), when read. */
  latency?: string;
  /** inspect_ai: the scorer read, and the key of its dict-valued score. */
  scorer?: string;
  scoreKey?: string;
  /** Per-task summaries: trials and successes columns, or a rate column with a known n. */
  counts?: [string, string];
  rate?: string;
  n?: number;
  /** A rate's n read from each row instead: the length of the list at this key (lm-eval: `resps.0`, the doc's repeats). */
  nKey?: string;
  /** CSV/TSV: the `status` column, when the header has one (error, infra_error or timeout mark an error row). */
  status?: string;
  /** The episode column (`--episode-col`): attempts of one episode are kept in order for the dependence of retries. */
  episode?: string;
  /** The attempt index column (`--attempt-col`): the order within an episode, or without `episode` the run order. */
  attempt?: string;
  /** The outcome is a list holding one episode's attempts in order (Aider's `tests_outcomes`, LDB's visible passes). */
  episodeList?: boolean;
}

/** Default task columns, first present wins. */
export const TASK_COLUMNS: readonly string[] = ['task_id', 'task', 'problem_id', 'example_id', 'doc_id', 'sample_id'];
/** Default success columns, first present wins. */
export const SUCCESS_COLUMNS: readonly string[] = ['success', 'passed', 'correct', 'pass'];

/** The trial column used without --trial-col when the header (or first record) has it: a repeated (task, trial) is then an error. */
export const TRIAL_COLUMN = 'trial';

const MAX_LISTED = 20;

/** Column or key names for an error message: quoted, at most 20, `none` when empty. */
export function listNames(names: readonly string[]): string {
  const shown = names.slice(0, MAX_LISTED).map((name) => JSON.stringify(name));
  if (names.length > MAX_LISTED) shown.push(`… ${names.length - MAX_LISTED} more`);
  return shown.length > 0 ? shown.join(', ') : 'none';
}

function alternatives(names: readonly string[]): string {
  const quoted = names.map((name) => JSON.stringify(name));
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/**
 * Picks the task and outcome columns among `available` (a CSV header, or the keys of the first
 * JSON object, described by `availableLabel`). A missing column is a file-level InputError
 * (where = `file`) naming the column(s) looked for, the ones that exist and the flag to choose another.
 */
export function resolveResultsColumns(
  available: readonly string[],
  options: ResolvedResultsReadOptions,
  file: string,
  availableLabel = 'columns',
  first?: Record<string, unknown>,
): ResultsColumns {
  const has = (name: string) => available.includes(name) || (first !== undefined && hasField(first, name));
  const pick = (wanted: string | undefined, defaults: readonly string[], role: string, flag: string, hint = ''): string => {
    const candidates = wanted === undefined ? defaults : [wanted];
    const found = candidates.find(has);
    if (found !== undefined) return found;
    const what = wanted === undefined ? `a ${role} column (${alternatives(defaults)})` : `the ${role} column ${JSON.stringify(wanted)}`;
    throw new InputError(file, `must have ${what}; ${availableLabel}: ${listNames(available)}; choose the ${role} column with ${flag}${hint}`);
  };
  const columns: ResultsColumns = { task: pick(options.taskColumn, TASK_COLUMNS, 'task', '--task-col') };
  if (options.countsColumns !== undefined) {
    columns.counts = [pick(options.countsColumns[0], [], 'trials', '--counts'), pick(options.countsColumns[1], [], 'successes', '--counts')];
    return columns;
  }
  if (options.rateColumn !== undefined) {
    columns.rate = pick(options.rateColumn, [], 'rate', '--rate-col');
    columns.n = options.trialsPerTask;
    return columns;
  }
  if (options.rewardColumn !== undefined) {
    columns.reward = pick(options.rewardColumn, [], 'reward', '--reward-col');
    columns.threshold = options.threshold;
  } else {
    columns.success = pick(
      options.successColumn,
      SUCCESS_COLUMNS,
      'success',
      '--success-col',
      ` (or a reward column with --reward-col)${rateHint(available, first)}`,
    );
  }
  if (options.episodeColumn !== undefined) columns.episode = pick(options.episodeColumn, [], 'episode', '--episode-col');
  if (options.attemptColumn !== undefined) columns.attempt = pick(options.attemptColumn, [], 'attempt', '--attempt-col');
  if (options.trialColumn !== undefined) columns.trial = pick(options.trialColumn, [], 'trial', '--trial-col');
  else if (has(TRIAL_COLUMN) && ![columns.task, columns.success, columns.reward].includes(TRIAL_COLUMN)) columns.trial = TRIAL_COLUMN;
  return withAmountColumns(columns, options, available, first);
}

/** Column names that usually hold a per-task success rate c/n rather than one attempt's outcome. */
const RATE_NAMES = /^(pass_?1|pass@1|pass_at_1|pass_rate|solve_rate|success_rate|rate)$/i;

/**
 * For a file without a success column: when one of its columns looks like per-task rates (a name
 * such as `pass1`, or in the first JSON record a number strictly between 0 and 1), how to read
 * them, and that n must be stated; else ''.
 */
function rateHint(available: readonly string[], first: Record<string, unknown> | undefined): string {
  const rate =
    available.find((name) => RATE_NAMES.test(name)) ??
    (first === undefined ? undefined : available.find((name) => typeof first[name] === 'number' && (first[name] as number) > 0 && (first[name] as number) < 1));
  if (rate === undefined) return '';
  return `; ${JSON.stringify(rate)} looks like per-task rates: read them with --rate-col ${rate} --rate-n N (${RATE_N_SOURCES})`;
}

/** Where a format finds cost and latency when the options name none (keys or dot paths; used when the first record has them). */
export interface AmountDefaults {
  cost?: string;
  tokens?: [string] | [string, string];
  latency?: string;
}

/**
 * Adds the cost (`costColumn`, or `tokensColumns` priced per million tokens) and latency columns:
 * those named in the options must exist (in `available` or as a dot path in `first`); else the
 * format's defaults, where the first record has them (tokens only when prices are given).
 */
export function withAmountColumns(
  columns: ResultsColumns,
  options: ResolvedResultsReadOptions,
  available: readonly string[],
  first: Record<string, unknown> | undefined,
  defaults: AmountDefaults = {},
): ResultsColumns {
  const has = (name: string) => available.includes(name) || (first !== undefined && hasField(first, name));
  const need = (name: string, flag: string) => {
    if (!has(name)) throw new InputError(flag, `must name a column the input has; columns: ${listNames(available)}`, name);
    return name;
  };
  if (options.costColumn !== undefined) columns.cost = need(options.costColumn, '--cost-col');
  else if (options.tokensColumns.length > 0) {
    columns.tokens = options.tokensColumns.map((name) => need(name, '--tokens-col')) as [string] | [string, string];
  } else if (defaults.cost !== undefined && has(defaults.cost)) columns.cost = defaults.cost;
  else if (defaults.tokens !== undefined && options.priceIn > 0 && defaults.tokens.every(has)) columns.tokens = defaults.tokens;
  if (options.latencyColumn !== undefined) columns.latency = need(options.latencyColumn, '--latency-col');
  else if (defaults.latency !== undefined && has(defaults.latency)) columns.latency = defaults.latency;
  return columns;
}
