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
 * tasks (never pooled first: DESIGN §4; seeds, "Agent A / Agent B"). Tasks may have different n;
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
  tasks.forEach((task, i) => requireCounts(task.n, task.c, `tasks[${i}]`));
  ks.forEach((k) => requireInteger('k', k, 1));
  return ks.map((k) => averageAtK(tasks, k));
}

function averageAtK(tasks: readonly TaskTrials[], k: number): TaskAverageRow {
  const at: number[] = [];
  const hat: number[] = [];
  let pluginAt = 0;
  let pluginHat = 0;
  for (const { n, c } of tasks) {
    if (n < k) continue;
    at.push(oneMinusBinomialRatio(n, n - c, k));
    hat.push(binomialRatio(n, c, k));
    const plugin = pluginValues(n, c, k);
    pluginAt += plugin.passAtK;
    pluginHat += plugin.passHatK;
  }
  const count = at.length;
  return {
    k,
    estimableTasks: count,
    notEstimableTasks: tasks.length - count,
    passAtK: meanWithSe(at),
    passHatK: meanWithSe(hat),
    plugin: count === 0 ? null : { passAtK: pluginAt / count, passHatK: pluginHat / count },
  };
}

/** Mean (compensated sum, Neumaier 1974) and SE = sd/√n with the two-pass variance; null when empty. */
function meanWithSe(values: readonly number[]): TaskMean | null {
  const count = values.length;
  if (count === 0) return null;
  const mean = compensatedSum(values) / count;
  if (count < 2) return { value: mean, se: null };
  let squares = 0;
  for (const x of values) squares += (x - mean) ** 2;
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
