import type { ResultDocument } from '../results/resultSchemas.js';

/** A result document the CLI wrote (`--json`), checked against the schema of its kind. */
export type PasskResult = ResultDocument;

/** One result for the report and where it came from (a file name, or a label such as "demo"). */
export interface ReportInput {
  readonly source: string;
  readonly result: PasskResult;
}
