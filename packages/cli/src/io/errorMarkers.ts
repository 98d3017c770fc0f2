/**
 * What marks a result row as an error or infrastructure failure (its outcome says nothing about the
 * agent): the rule `--on-error` applies to. Kept small and fixed so that it can be documented:
 * - an `error` column/key whose value is set: anything but empty, null, false, 0 or none (any case);
 * - a `status` column/key whose value is error, infra_error or timeout (any case, spaces trimmed);
 * - in τ-bench records, `info.error` set (τ-bench's run.py stores an exception there and scores the
 *   record as reward 0; passk drops it by default and counts it).
 */

/** The column or key whose set value marks an error row. */
export const ERROR_KEY = 'error';
/** The column or key whose value may name an error status. */
export const STATUS_KEY = 'status';
/** `status` values (lower case) that mark an error row. */
export const ERROR_STATUSES: readonly string[] = ['error', 'infra_error', 'timeout'];

const UNSET_TEXTS: readonly string[] = ['', '0', 'false', 'none', 'null'];

/** True when the text of an `error` field marks the row as an error: not empty, 0, false, none or null (any case). */
export function isErrorText(text: string): boolean {
  return !UNSET_TEXTS.includes(text.trim().toLowerCase());
}

/** True when the JSON value of an `error` key marks the record as an error: not absent, null, false, 0 or an unset text. */
export function isErrorJson(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return false;
  if (typeof value === 'string') return isErrorText(value);
  return true;
}

/** True when a `status` value (text or JSON string) is one of `ERROR_STATUSES`, in any case. */
export function isErrorStatus(value: unknown): boolean {
  return typeof value === 'string' && ERROR_STATUSES.includes(value.trim().toLowerCase());
}
