import { amountFrom, MAX_PRICE, PRICE_RULE } from './amountValue.js';
import { InputError } from '@passk/sim/errors';
import { SYSTEM_COLUMNS } from './distinctValues.js';
import { parseRowConditions, type RowCondition } from './rowConditions.js';

/** The result-file formats `readTaskCounts` reads by name; `auto` picks one by extension, then by content. */
export const RESULTS_FORMAT_NAMES = [
  'auto',
  'csv',
  'tsv',
  'jsonl',
  'json',
  'humaneval',
  'tau-bench',
  'tau2-bench',
  'terminal-bench',
  'inspect',
  'cruxeval',
  'task-outcomes',
  'lm-eval',
  'livecodebench',
  'evalplus',
  'bigcodebench',
  'aider',
  'ldb',
] as const;
export type ResultsFormatName = (typeof RESULTS_FORMAT_NAMES)[number];

/** What to do with a row whose outcome is missing or that is marked as an error (see `ResultsReadOptions.onError`). */
export const ON_ERROR_POLICIES = ['drop', 'fail'] as const;
export type OnErrorPolicy = (typeof ON_ERROR_POLICIES)[number];

/** What to do with a row that has no outcome (null, empty, absent: timeouts, agent errors): count it as a failure, drop it, or stop. */
export const MISSING_POLICIES = ['fail', 'drop', 'error'] as const;
export type MissingPolicy = (typeof MISSING_POLICIES)[number];

/** How to read a per-attempt results file (one row per attempt). */
export interface ResultsReadOptions {
  /**
   * File format; default `auto`: by extension (.csv, .tsv/.tab, .jsonl/.ndjson), else by the first
   * non-blank character (`[`: τ-bench JSON array, `{`: JSON Lines, a tab-only header: TSV, else CSV).
   * JSON Lines whose first object has `task_id` and `passed` (and no other columns named) are
   * reported as `humaneval`.
   */
  format?: ResultsFormatName;
  /** Column naming the task; default: the first of `task_id`, `task`, `problem_id` present (τ-bench: `task_id`). */
  taskColumn?: string;
  /** Column holding 1/0, true/false or 1.0/0.0; default: the first of `success`, `passed`, `correct`, `pass` present. */
  successColumn?: string;
  /** Column holding a numeric reward; an attempt succeeds when reward ≥ `threshold`. Excludes `successColumn`. */
  rewardColumn?: string;
  /** Success threshold for `rewardColumn` (default 1); ignored without `rewardColumn` and by the τ-bench format. */
  threshold?: number | string;
  /**
   * Column numbering the attempts of a task (an integer ≥ 0; `3.0` is read as 3). When given (τ-bench:
   * `trial` by default, when the first record has it), a repeated (task, trial) pair among the counted
   * rows is an error naming both lines.
   */
  trialColumn?: string;
  /**
   * Rows whose outcome is missing (empty field, JSON null or absent key) or that are marked as an error
   * or infrastructure failure — an `error` column/key whose value is not empty, null, false, 0 or
   * none; a `status` column/key equal (any case) to error, infra_error or timeout; in τ-bench records
   * an `info.error` that is set — are dropped and counted by reason (`drop`, default), or are an
   * error at their line (`fail`). Malformed rows are errors either way.
   */
  onError?: OnErrorPolicy;
  /**
   * Rows without an outcome (empty field, JSON null, absent key; Terminal-Bench's `is_resolved: null`
   * for timeouts and agent errors): `fail` counts them as failed attempts, `drop` leaves them out
   * (counted), `error` stops at the first. Default: the source harness's own rule — `fail` for
   * Terminal-Bench, τ-bench and τ²-bench, `drop` for generic CSV/JSON.
   */
  missing?: MissingPolicy;
  /** `COLUMN=VALUE` conditions (dot paths in JSON): only rows meeting all of them are read. */
  where?: readonly string[];
  /**
   * Column (dot path in JSON) whose values split the rows into groups, read as separate systems. The
   * system columns may then differ from group to group, but each must hold one value within a group.
   */
  by?: string;
  /**
   * Further columns (dot paths in JSON) whose values split each group of `by` (`passk verifier` splits
   * by its verdict column to count verdicts against the truth): a row's group is its `by` value and
   * theirs joined by `SPLIT_SEPARATOR`. A row without one of them is an error naming its `option`.
   */
  splitBy?: readonly SplitColumn[];
  /**
   * Columns that must hold one value in a read, or within each group of `by` (unless fixed by `where`):
   * by default `SYSTEM_COLUMNS` (model, agent, alias, run, system, config and what the harness readers
   * keep: model_name, agent_name, eval.task, eval.run_id, τ²-bench's info.… models and domain); these are added.
   */
  systemColumns?: readonly string[];
  /** Column (dot path) with the cost of each attempt (e.g. in dollars). */
  costColumn?: string;
  /** Columns with input and output tokens per attempt: `IN` or `IN,OUT`; cost = IN·priceIn + OUT·priceOut per million. */
  tokensColumns?: string;
  /** Price per million input tokens (with `tokensColumns`). */
  priceIn?: number | string;
  /** Price per million output tokens (with `tokensColumns`). */
  priceOut?: number | string;
  /** Column (dot path) with each attempt's duration in seconds. */
  latencyColumn?: string;
  /** inspect_ai: the scorer whose score is the outcome (default: the only one). */
  scorer?: string;
  /** inspect_ai: the key of a dict-valued score (e.g. "Problem Correctness"). */
  scoreKey?: string;
  /** Per-task summaries: `N,C` columns with trials and successes per task (one row per task). */
  countsColumns?: string;
  /** Per-task summaries: a column with each task's success rate c/n; needs `trialsPerTask`. */
  rateColumn?: string;
  /** The trials per task n behind `rateColumn` (c = rate·n must be a whole number). */
  trialsPerTask?: number | string;
  /**
   * Longest line (a CSV/TSV record, line breaks in quoted fields included; a JSON Lines line; one
   * record of a JSON array) in bytes, default 16 MiB: a reader never holds more than this plus its
   * read chunks, so fields and quoted fields are bounded by it too. A number or text like `64M`.
   */
  maxLineBytes?: number | string;
  /** Largest JSON document read whole (Terminal-Bench, τ²-bench, CRUXEval, inspect .json) and largest inflated entry of an .eval archive, default 64 MiB. */
  maxDocumentBytes?: number | string;
  /** Most bytes read from an input that is not a regular file (standard input, a pipe, a FIFO, a device), default 16 GiB: an endless stream is cut. */
  maxStreamBytes?: number | string;
  /** Seconds to wait for a writer to open a named pipe (FIFO) given as an input, default 30. */
  openTimeout?: number | string;
  /**
   * Most memory the (task, trial) check may hold, default 128 MiB: text trial ids and trial numbers
   * too scattered for a per-task bitmap are kept one by one; a read that needs more is refused.
   */
  maxTrialMemory?: number | string;
  /**
   * Column naming the episode an attempt belongs to (one task handled once by a retry loop): the
   * attempts of an episode are then kept in attempt order (`--attempt-col`, else the rows' order) for
   * the dependence of retries (io/episodeCollector.ts).
   */
  episodeColumn?: string;
  /**
   * Column with each attempt's index in its episode (integers, consecutive from 0 or 1). Without
   * `episodeColumn` it is the run order of separate runs (each row its own episode), for the drift test.
   */
  attemptColumn?: string;
  /** How episodes stop: every planned attempt runs (`fixed`) or an episode stops at its first success (`untilSuccess`); default: the format's, else inferred. */
  stopping?: 'fixed' | 'untilSuccess';
  /** Keep each task's trials in run order when several files each hold one run (one trial per task): the drift test's input. */
  keepRunOrder?: boolean;
  /** Bytes per read (default 4 MiB). Tiny values are for tests of rows split across reads. */
  chunkSize?: number;
}

/** `ResultsReadOptions` checked once, with defaults filled in where they do not depend on the file. */
export interface ResolvedResultsReadOptions {
  readonly format: ResultsFormatName;
  readonly taskColumn: string | undefined;
  readonly successColumn: string | undefined;
  readonly rewardColumn: string | undefined;
  readonly threshold: number;
  readonly trialColumn: string | undefined;
  readonly onError: OnErrorPolicy;
  /** undefined: the format's default. */
  readonly missing: MissingPolicy | undefined;
  readonly where: readonly RowCondition[];
  readonly by: string | undefined;
  readonly splitBy: readonly SplitColumn[];
  /** Columns that must hold one value (within each group of `by`): the system columns less `by` and the `where` columns. */
  readonly systemColumns: readonly string[];
  readonly costColumn: string | undefined;
  readonly tokensColumns: readonly string[];
  readonly priceIn: number;
  readonly priceOut: number;
  readonly latencyColumn: string | undefined;
  readonly scorer: string | undefined;
  readonly scoreKey: string | undefined;
  readonly countsColumns: readonly [string, string] | undefined;
  readonly rateColumn: string | undefined;
  readonly trialsPerTask: number | undefined;
  readonly maxLineBytes: number;
  readonly maxTrialMemory: number;
  readonly maxDocumentBytes: number;
  readonly maxStreamBytes: number;
  /** In milliseconds. */
  readonly openTimeoutMs: number;
  readonly episodeColumn: string | undefined;
  readonly attemptColumn: string | undefined;
  readonly stopping: 'fixed' | 'untilSuccess' | undefined;
  readonly keepRunOrder: boolean;
  readonly chunkSize: number;
}

const DEFAULT_CHUNK_SIZE = 1 << 22;
/** Defaults of the input limits (stated in the README, "Limits on what is read"). */
export const DEFAULT_MAX_LINE_BYTES = 16 * 2 ** 20;
/** 128 MiB: about 1.4 M text trial ids of 20 characters, or 3 M scattered trial numbers. */
export const DEFAULT_MAX_TRIAL_MEMORY = 128 * 2 ** 20;
export const DEFAULT_MAX_DOCUMENT_BYTES = 64 * 2 ** 20;
export const DEFAULT_MAX_STREAM_BYTES = 16 * 2 ** 30;
export const DEFAULT_OPEN_TIMEOUT_SECONDS = 30;
const SIZE_UNITS: Readonly<Record<string, number>> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/**
 * A size in bytes from an option: a whole number, optionally with K, M, G or T (powers of 1024,
 * `KiB`/`KB`/`K` alike); at least 1 KiB so that a header and a row always fit.
 */
export function byteSizeOption(where: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const text = String(value).trim();
  const match = /^(\d+)\s*([kmgt]?)(?:i?b)?$/i.exec(text);
  const bytes = match === null ? NaN : Number(match[1]) * SIZE_UNITS[match[2].toLowerCase()]!;
  if (!Number.isSafeInteger(bytes) || bytes < 1024) {
    throw new InputError(
      where,
      'must be a whole number of bytes ≥ 1024, optionally with K, M, G or T (powers of 1024), e.g. 64M',
      typeof value === 'string' ? value : String(value),
    );
  }
  return bytes;
}

/** Seconds (a number > 0, at most a day) from an option, in milliseconds. */
function secondsOption(where: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback * 1000;
  const seconds = typeof value === 'number' ? value : Number(String(value).trim() || NaN);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400)
    throw new InputError(where, 'must be a number of seconds > 0 and ≤ 86400', typeof value === 'string' ? value : String(value));
  return Math.ceil(seconds * 1000);
}
const MAX_CHUNK_SIZE = 1 << 30;

function optionalColumn(where: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new InputError(where, 'must be a non-empty column name', value);
  return value;
}

// Same rule as requireInteger in @passk/sim's checks.ts, which the package index does not export.
function integerOption(where: string, value: unknown, fallback: number, min: number, max: number): number {
  const given = numberOf(value ?? fallback);
  if (!Number.isInteger(given) || !(given >= min && given <= max)) {
    throw new InputError(where, `must be an integer in ${min}..${max}`, value ?? fallback);
  }
  return given;
}

/** `a` or `a,b`: between `min` and `max` non-empty column names. */
function columnList(where: string, value: unknown, min: number, max: number): string[] {
  const names = typeof value === 'string' ? value.split(',').map((name) => name.trim()) : [];
  if (names.length < min || names.length > max || names.some((name) => name === '')) {
    throw new InputError(
      where,
      max === 1 || min === max ? `must be ${min} comma-separated column names` : `must be ${min} to ${max} comma-separated column names`,
      value,
    );
  }
  return names;
}

/** A number from an option given as a number (library) or as typed (CLI: a string, shown as typed in errors); NaN when it is not one. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value);
}

/** A price per million tokens: as typed (decimal only: `0x10` is not 16) or a library number, in [0, 1e6] (io/amountValue.ts). */
function price(where: string, value: unknown): number {
  if (value === undefined) return 0;
  const number = amountFrom(value, MAX_PRICE);
  if (Number.isNaN(number)) throw new InputError(where, PRICE_RULE, value);
  return number;
}

function oneOf<T extends string>(where: string, value: unknown, choices: readonly T[]): T {
  if (!choices.includes(value as T)) throw new InputError(where, `must be one of ${choices.join(', ')}`, value);
  return value as T;
}

/**
 * Where the n behind per-task rates comes from, for the refusal of rates without it: a rate c/n
 * does not say n, and guessing it changes every interval (and pass@k for k > 1).
 */
export const RATE_N_SOURCES =
  "a rate c/n does not hold n, the number of samples the harness drew per task; it is in the run's sampling settings " +
  "(n_samples, num_samples_per_task, --n, repeats), or for eval-arena in the N column of the benchmark's model_table.csv";

/** A column that splits the groups further (`splitBy`), with the option that named it (for errors). */
export interface SplitColumn {
  readonly column: string;
  readonly option: string;
}

/** Joins a row's `by` value and its `splitBy` values into its group (`readResultGroups`' group names). */
export const SPLIT_SEPARATOR = '\u001e';

/** Validates the options (throwing InputError with where = the CLI option as typed, e.g. `--reward-col`) and fills in defaults. */
export function resolveResultsReadOptions(options: ResultsReadOptions = {}): ResolvedResultsReadOptions {
  const format = oneOf('--format', options.format ?? 'auto', RESULTS_FORMAT_NAMES);
  const successColumn = optionalColumn('--success-col', options.successColumn);
  const rewardColumn = optionalColumn('--reward-col', options.rewardColumn);
  if (successColumn !== undefined && rewardColumn !== undefined) {
    throw new InputError('--reward-col', 'cannot be combined with --success-col (choose one)', rewardColumn);
  }
  const threshold = numberOf(options.threshold ?? 1);
  if (!Number.isFinite(threshold)) throw new InputError('--threshold', 'must be a finite number', options.threshold);
  const where = parseRowConditions(options.where, '--where');
  const by = optionalColumn('--by', options.by);
  const fixed = new Set([...where.map((condition) => condition.column), ...(by === undefined ? [] : [by])]);
  const systemColumns = [...new Set([...SYSTEM_COLUMNS, ...(options.systemColumns ?? [])])].filter((column) => !fixed.has(column));
  const tokensColumns = options.tokensColumns === undefined ? [] : columnList('--tokens-col', options.tokensColumns, 1, 2);
  const priceIn = price('--price-in', options.priceIn);
  const priceOut = price('--price-out', options.priceOut);
  if (tokensColumns.length > 0 && options.priceIn === undefined) {
    throw new InputError('--price-in', 'must be given with --tokens-col (price per million input tokens)', options.priceIn);
  }
  if (tokensColumns.length === 2 && options.priceOut === undefined) {
    throw new InputError('--price-out', 'must be given with two --tokens-col columns (price per million output tokens)', options.priceOut);
  }
  const costColumn = optionalColumn('--cost-col', options.costColumn);
  if (costColumn !== undefined && tokensColumns.length > 0) {
    throw new InputError('--tokens-col', 'cannot be combined with --cost-col (choose one)', options.tokensColumns);
  }
  const countsColumns = options.countsColumns === undefined ? undefined : (columnList('--counts', options.countsColumns, 2, 2) as [string, string]);
  const rateColumn = optionalColumn('--rate-col', options.rateColumn);
  const trialsPerTask = options.trialsPerTask === undefined ? undefined : integerOption('--rate-n', options.trialsPerTask, 1, 1, 1_000_000_000);
  if (rateColumn !== undefined && trialsPerTask === undefined) {
    throw new InputError('--rate-col', `needs the trials per task behind the rates (--rate-n N): ${RATE_N_SOURCES}`, rateColumn);
  }
  if (trialsPerTask !== undefined && rateColumn === undefined) {
    throw new InputError(
      '--rate-n',
      'only works with --rate-col (the column of per-task rates it is the n of), and would be ignored without it',
      options.trialsPerTask,
    );
  }
  if (rateColumn !== undefined && countsColumns !== undefined) {
    throw new InputError('--rate-col', 'cannot be combined with --counts (choose one)', rateColumn);
  }
  const episodeColumn = optionalColumn('--episode-col', options.episodeColumn);
  const attemptColumn = optionalColumn('--attempt-col', options.attemptColumn);
  if ((episodeColumn !== undefined || attemptColumn !== undefined) && (countsColumns !== undefined || rateColumn !== undefined)) {
    throw new InputError(
      episodeColumn !== undefined ? '--episode-col' : '--attempt-col',
      'needs one row per attempt, not per-task summaries (--counts, --rate-col)',
      episodeColumn ?? attemptColumn,
    );
  }
  if ((episodeColumn !== undefined || attemptColumn !== undefined) && by !== undefined) {
    throw new InputError(episodeColumn !== undefined ? '--episode-col' : '--attempt-col', 'reads one system: choose it with --where, not --by', by);
  }
  const stopping = options.stopping === undefined ? undefined : oneOf('--stopping', options.stopping, ['fixed', 'untilSuccess'] as const);
  return {
    format,
    episodeColumn,
    attemptColumn,
    stopping,
    keepRunOrder: options.keepRunOrder === true,
    missing: options.missing === undefined ? undefined : oneOf('--missing', options.missing, MISSING_POLICIES),
    where,
    by,
    splitBy: (options.splitBy ?? []).map(({ column, option }) => ({ column: optionalColumn(option, column)!, option })),
    systemColumns,
    costColumn,
    tokensColumns,
    priceIn,
    priceOut,
    latencyColumn: optionalColumn('--latency-col', options.latencyColumn),
    scorer: optionalColumn('--scorer', options.scorer),
    scoreKey: optionalColumn('--score-key', options.scoreKey),
    countsColumns,
    rateColumn,
    trialsPerTask,
    taskColumn: optionalColumn('--task-col', options.taskColumn),
    successColumn,
    rewardColumn,
    threshold,
    trialColumn: optionalColumn('--trial-col', options.trialColumn),
    onError: oneOf('--on-error', options.onError ?? 'drop', ON_ERROR_POLICIES),
    maxLineBytes: byteSizeOption('--max-line-bytes', options.maxLineBytes, DEFAULT_MAX_LINE_BYTES),
    maxTrialMemory: byteSizeOption('--max-trial-memory', options.maxTrialMemory, DEFAULT_MAX_TRIAL_MEMORY),
    maxDocumentBytes: byteSizeOption('--max-document-bytes', options.maxDocumentBytes, DEFAULT_MAX_DOCUMENT_BYTES),
    maxStreamBytes: byteSizeOption('--max-stream-bytes', options.maxStreamBytes, DEFAULT_MAX_STREAM_BYTES),
    openTimeoutMs: secondsOption('--open-timeout', options.openTimeout, DEFAULT_OPEN_TIMEOUT_SECONDS),
    chunkSize: integerOption('chunkSize', options.chunkSize, DEFAULT_CHUNK_SIZE, 1, MAX_CHUNK_SIZE),
  };
}
