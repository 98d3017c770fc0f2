import { InputError } from '@passk/sim/errors';
import { fieldAt, fieldText } from './fieldPath.js';

/**
 * Columns whose several values in one read mean several systems were mixed: a pass@k over them
 * describes none of them. `estimate` and `fit` refuse such input unless it is split (`--by`) or
 * filtered (`--where`).
 */
export const SYSTEM_COLUMNS: readonly string[] = ['model', 'agent', 'run', 'system', 'config'];

/** Values kept per column (beyond this, a column is known to be mixed and only counted). */
const MAX_KEPT = 50;
const MAX_LISTED = 6;

/** The distinct values seen per guarded column, in order of first appearance. */
export class DistinctValues {
  private readonly seen = new Map<string, Set<string>>();

  constructor(columns: readonly string[]) {
    for (const column of columns) this.seen.set(column, new Set());
  }

  /** Guards one more column (a format's own, e.g. lm-eval's `filter`), unless it is fixed by `--where` or split by `--by`. */
  add(column: string, fixed: readonly string[] = []): void {
    if (!this.seen.has(column) && !fixed.includes(column)) this.seen.set(column, new Set());
  }

  /** The guarded columns a record has (a reader notes only these on its following records, as a CSV header fixes them). */
  columnsIn(record: Record<string, unknown>): string[] {
    return [...this.seen.keys()].filter((column) => fieldAt(record, column) !== undefined);
  }

  /** Notes the record's values of `columns` (from `columnsIn`; default: every guarded column). */
  note(record: Record<string, unknown>, columns: readonly string[] = [...this.seen.keys()]): void {
    for (const column of columns) {
      const set = this.seen.get(column)!;
      const value = fieldAt(record, column);
      if (value === undefined) continue;
      const text = fieldText(value) ?? JSON.stringify(value);
      if (set.size < MAX_KEPT) set.add(text);
    }
  }

  /** The first column with more than one value, with its values; undefined when none. */
  mixed(): { column: string; values: string[] } | undefined {
    for (const [column, values] of this.seen) if (values.size > 1) return { column, values: [...values] };
    return undefined;
  }

  /** Throws the refusal when a guarded column holds several values. `where` names the input(s). */
  check(where: string): void {
    const mixed = this.mixed();
    if (mixed === undefined) return;
    const { column, values } = mixed;
    const shown = values.slice(0, MAX_LISTED).map((value) => JSON.stringify(value));
    if (values.length > MAX_LISTED) shown.push(`… ${values.length >= MAX_KEPT ? `${MAX_KEPT}+` : values.length} in all`);
    throw new InputError(
      where,
      `must hold the results of one system, but column ${JSON.stringify(column)} has ${values.length >= MAX_KEPT ? `${MAX_KEPT}+` : values.length} values (${shown.join(', ')}); ` +
        `read one with --where ${column}=${values[0]}, or one estimate per value with --by ${column} (passk compare compares them)`,
    );
  }
}
