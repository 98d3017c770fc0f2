import type { DroppedRows } from './droppedRows.js';
import type { FileWindow } from './fileWindow.js';
import type { ReadState } from './readState.js';
import type { ResultsColumns } from './resultsColumns.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';
import type { TaskCountsBuilder } from './taskCountsBuilder.js';
import type { TrialCheck } from './trialCheck.js';

/** What a format reader gets: the open file, where its data starts, the options and what to add to. */
export interface ResultsFormatContext {
  /** The file, positioned at its first chunk(s); `start` is past any UTF-8 byte order mark. */
  readonly window: FileWindow;
  readonly start: number;
  readonly options: ResolvedResultsReadOptions;
  readonly counts: TaskCountsBuilder;
  /** The error policy: rows with a missing outcome or marked as errors go here (or fail). */
  readonly dropped: DroppedRows;
  /** Checks (task, trial) pairs of counted rows when the reader uses a trial column. */
  readonly trials: TrialCheck;
  /** Shared by the whole read (all inputs): conditions, groups, system columns, costs, trial ids. */
  readonly state: ReadState;
  /** True on the second pass that looks for the first row of a duplicate pair: read on one thread. */
  readonly probing: boolean;
}

/** What a reader reports: the format it read (e.g. `humaneval` found by a JSON Lines reader) and the columns used. */
export interface ResultsFormatOutcome {
  format: string;
  columns: ResultsColumns;
}

/**
 * One results-file format (CSV, JSON Lines, τ-bench JSON, …). A reader streams the file through
 * `window`; per row it applies `dropped` (missing outcome, error rows), counts the rest with
 * `counts.add`/`addId` (and `touch`es the task of a dropped row), marks (task, trial) in `trials`
 * when it reads a trial column, throwing `TrialStop` when `mark` returns false (`markRange` a trial); it throws
 * InputError at `file:line` for bad rows and at `file` for a missing column. New formats are new
 * files with one of these, listed in `resultsFormats.ts`.
 */
export interface ResultsFormat {
  /** Name reported in `TaskCounts.format` and accepted by the `format` option. */
  readonly name: string;
  /** Lower-case file extensions, with the dot, that select this format under `format: 'auto'`. */
  readonly extensions: readonly string[];
  /** Content test for files whose extension is unknown: `head` starts at the first non-blank byte. */
  sniff(head: Uint8Array): boolean;
  read(context: ResultsFormatContext): Promise<ResultsFormatOutcome>;
}
