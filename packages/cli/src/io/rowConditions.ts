import { InputError } from '@passk/sim/errors';
import { fieldAt, fieldText } from './fieldPath.js';

/** One `--where COLUMN=VALUE`: rows whose field `column` (a dot path in JSON) reads as `value` are kept. */
export interface RowCondition {
  readonly column: string;
  readonly value: string;
}

/**
 * Parses `--where` texts (`model=gpt-4o`, `config.temperature=0.2`): the column is everything before
 * the first `=`; the value the rest, compared as text (numbers as JSON writes them, e.g. `0.2`, `true`).
 */
export function parseRowConditions(texts: readonly string[] | undefined, where = '--where'): RowCondition[] {
  return (texts ?? []).map((text) => {
    const at = typeof text === 'string' ? text.indexOf('=') : -1;
    if (at <= 0) throw new InputError(where, 'must be COLUMN=VALUE (e.g. model=gpt-4o)', text);
    return { column: text.slice(0, at), value: text.slice(at + 1) };
  });
}

/** True when the record meets every condition (a row without the field does not). */
export function meetsConditions(record: Record<string, unknown>, conditions: readonly RowCondition[]): boolean {
  for (const { column, value } of conditions) if (fieldText(fieldAt(record, column)) !== value) return false;
  return true;
}

/** `model=a, run=2` for messages. */
export function describeConditions(conditions: readonly RowCondition[]): string {
  return conditions.map(({ column, value }) => `${column}=${value}`).join(', ');
}
