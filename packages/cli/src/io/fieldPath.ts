/**
 * A field of a JSON record named by a column option: the key itself when the record has it (so a
 * CSV header or JSON key with a dot in it still works), else a dot path into nested objects and
 * arrays: `scores.match.value`, `sample.id`, `metrics.0`. Returns undefined when a step is missing.
 */
export function fieldAt(record: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  if (!path.includes('.')) return undefined;
  let value: unknown = record;
  for (const step of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** True when `fieldAt(record, path)` finds the field (its value may be null). */
export function hasField(record: Record<string, unknown>, path: string): boolean {
  return fieldAt(record, path) !== undefined;
}

/** A field's value as text for matching (`--where`) and grouping (`--by`): strings as they are, numbers and booleans as JSON writes them. */
export function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  return undefined;
}
