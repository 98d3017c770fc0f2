import { requireCounts } from '../checks.js';
import { InputError } from '../errors.js';
import { requireKs, requireList, requireTaskSet } from '../checkArgs.js';
import { binomialRatio, oneMinusBinomialRatio } from './binomialRatio.js';
import { pluginValues } from './plugin.js';
import { meanAndSe, type MeanAndSe } from '../math/meanAndSe.js';

/** Observed data of one task: n recorded attempts, c of them correct. */
export interface TaskTrials {
  readonly n: number;
  readonly c: number;
}

/** One k of `averageOverTasks`: the task-averaged unbiased pass@k and pass^k with their standard errors, over the tasks with n ≥ k. */
export interface TaskAverageRow {
  readonly k: number;
  /** Tasks with n ≥ k, over which this row averages. */
  readonly estimableTasks: number;
  /** Tasks with n < k: pass@k and pass^k are not estimable from their trials. */
  readonly notEstimableTasks: number;
  /** Unbiased estimates averaged over estimable tasks; null when none is estimable. */
  readonly passAtK: MeanAndSe | null;
  readonly passHatK: MeanAndSe | null;
  /** Plug-in 1 − (1 − c/n)^k and (c/n)^k over the same tasks (biased; shown for contrast). */
  readonly plugin: { readonly passAtK: number; readonly passHatK: number } | null;
}

/**
 * Benchmark-level pass@k and pass^k: the unbiased estimate of each task, then the average over
 * tasks (never pooled first: docs/design.md §4; seeds, "Agent A / Agent B"). Tasks may have different n;
 * at each k only tasks with n ≥ k enter, and the others are counted as not estimable.
 *
 * Standard error: SE = sd_t(θ̂_t)/√T over the estimable tasks. Each θ̂_t carries both layers of
 * variation (which tasks, and which trials within a task), so this is the clustered standard
 * error of the mean for tasks sampled from a population (Miller 2024, "Adding Error Bars to
 * Evals", arXiv:2411.00640, §2–3).
 * Example (seeds): c = 5, 5, 4, 3, 3 of n = 8 → pass@4 = 0.969, pass^4 = 0.031.
 */
export function averageOverTasks(tasks: TaskSet, ks: readonly number[]): TaskAverageRow[] {
  requireTaskSet('tasks', tasks);
  if (taskCountOf(tasks) === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  const groups = groupsOf(tasks);
  requireKs('ks', ks);
  return averageOverGroups(groups, taskCountOf(tasks), ks);
}

/**
 * The tasks an estimator reads: one (n, c) per task, or the same already grouped by
 * `groupTaskCounts` (what `passk estimate FILE` passes: the groups are made once for all k and
 * every estimator, with no object per task).
 */
export type TaskSet = readonly TaskTrials[] | TaskCountGroups;

/** Tasks grouped by their (n, c), made by `groupTaskCounts`. */
export interface TaskCountGroups {
  /** The distinct (n, c) pairs in order of first appearance, as `countGroups` gives them; never changed by the estimators. */
  readonly groups: readonly CountGroup[];
  readonly taskCount: number;
}

/**
 * The tasks with n[i] trials and c[i] successes, i = 0..T − 1, grouped by (n, c) in order of first
 * appearance: the same groups, in the same order, as `countGroups` of the tasks { n[i], c[i] }, so
 * every estimate is the same to the bit. Validates every task (where = `tasks[i]`); n and c of equal
 * length, at least one task. Memory: one small array per distinct n up to 1024, else a Map entry per
 * distinct pair.
 * Example: n = [8, 8, 8], c = [5, 3, 5] → groups (8, 5)×2, (8, 3)×1 over 3 tasks.
 */
export function groupTaskCounts(n: readonly number[], c: readonly number[]): TaskCountGroups {
  requireList('n', n);
  requireList('c', c);
  if (n.length !== c.length) throw new InputError('c', `must have one count per task (${n.length})`, c.length);
  if (n.length === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  return { groups: groupPairs(n, c), taskCount: n.length };
}

/** The groups of the tasks (n[i], c[i]) in order of first appearance (`groupTaskCounts`, `countGroups`); each task validated. */
function groupPairs(n: readonly number[], c: readonly number[]): CountGroup[] {
  const groups: CountGroup[] = [];
  // Per number of trials up to DENSE_TRIALS_LIMIT, the group index + 1 of each c (0: none yet).
  const byTrials: (Int32Array | undefined)[] = [];
  const byPair = new Map<number | string, CountGroup>();
  for (let i = 0; i < n.length; i++) {
    const trials = n[i]!;
    const successes = c[i]!;
    // The checks of requireCounts, inline: it runs (and throws its error) only for a bad task.
    if (
      !(Number.isInteger(trials) && Number.isInteger(successes) && trials >= 0 && successes >= 0 && successes <= trials && trials <= Number.MAX_SAFE_INTEGER)
    ) {
      requireCounts(trials, successes, `tasks[${i}]`);
    }
    if (trials <= DENSE_TRIALS_LIMIT) {
      let slots = byTrials[trials];
      if (slots === undefined) {
        slots = new Int32Array(trials + 1);
        byTrials[trials] = slots;
      }
      const at = slots[successes]!;
      if (at > 0) groups[at - 1]!.size++;
      else {
        groups.push({ n: trials, c: successes, size: 1 });
        slots[successes] = groups.length;
      }
      continue;
    }
    // n·2^32 + c is exact and unique while n < 2^21; larger n use a text key.
    const key = trials < 2_097_152 ? trials * 4_294_967_296 + successes : `${trials},${successes}`;
    const group = byPair.get(key);
    if (group) group.size++;
    else {
      const added = { n: trials, c: successes, size: 1 };
      byPair.set(key, added);
      groups.push(added);
    }
  }
  return groups;
}

/** Tasks with more trials than this are grouped through a Map (no array of n + 1 slots: at most 4 KiB each below it). */
const DENSE_TRIALS_LIMIT = 1024;

/**
 * The groups of a `TaskSet` (each task validated, as `countGroups` does; for groups, their sizes
 * add up to taskCount). No task gives no group: callers check that (`taskCountOf`) in their order.
 */
export function groupsOf(tasks: TaskSet): readonly CountGroup[] {
  if (Array.isArray(tasks)) return countGroups(tasks as readonly TaskTrials[]);
  const { groups, taskCount } = tasks as TaskCountGroups;
  if (groups.reduce((sum, group) => sum + group.size, 0) !== taskCount) {
    throw new InputError('tasks.taskCount', 'must be the number of tasks in the groups (use groupTaskCounts)', taskCount);
  }
  return groups;
}

/** How many tasks a `TaskSet` has. */
export function taskCountOf(tasks: TaskSet): number {
  return Array.isArray(tasks) ? tasks.length : (tasks as TaskCountGroups).taskCount;
}

/** Tasks with the same (n, c) have the same estimates: each distinct pair is computed once. */
export interface CountGroup {
  readonly n: number;
  readonly c: number;
  size: number;
}

/**
 * The distinct (n, c) pairs of `tasks` in order of first appearance, with how many tasks have each
 * (internal; shared with the bootstrap). Validates every task (requireCounts, where = `tasks[i]`).
 */
export function countGroups(tasks: readonly TaskTrials[]): CountGroup[] {
  return groupPairs(
    tasks.map((task) => task.n),
    tasks.map((task) => task.c),
  );
}

/** `averageOverTasks` from the groups of `countGroups` over `taskCount` tasks (ks already checked; internal). */
export function averageOverGroups(groups: readonly CountGroup[], taskCount: number, ks: readonly number[]): TaskAverageRow[] {
  return ks.map((k) => averageAtK(groups, taskCount, k));
}

function averageAtK(groups: readonly CountGroup[], taskCount: number, k: number): TaskAverageRow {
  const at: WeightedValue[] = [];
  const hat: WeightedValue[] = [];
  let pluginAt = 0;
  let pluginHat = 0;
  let count = 0;
  for (const { n, c, size } of groups) {
    if (n < k) continue;
    at.push({ value: oneMinusBinomialRatio(n, n - c, k), weight: size });
    hat.push({ value: binomialRatio(n, c, k), weight: size });
    const plugin = pluginValues(n, c, k);
    pluginAt += size * plugin.passAtK;
    pluginHat += size * plugin.passHatK;
    count += size;
  }
  return {
    k,
    estimableTasks: count,
    notEstimableTasks: taskCount - count,
    passAtK: meanWithSe(at, count),
    passHatK: meanWithSe(hat, count),
    plugin: count === 0 ? null : { passAtK: pluginAt / count, passHatK: pluginHat / count },
  };
}

interface WeightedValue {
  readonly value: number;
  /** How many tasks have this value. */
  readonly weight: number;
}

/** The mean over `count` tasks given as (value, number of tasks) pairs, with its SE (`meanAndSe`); null when empty. */
function meanWithSe(values: readonly WeightedValue[], count: number): MeanAndSe | null {
  if (count === 0) return null;
  return meanAndSe(
    values.map((v) => v.value),
    values.map((v) => v.weight),
  );
}
