import type { ResultsColumns } from './resultsColumns.js';
import type { ResolvedResultsReadOptions } from './resultsReadOptions.js';

/** How a JSON Lines flavour picks its columns from the keys of the first object, and its name. */
export interface JsonLinesLayout {
  columns(first: Record<string, unknown>, options: ResolvedResultsReadOptions, file: string): ResultsColumns;
  /** The format name to report, given the columns chosen. */
  name(columns: ResultsColumns, options: ResolvedResultsReadOptions): string;
  /** Each record as the columns read it (a harness's fields derived into keys), `where` its place for errors; omitted: as it is. */
  record?(row: Record<string, unknown>, where: string): Record<string, unknown>;
}
