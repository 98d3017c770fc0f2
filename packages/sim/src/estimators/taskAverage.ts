import { requireCounts, requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { binomialRatio, oneMinusBinomialRatio } from './binomialRatio.js';
import { pluginValues } from './plugin.js';

/** Observed data of one task: n recorded attempts, c of them correct. */
export interface TaskTrials {
  readonly n: number;
  readonly c: number;
}

/** Mean and clustered standard error of per-task values (null when undefined). */
export interface TaskMean {
  readonly value: number;
  /** sd of the per-task values / √T; null with fewer than 2 tasks. */
  readonly se: number | null;
}

/** One k of `averageOverTasks`: the task-averaged unbiased pass@k and pass^k with their standard errors, over the tasks with n ≥ k. */
export interface TaskAverageRow {
  readonly k: number;
  /** Tasks with n ≥ k, over which this row averages. */
  readonly estimableTasks: number;
  /** Tasks with n < k: pass@k and pass^k are not estimable from their trials. */
  readonly notEstimableTasks: number;
  /** Unbiased estimates averaged over estimable tasks; null when none is estimable. */
  readonly passAtK: TaskMean | null;
  readonly passHatK: TaskMean | null;
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
export function averageOverTasks(tasks: readonly TaskTrials[], ks: readonly number[]): TaskAverageRow[] {
  if (tasks.length === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  const groups = countGroups(tasks);
  ks.forEach((k) => requireInteger('k', k, 1));
  return averageOverGroups(groups, tasks.length, ks);
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
  const byPair = new Map<number | string, CountGroup>();
  for (let i = 0; i < tasks.length; i++) {
    const { n, c } = tasks[i]!;
    // The checks of requireCounts, inline: it runs (and throws its error) only for a bad task.
    if (
      !(
        typeof n === 'number' &&
        typeof c === 'number' &&
        Number.isInteger(n) &&
        Number.isInteger(c) &&
        n >= 0 &&
        n <= Number.MAX_SAFE_INTEGER &&
        c >= 0 &&
        c <= n
      )
    ) {
      requireCounts(n, c, `tasks[${i}]`);
    }
    // n·2^15 + c is a small integer (fast to hash) and unique while n < 2^15; n·2^32 + c (never
    // below 2^47, so apart from those) is exact and unique while n < 2^21; larger n use a text key.
    const key = n < 32_768 ? n * 32_768 + c : n < 2_097_152 ? n * 4_294_967_296 + c : `${n},${c}`;
    const group = byPair.get(key);
    if (group) group.size++;
    else byPair.set(key, { n, c, size: 1 });
  }
  return [...byPair.values()];
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

/**
 * Mean over `count` tasks given as (value, number of tasks) pairs (compensated sum, Neumaier 1974)
 * and SE = sd/√count with the two-pass variance; null when empty.
 */
function meanWithSe(values: readonly WeightedValue[], count: number): TaskMean | null {
  if (count === 0) return null;
  const mean = compensatedSum(values.map(({ value, weight }) => value * weight)) / count;
  if (count < 2) return { value: mean, se: null };
  let squares = 0;
  for (const { value, weight } of values) squares += weight * (value - mean) ** 2;
  return { value: mean, se: Math.sqrt(squares / (count - 1) / count) };
}

function compensatedSum(values: readonly number[]): number {
  let sum = 0;
  let carry = 0;
  for (const x of values) {
    const t = sum + x;
    carry += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return sum + carry;
}
