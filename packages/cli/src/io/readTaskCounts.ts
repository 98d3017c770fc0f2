import { InputError } from '@passk/sim/errors';
import { detectResultsFormat } from './detectResultsFormat.js';
import { DroppedRows, type DroppedSummary } from './droppedRows.js';
import { FileWindow } from './fileWindow.js';
import type { ResultsColumns } from './resultsColumns.js';
import { RESULTS_FORMATS } from './resultsFormats.js';
import { resolveResultsReadOptions, type ResolvedResultsReadOptions, type ResultsReadOptions } from './resultsReadOptions.js';
import { rowPlace, rowWhere } from './rowWhere.js';
import { TaskCountsBuilder } from './taskCountsBuilder.js';
import { TaskTrials } from './taskTrials.js';
import { TrialProbe, TrialStop, type TrialCheck } from './trialCheck.js';

/** Per-task trials n and successes c read from a results file; tasks in order of first appearance. */
export interface TaskCounts {
  taskIds: string[];
  /** Trials (attempts counted) per task, ≥ 1; tasks may differ. */
  n: number[];
  /** Successes per task, 0 ≤ c[t] ≤ n[t]. */
  c: number[];
  /** Data rows counted (= the sum of n); dropped rows are not among them. */
  rows: number;
  /** The format the file was read as: `csv`, `tsv`, `jsonl`, `humaneval` or `tau-bench`. */
  format: string;
  /** The columns used. */
  columns: ResultsColumns;
  /** Rows left out under the error policy (missing outcome, error rows), and tasks left with none. */
  dropped: DroppedSummary;
}

/** How far to read for content sniffing: up to the first line end, or this many bytes. */
const SNIFF_BYTES = 1 << 16;
const LF = 0x0a;

function isBlankByte(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;
}

/** What one pass over the file produced. */
interface Pass {
  format: string;
  columns: ResultsColumns;
  counts: TaskCountsBuilder;
  dropped: DroppedRows;
}

/** Reads the whole file once with the given trial check (throws TrialStop where the check says). */
async function readPass(path: string, options: ResolvedResultsReadOptions, trials: TrialCheck, probing: boolean, counts: TaskCountsBuilder): Promise<Pass> {
  const window = await FileWindow.open(path, options.chunkSize);
  try {
    // Read until the byte order mark is settled and, for sniffing, the first line (or 64 KiB) is in.
    await window.refill(0);
    let start = 0;
    let head = 0;
    for (;;) {
      const buf = window.buf;
      const end = window.end;
      if (end >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
      head = start;
      while (head < end && isBlankByte(buf[head])) head++;
      const bomSettled = end >= 3 || window.eof;
      const lineEnd = buf.indexOf(LF, head);
      const headSettled = lineEnd >= 0 && lineEnd < end;
      if (window.eof || (bomSettled && head < end && (headSettled || end - head >= SNIFF_BYTES))) break;
      await window.refill(0);
    }
    const format = detectResultsFormat(RESULTS_FORMATS, options.format, path, window.buf.subarray(head, window.end));
    const dropped = new DroppedRows(options.onError);
    const outcome = await format.read({ window, start, options, counts, dropped, trials, probing });
    return { ...outcome, counts, dropped };
  } finally {
    await window.close();
  }
}

/**
 * The InputError for a repeated (task, trial) pair found at `repeat`: a second pass over the file
 * finds the pair's first row (only its bitmaps were kept), so the message names both lines.
 */
async function duplicateError(path: string, options: ResolvedResultsReadOptions, repeat: TrialStop, id: string): Promise<InputError> {
  let first: TrialStop | undefined;
  try {
    await readPass(path, options, new TrialProbe(repeat.task, repeat.trial), true, new TaskCountsBuilder());
  } catch (error) {
    if (!(error instanceof TrialStop)) throw error;
    first = error;
  }
  const firstAt = first === undefined ? '' : ` (first at ${rowPlace(first.line, first.record)})`;
  return new InputError(rowWhere(path, repeat.line, repeat.record), `duplicate of task ${JSON.stringify(id)} trial ${repeat.trial}${firstAt}`);
}

/**
 * Streams a per-attempt results file (CSV, TSV, JSON Lines, human-eval results or a τ-bench JSON
 * array; one row per attempt) into per-task counts (n, c) without holding the file in memory.
 * Rows with a missing outcome or marked as errors are dropped and counted, or fail, by
 * `options.onError`. Throws InputError: where = `file:line` (1-based physical line; a multi-line
 * row reports its first line; a JSON array record adds `(record i)`) for a bad row or a repeated
 * (task, trial) pair, where = `file` for a missing file, a missing column or a file without counted
 * rows; where = the option name for a bad option.
 */
export async function readTaskCounts(path: string, options: ResultsReadOptions = {}): Promise<TaskCounts> {
  const resolved = resolveResultsReadOptions(options);
  const counts = new TaskCountsBuilder();
  let pass: Pass;
  try {
    pass = await readPass(path, resolved, new TaskTrials(), false, counts);
  } catch (error) {
    if (!(error instanceof TrialStop)) throw error;
    throw await duplicateError(path, resolved, error, counts.idOf(error.task));
  }
  const { taskIds, n, c, rows, emptyTasks } = counts.result();
  const dropped = pass.dropped.summary(emptyTasks);
  if (rows === 0) {
    const why = dropped.count > 0 ? ` (${dropped.count} dropped: ${dropped.reasons.missing} without an outcome, ${dropped.reasons.error} marked as errors)` : '';
    throw new InputError(path, `must contain at least one result row${why}`);
  }
  return { taskIds, n, c, rows, format: pass.format, columns: pass.columns, dropped };
}
