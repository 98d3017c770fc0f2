import { InputError } from '@passk/sim/errors';
import { fieldAt, fieldText } from './fieldPath.js';

/**
 * Columns that identify the system (agent, model, configuration) or the run a row belongs to: several
 * values of one of them in one read mean several systems were mixed, and a pass@k over them describes
 * none. `estimate`, `fit` and `compare` refuse such input unless it is split (`--by`) or filtered
 * (`--where`); split by `--by`, each of them may vary from group to group but not within one.
 * Besides the generic names, the fields the harness readers keep: inspect_ai's `eval.task` and
 * `eval.run_id` (its `model` is `model`), Terminal-Bench's `agent_name` and `model_name` (from
 * run_metadata.json; its `run_id` is not among them: several runs of one agent are its trials, as the
 * Terminal-Bench leaderboard counts them) and τ²-bench's agent and user models, agent and domain.
 */
export const SYSTEM_COLUMNS: readonly string[] = [
  'model',
  'agent',
  'alias',
  'run',
  'system',
  'config',
  'model_name',
  'agent_name',
  'eval.task',
  'eval.run_id',
  'info.agent_info.llm',
  'info.agent_info.implementation',
  'info.user_info.llm',
  'info.environment_info.domain_name',
];

/** Values kept per column and group (beyond this, the column is known to be mixed there and only counted). */
const MAX_KEPT = 50;
const MAX_LISTED = 6;

/** One column's values in one group: the one value seen, or (once a second came) the set of them. */
type Seen = string | Set<string>;

/**
 * The distinct values of the guarded (system) columns, per group of `by` (one group without it), in
 * order of first appearance: a guarded column may differ from group to group, not within one.
 */
export class DistinctValues {
  /** Column → group → its values there. */
  private readonly seen = new Map<string, Map<string, Seen>>();

  /** `by`: the column that splits the read into groups (`--by`), if any. */
  constructor(
    columns: readonly string[],
    private readonly by?: string,
  ) {
    for (const column of columns) this.seen.set(column, new Map());
  }

  /** Guards one more column (a format's own, e.g. lm-eval's `filter`), unless it is fixed by `--where` or split by `--by`. */
  add(column: string, fixed: readonly string[] = []): void {
    if (!this.seen.has(column) && !fixed.includes(column)) this.seen.set(column, new Map());
  }

  /** The guarded columns a record has (a reader notes only these on its following records, as a CSV header fixes them). */
  columnsIn(record: Record<string, unknown>): string[] {
    return [...this.seen.keys()].filter((column) => fieldAt(record, column) !== undefined);
  }

  /** Notes the record's values of `columns` (from `columnsIn`; default: every guarded column) in its group. */
  note(record: Record<string, unknown>, columns: readonly string[] = [...this.seen.keys()]): void {
    // A record without a group value stops at the --by check right after this; "" keeps it apart meanwhile.
    const group = this.by === undefined ? '' : (fieldText(fieldAt(record, this.by)) ?? '');
    for (const column of columns) {
      const groups = this.seen.get(column)!;
      const value = fieldAt(record, column);
      if (value === undefined) continue;
      const text = fieldText(value) ?? JSON.stringify(value);
      const seen = groups.get(group);
      if (seen === undefined) groups.set(group, text);
      else if (typeof seen === 'string') {
        if (seen !== text) groups.set(group, new Set([seen, text]));
      } else if (seen.size < MAX_KEPT) seen.add(text);
    }
  }

  /** The first guarded column with more than one value within a group: the column, the group and its values; undefined when none. */
  mixed(): { column: string; group: string; values: string[] } | undefined {
    for (const [column, groups] of this.seen) {
      for (const [group, seen] of groups) if (typeof seen !== 'string') return { column, group, values: [...seen] };
    }
    return undefined;
  }

  /**
   * Throws the refusal when a guarded column holds several values (within one group of `by`): one line
   * naming the column, its values (and the group), and the `--where` and `--by` that read them apart.
   * `where` names the input(s).
   */
  check(where: string): void {
    const mixed = this.mixed();
    if (mixed === undefined) return;
    const { column, group, values } = mixed;
    const count = values.length >= MAX_KEPT ? `${MAX_KEPT}+` : String(values.length);
    const shown = values.slice(0, MAX_LISTED).map((value) => JSON.stringify(value));
    if (values.length > MAX_LISTED) shown.push(`… ${count} in all`);
    if (this.by === undefined) {
      throw new InputError(
        where,
        `must hold the results of one system, but column ${JSON.stringify(column)} has ${count} values (${shown.join(', ')}); ` +
          `read one with --where ${column}=${values[0]}, or one estimate per value with --by ${column} (passk compare compares them)`,
      );
    }
    throw new InputError(
      where,
      `must hold one system per value of --by ${this.by}, but ${this.by}=${group} has ${count} values of column ${JSON.stringify(column)} (${shown.join(', ')}); ` +
        `split by that column (--by ${column}), or keep one value with --where ${column}=${values[0]}`,
    );
  }
}
