import { InputError } from '@passk/sim';

/** The result-file formats `readTaskCounts` understands; `auto` picks one by extension, then by content. */
export type ResultsFormatName = 'auto' | 'csv' | 'tsv' | 'jsonl';

/** How to read a per-attempt results file (one row per attempt). */
export interface ResultsReadOptions {
  /** File format; default `auto` (by extension .csv/.tsv/.jsonl/.ndjson, else by the first non-blank character). */
  format?: ResultsFormatName;
  /** Column naming the task; default: the first of `task_id`, `task`, `problem_id` present. */
  taskColumn?: string;
  /** Column holding 1/0, true/false or 1.0/0.0; default: the first of `success`, `passed`, `correct`, `pass` present. */
  successColumn?: string;
  /** Column holding a numeric reward; an attempt succeeds when reward ≥ `threshold`. Excludes `successColumn`. */
  rewardColumn?: string;
  /** Success threshold for `rewardColumn` (default 1); ignored without `rewardColumn`. */
  threshold?: number;
  /** Column numbering the attempts of a task. Not needed for counting; when named it must exist. */
  trialColumn?: string;
  /** Bytes per read (default 1 MiB). Tiny values are for tests of rows split across reads. */
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
  readonly chunkSize: number;
}

const FORMATS: readonly ResultsFormatName[] = ['auto', 'csv', 'tsv', 'jsonl'];
const DEFAULT_CHUNK_SIZE = 1 << 20;
const MAX_CHUNK_SIZE = 1 << 30;

function optionalColumn(where: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new InputError(where, 'must be a non-empty column name', value);
  return value;
}

// Same rule as requireInteger in @passk/sim's checks.ts, which the package index does not export.
function chunkSize(value: unknown): number {
  const size = value ?? DEFAULT_CHUNK_SIZE;
  if (typeof size !== 'number' || !Number.isInteger(size) || !(size >= 1 && size <= MAX_CHUNK_SIZE)) {
    throw new InputError('chunkSize', `must be an integer in 1..${MAX_CHUNK_SIZE}`, size);
  }
  return size;
}

/** Validates the options (throwing InputError with where = the option name) and fills in defaults. */
export function resolveResultsReadOptions(options: ResultsReadOptions = {}): ResolvedResultsReadOptions {
  const format = options.format ?? 'auto';
  if (!FORMATS.includes(format)) throw new InputError('format', `must be one of ${FORMATS.join(', ')}`, format);
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
    chunkSize: chunkSize(options.chunkSize),
  };
}
