import type { FileWindow } from './fileWindow.js';
import type { ResultsColumns } from './resultsColumns.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';
import type { TaskCountsBuilder } from './taskCountsBuilder.js';

/** What a format reader gets: the open file, where its data starts, the options and the counts to add to. */
export interface ResultsFormatContext {
  /** The file, positioned at its first chunk(s); `start` is past any UTF-8 byte order mark. */
  readonly window: FileWindow;
  readonly start: number;
  readonly options: ResolvedResultsReadOptions;
  readonly counts: TaskCountsBuilder;
}

/**
 * One results-file format (CSV, JSON Lines, …). A reader streams the file through `window`,
 * calls `counts.add`/`counts.addId` once per attempt, throws InputError at `file:line` for bad
 * rows and at `file` for a missing column, and returns the columns it used. New formats (e.g. a
 * τ-bench JSON array) are new files with one of these, listed in `resultsFormats.ts`.
 */
export interface ResultsFormat {
  /** Name reported in `TaskCounts.format` and accepted by the `format` option. */
  readonly name: string;
  /** Lower-case file extensions, with the dot, that select this format under `format: 'auto'`. */
  readonly extensions: readonly string[];
  /** Content test for files whose extension is unknown: `head` starts at the first non-blank byte. */
  sniff(head: Uint8Array): boolean;
  read(context: ResultsFormatContext): Promise<ResultsColumns>;
}
