import { InputError } from '@passk/sim/errors';

/** The result-file formats `readTaskCounts` reads by name; `auto` picks one by extension, then by content. */
export const RESULTS_FORMAT_NAMES = ['auto', 'csv', 'tsv', 'jsonl', 'humaneval', 'tau-bench'] as const;
export type ResultsFormatName = (typeof RESULTS_FORMAT_NAMES)[number];

/** What to do with a row whose outcome is missing or that is marked as an error (see `ResultsReadOptions.onError`). */
export const ON_ERROR_POLICIES = ['drop', 'fail'] as const;
export type OnErrorPolicy = (typeof ON_ERROR_POLICIES)[number];

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
  threshold?: number;
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
  /** Bytes per read (default 4 MiB). Tiny values are for tests of rows split across reads. */
  chunkSize?: number;
  /**
   * Threads for large CSV/TSV files without a trial column: 1 (default) reads on this thread; 2 lets
   * a worker thread count the second part of files of at least `parallelMinBytes` bytes. Off by
   * default: on the project's shared 2-core machines the split was not faster (the worker's start-up,
   * a second JIT warm-up and the merge cost about what the second core saves; numbers in csvFormat.ts).
   */
  threads?: number;
  /** Smallest file that `threads` splits (default 32 MiB). */
  parallelMinBytes?: number;
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
  readonly chunkSize: number;
  readonly threads: number;
  readonly parallelMinBytes: number;
}

const DEFAULT_CHUNK_SIZE = 1 << 22;
const MAX_CHUNK_SIZE = 1 << 30;
const DEFAULT_THREADS = 1;
const MAX_THREADS = 2;
const DEFAULT_PARALLEL_MIN_BYTES = 32 << 20;

function optionalColumn(where: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new InputError(where, 'must be a non-empty column name', value);
  return value;
}

// Same rule as requireInteger in @passk/sim's checks.ts, which the package index does not export.
function integerOption(where: string, value: unknown, fallback: number, min: number, max: number): number {
  const given = value ?? fallback;
  if (typeof given !== 'number' || !Number.isInteger(given) || !(given >= min && given <= max)) {
    throw new InputError(where, `must be an integer in ${min}..${max}`, given);
  }
  return given;
}

function oneOf<T extends string>(where: string, value: unknown, choices: readonly T[]): T {
  if (!choices.includes(value as T)) throw new InputError(where, `must be one of ${choices.join(', ')}`, value);
  return value as T;
}

/** Validates the options (throwing InputError with where = the option name) and fills in defaults. */
export function resolveResultsReadOptions(options: ResultsReadOptions = {}): ResolvedResultsReadOptions {
  const format = oneOf('format', options.format ?? 'auto', RESULTS_FORMAT_NAMES);
  const successColumn = optionalColumn('successColumn', options.successColumn);
  const rewardColumn = optionalColumn('rewardColumn', options.rewardColumn);
  if (successColumn !== undefined && rewardColumn !== undefined) {
    throw new InputError('rewardColumn', 'cannot be combined with successColumn (choose one)', rewardColumn);
  }
  const threshold = options.threshold ?? 1;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold)) {
    throw new InputError('threshold', 'must be a finite number', threshold);
  }
  return {
    format,
    taskColumn: optionalColumn('taskColumn', options.taskColumn),
    successColumn,
    rewardColumn,
    threshold,
    trialColumn: optionalColumn('trialColumn', options.trialColumn),
    onError: oneOf('onError', options.onError ?? 'drop', ON_ERROR_POLICIES),
    chunkSize: integerOption('chunkSize', options.chunkSize, DEFAULT_CHUNK_SIZE, 1, MAX_CHUNK_SIZE),
    threads: integerOption('threads', options.threads, DEFAULT_THREADS, 1, MAX_THREADS),
    parallelMinBytes: integerOption('parallelMinBytes', options.parallelMinBytes, DEFAULT_PARALLEL_MIN_BYTES, 1, Number.MAX_SAFE_INTEGER),
  };
}
