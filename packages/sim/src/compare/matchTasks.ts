import { requireCounts } from '../checks.js';
import { InputError } from '../errors.js';
import type { Run, RunTask, TaskId } from './runTasks.js';

/** One task present in both runs, with each run's counts. */
export interface TaskPair {
  readonly id: TaskId;
  readonly a: RunTask;
  readonly b: RunTask;
}

/** How the task sets of two runs line up. */
export interface TaskMatch {
  /** Tasks in both runs, in the baseline's order. */
  readonly pairs: readonly TaskPair[];
  /** Tasks of the baseline the candidate does not have, and the reverse (in each run's order). */
  readonly onlyInA: readonly TaskId[];
  readonly onlyInB: readonly TaskId[];
  /** Share of all tasks seen in either run that both ran: common / |A ∪ B|. */
  readonly overlap: number;
}

/**
 * Matches two runs' tasks by id. Checks every task's counts (where = `run: task id`), that no id
 * repeats within a run, that both runs name tasks with ids of one type (numbers or text: 7 and "7"
 * never match silently), and that the runs share at least one task.
 * Example: A = {x, y, z}, B = {y, z, w} → pairs y, z; onlyInA x; onlyInB w; overlap 2/4 = 0.5.
 */
export function matchTasks(a: Run, b: Run): TaskMatch {
  // The ids' types first: an id that is no string or number (an object, a cyclic one) is named as it is.
  const typeA = idType(a);
  const typeB = idType(b);
  const byIdA = indexTasks(a);
  const byIdB = indexTasks(b);
  if (typeA !== null && typeB !== null && typeA !== typeB) {
    throw new InputError(b.name, `task ids must be of the same type as in ${a.name} (${typeA}) to be matched, got ${typeB} ids such as`, b.tasks[0]!.id);
  }
  const pairs: TaskPair[] = [];
  const onlyInA: TaskId[] = [];
  for (const task of a.tasks) {
    const other = byIdB.get(task.id);
    if (other) pairs.push({ id: task.id, a: task, b: other });
    else onlyInA.push(task.id);
  }
  const onlyInB = b.tasks.filter((task) => !byIdA.has(task.id)).map((task) => task.id);
  if (pairs.length === 0) {
    throw new InputError(
      b.name,
      `has no tasks in common with ${a.name} (${a.tasks.length} tasks such as ${JSON.stringify(a.tasks[0]?.id)} against ${b.tasks.length} such as ${JSON.stringify(b.tasks[0]?.id)}); runs are matched by task id`,
    );
  }
  return { pairs, onlyInA, onlyInB, overlap: pairs.length / (pairs.length + onlyInA.length + onlyInB.length) };
}

function indexTasks(run: Run): Map<TaskId, RunTask> {
  if (run.tasks.length === 0) throw new InputError(run.name, 'must contain at least one task', 0);
  const byId = new Map<TaskId, RunTask>();
  for (const task of run.tasks) {
    requireCounts(task.n, task.c, `${run.name}: task ${JSON.stringify(task.id)}`);
    if (byId.has(task.id)) throw new InputError(run.name, 'must name each task once', task.id);
    byId.set(task.id, task);
  }
  return byId;
}

/** 'numbers' or 'text' when all ids of the run are of that type; a run mixing both is an error. */
function idType(run: Run): 'numbers' | 'text' | null {
  let type: 'numbers' | 'text' | null = null;
  for (const task of run.tasks) {
    const own = typeof task.id === 'number' ? 'numbers' : typeof task.id === 'string' ? 'text' : null;
    if (own === null) throw new InputError(`${run.name}: task id`, 'must be a string or a number', task.id);
    if (type !== null && own !== type) throw new InputError(`${run.name}: task id`, `must all be of one type (the first are ${type})`, task.id);
    type = own;
  }
  return type;
}
