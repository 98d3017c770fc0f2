import type { ResultKind } from '../format/resultKinds.js';

/** A result document the CLI wrote (`--json`), with `kind` naming what it is. */
export type PasskResult = { readonly kind: ResultKind } & Readonly<Record<string, unknown>>;

/** One result for the report and where it came from (a file name, or a label such as "demo"). */
export interface ReportInput {
  readonly source: string;
  readonly result: PasskResult;
}
