import type { TaskPair } from './matchTasks.js';
import type { TaskId } from './runTasks.js';

/**
 * How one task moved: `fixed` broken in A (c = 0) and solid in B (c = n), `regressed` the reverse,
 * `improved` / `worsened` a higher / lower success rate c/n otherwise, `unchanged` the same rate.
 */
export type TaskChangeKind = 'fixed' | 'regressed' | 'improved' | 'worsened' | 'unchanged';

/** One common task of two runs: its counts in each run, the change of its rate and its class. */
export interface TaskChange {
  readonly task: TaskId;
  readonly baseline: { readonly n: number; readonly c: number };
  readonly candidate: { readonly n: number; readonly c: number };
  /** c_B/n_B − c_A/n_A (null when a side has n = 0). */
  readonly change: number | null;
  readonly kind: TaskChangeKind;
}

/** The common tasks of two runs, each classed by how its rate changed, with the count of each class. */
export interface TaskChanges {
  /** Every common task, in the baseline's order. */
  readonly tasks: readonly TaskChange[];
  /** How many tasks of each kind. */
  readonly counts: Readonly<Record<TaskChangeKind, number>>;
  /** The ids of the flips: broken → solid (fixed) and solid → broken (regressed). */
  readonly fixed: readonly TaskId[];
  readonly regressed: readonly TaskId[];
  /** The largest changes of success rate either way (at most `largest` tasks, biggest |change| first; ties in task order). */
  readonly largest: readonly TaskChange[];
}

/** The per-task view of a comparison: where B is better or worse than A, task by task. */
export function taskChanges(pairs: readonly TaskPair[], largest = 10): TaskChanges {
  const tasks = pairs.map(({ id, a, b }): TaskChange => {
    const change = a.n > 0 && b.n > 0 ? b.c / b.n - a.c / a.n : null;
    return { task: id, baseline: { n: a.n, c: a.c }, candidate: { n: b.n, c: b.c }, change, kind: kindOf(a, b, change) };
  });
  const counts = { fixed: 0, regressed: 0, improved: 0, worsened: 0, unchanged: 0 };
  for (const task of tasks) counts[task.kind]++;
  const ranked = tasks
    .map((task, i) => ({ task, i }))
    .filter(({ task }) => task.change !== null && task.change !== 0)
    .sort((x, y) => Math.abs(y.task.change!) - Math.abs(x.task.change!) || x.i - y.i)
    .slice(0, largest)
    .map(({ task }) => task);
  return {
    tasks,
    counts,
    fixed: tasks.filter((t) => t.kind === 'fixed').map((t) => t.task),
    regressed: tasks.filter((t) => t.kind === 'regressed').map((t) => t.task),
    largest: ranked,
  };
}

function kindOf(a: { n: number; c: number }, b: { n: number; c: number }, change: number | null): TaskChangeKind {
  if (change === null) return 'unchanged';
  if (a.c === 0 && b.c === b.n) return 'fixed';
  if (a.c === a.n && b.c === 0) return 'regressed';
  return change > 0 ? 'improved' : change < 0 ? 'worsened' : 'unchanged';
}
