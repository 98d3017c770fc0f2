import { InputError } from '@passk/sim/errors';
import { fieldAt, fieldText } from './fieldPath.js';

/** One `--where COLUMN=VALUE`: rows whose field `column` (a dot path in JSON) reads as `value` are kept. */
export interface RowCondition {
  readonly column: string;
  readonly value: string;
  /** What the rows read showed of the column: whether one had it, and the columns of the first row without it (for `unknownColumnError`). */
  readonly sighting: { found: boolean; columns: readonly string[] | undefined };
}

/**
 * Parses `--where` texts (`model=gpt-4o`, `config.temperature=0.2`): the column is everything before
 * the first `=`; the value the rest, compared as text (numbers as JSON writes them, e.g. `0.2`, `true`).
 */
export function parseRowConditions(texts: readonly string[] | undefined, where = '--where'): RowCondition[] {
  return (texts ?? []).map((text) => {
    const at = typeof text === 'string' ? text.indexOf('=') : -1;
    if (at <= 0) throw new InputError(where, 'must be COLUMN=VALUE (e.g. model=gpt-4o)', text);
    return { column: text.slice(0, at), value: text.slice(at + 1), sighting: { found: false, columns: undefined } };
  });
}

/** True when the record meets every condition (a row without the field does not; each condition notes whether its column was seen). */
export function meetsConditions(record: Record<string, unknown>, conditions: readonly RowCondition[]): boolean {
  let meets = true;
  for (const { column, value, sighting } of conditions) {
    const field = fieldAt(record, column);
    if (field === undefined) sighting.columns ??= Object.keys(record);
    else sighting.found = true;
    if (fieldText(field) !== value) meets = false;
  }
  return meets;
}

/**
 * When no row met the conditions: the error naming a `--where` column no row read had, with the
 * columns a row did have (the first 20), in one line; undefined when every column was seen.
 */
export function unknownColumnError(where: string, conditions: readonly RowCondition[]): InputError | undefined {
  const unseen = conditions.find(({ sighting }) => !sighting.found && sighting.columns !== undefined);
  if (unseen === undefined) return undefined;
  const columns = unseen.sighting.columns!;
  const listed = `${columns
    .slice(0, 20)
    .map((column) => JSON.stringify(column))
    .join(', ')}${columns.length > 20 ? `, … ${columns.length - 20} more` : ''}`;
  return new InputError(where, `must have the column --where ${unseen.column}=${unseen.value} filters on, in some row (columns: ${listed})`, unseen.column);
}

/** `model=a, run=2` for messages. */
export function describeConditions(conditions: readonly RowCondition[]): string {
  return conditions.map(({ column, value }) => `${column}=${value}`).join(', ');
}
