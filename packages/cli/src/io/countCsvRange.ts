import { InputError } from '@passk/sim/errors';
import { DelimitedRowCounter } from './delimitedRowCounter.js';
import { DroppedRows, type DropReason } from './droppedRows.js';
import { FileWindow } from './fileWindow.js';
import type { ResultsColumns } from './resultsColumns.js';
import type { MissingPolicy, OnErrorPolicy } from './resultsReadOptions.js';
import { TaskCountsBuilder, type TaskCountsState } from './taskCountsBuilder.js';
import { TrialBudget } from './trialBudget.js';
import { TrialStop, type TrialCheck } from './trialCheck.js';
import { TaskTrials, type TrialBits } from './taskTrials.js';

/** The second part of a delimited file, from a line start to the end, to count apart (plain data: it crosses to a worker). */
export interface CsvRangeTask {
  file: string;
  /** File offset of the first row of the part (a line start that is a row start). */
  start: number;
  separator: number;
  header: string[];
  columns: ResultsColumns;
  threshold: number;
  onError: OnErrorPolicy;
  missing: MissingPolicy;
  chunkSize: number;
  /** True when the file has a trial column: (task, trial) pairs are checked within the part and returned as bitmaps. */
  checkTrials: boolean;
  /** The read's --max-trial-memory. */
  maxTrialMemory: number;
}

/**
 * What counting the part gave: its counts (tasks in their order of first appearance within the
 * part) and dropped rows, or its first bad row, with the line counted from 1 at the part's start
 * (the caller knows how many lines come before), the rule and the value; or `again` when the part
 * must be read on the calling thread after all: with a trial column, a repeated pair within the
 * part, trials of 1024 or more, or the trial budget spent (where and whether the error is, and its
 * first place, need the pairs of the rows before).
 */
export type CsvRangeResult =
  | { ok: true; state: TaskCountsState; reasons: Record<DropReason, number>; countedAsFailures: number; trials?: TrialBits }
  | { ok: false; line: number; rule: string; value: unknown }
  | { ok: 'again' };

/** No trial column in a split file: nothing to check. */
const NO_TRIALS: TrialCheck = { mark: () => true, markRange: () => -1 };

/**
 * Counts the rows of a delimited file from `task.start` to its end, as `readTaskCounts` would count
 * them after the rows before (same rules, same errors). Runs in a worker thread (csvRangeWorker.ts)
 * or, where no worker script is at hand, on the calling thread.
 */
export async function countCsvRange(task: CsvRangeTask): Promise<CsvRangeResult> {
  const window = await FileWindow.open(task.file, task.chunkSize, { start: task.start });
  try {
    const counts = new TaskCountsBuilder();
    const dropped = new DroppedRows(task.onError, task.missing);
    const trials = task.checkTrials ? new TaskTrials(new TrialBudget(task.maxTrialMemory)) : undefined;
    const rows = new DelimitedRowCounter({
      file: task.file,
      separator: task.separator,
      header: task.header,
      columns: task.columns,
      threshold: task.threshold,
      counts,
      dropped,
      trials: trials ?? NO_TRIALS,
      firstLine: 1,
    });
    let pos = 0;
    for (;;) {
      await window.refill(pos);
      pos = rows.scan(window.buf, 0, window.end, window.eof);
      if (window.eof) break;
    }
    const bits = trials?.exportBits();
    if (trials !== undefined && bits === undefined) return { ok: 'again' };
    return { ok: true, state: counts.exportState(), reasons: { ...dropped.reasons }, countedAsFailures: dropped.countedAsFailures, trials: bits };
  } catch (error) {
    if (error instanceof TrialStop) return { ok: 'again' };
    const prefix = `${task.file}:`;
    if (error instanceof InputError && error.where.startsWith(prefix)) {
      const line = Number(error.where.slice(prefix.length));
      if (Number.isInteger(line)) return { ok: false, line, rule: error.rule, value: error.value };
    }
    throw error;
  } finally {
    await window.close();
  }
}
