import { requireCounts, requireInteger, requireNonNegative, requireOpenUnit } from '../checks.js';
import { requireK, requireObject, requireOneOf, requireTaskList } from '../checkArgs.js';
import { passAtK } from '../estimators/passAtK.js';
import { meanAndSe, type MeanAndSe } from '../math/meanAndSe.js';
import { RATIO_INTERVAL_METHODS, ratioInterval, type RatioEstimate, type RatioIntervalMethod } from './ratioInterval.js';

/** One task's trials n, successes c and the cost of its attempts: `cost` summed over the `priced` attempts that have one. */
export interface CostTask {
  readonly n: number;
  readonly c: number;
  /** Sum of the costs of the priced attempts (≥ 0). */
  readonly cost: number;
  /** Attempts with a cost, 0…n; a task with none is left out of the cost figures. */
  readonly priced: number;
}

/** Options of `costPerSolved`. */
export interface CostPerSolvedOptions {
  /** Attempts per task (k ≥ 1). */
  readonly k: number;
  /** Two-sided level, in (0, 1). */
  readonly confidence: number;
  /** The interval (`ratioInterval`); default `COST_INTERVAL_METHOD`. */
  readonly method?: RatioIntervalMethod;
}

/** Cost per solved task at k with its interval over tasks, and the cost per attempt. */
export interface CostPerSolved extends RatioEstimate {
  readonly k: number;
  /** Tasks used: with at least one priced attempt and n ≥ k. */
  readonly tasks: number;
  /** Mean over those tasks of each task's mean cost per attempt c̄_t, with SE sd/√T. */
  readonly perAttempt: MeanAndSe;
  /** Expected cost of k attempts at a task: k·(mean of c̄_t). */
  readonly perTask: number;
  /** The task average of the unbiased per-task pass@k over those tasks (the denominator). */
  readonly passAtK: number;
  readonly method: RatioIntervalMethod;
}

/**
 * The interval `costPerSolved` uses unless asked otherwise: the delta method on log R, the one whose
 * coverage held closest to the nominal level in bench/decisions/costCoverage.mjs (docs/costs.md):
 * the plain delta interval fell short with few tasks or few successes (75.8–88.8 % at 95 % with 20
 * tasks and a 3 % success rate), and Fieller's, unbounded on most such benchmarks, dipped to
 * 86.1–89.3 % where its bound was finite; the log-scale one covered 90.8–97.3 % in every cell.
 */
export const COST_INTERVAL_METHOD: RatioIntervalMethod = 'log';

/** Per-task values of the ratio: x_t = k·c̄_t (cost of k attempts) and y_t = unbiased pass@k of the task. */
export function costRatioValues(tasks: readonly CostTask[], k: number): { x: Float64Array; y: Float64Array; perAttempt: Float64Array } {
  const used = tasks.filter((task) => task.priced > 0 && task.n >= k);
  const x = new Float64Array(used.length);
  const y = new Float64Array(used.length);
  const perAttempt = new Float64Array(used.length);
  used.forEach((task, i) => {
    perAttempt[i] = task.cost / task.priced;
    x[i] = k * perAttempt[i]!;
    y[i] = passAtK(task.n, task.c, k);
  });
  return { x, y, perAttempt };
}

/**
 * Cost per solved task at k: R_k = Σ_t k·c̄_t / Σ_t π̂_t(k) over the tasks with a priced attempt and
 * n_t ≥ k, where c̄_t is task t's mean cost per priced attempt and π̂_t(k) = 1 − C(n−c, k)/C(n, k) its
 * unbiased pass@k (Chen et al. 2021, eq. 1). It estimates E[cost of k attempts at a task] /
 * P(solved within k): what one solved task costs when every task gets k attempts. At k = 1 with
 * every attempt priced and n equal across tasks it is total cost / total successes. A ratio of task
 * averages (Cochran 1977 §6): its interval over tasks (clustered by task) is `ratioInterval`'s.
 * Example (Python reference test/reference/cost_ratio.py): see test/sim/cost/costPerSolved.test.ts.
 */
export function costPerSolved(tasks: readonly CostTask[], options: CostPerSolvedOptions): CostPerSolved {
  const { k, confidence, method } = checkOptions(options);
  checkCostTasks('tasks', tasks);
  const { x, y, perAttempt } = costRatioValues(tasks, k);
  const ratio = ratioInterval(x, y, confidence, method);
  const mean = (values: Float64Array) => (values.length === 0 ? 0 : meanAndSe(values).value);
  return {
    ...ratio,
    k,
    tasks: x.length,
    perAttempt: x.length === 0 ? { value: 0, se: null } : meanAndSe(perAttempt),
    perTask: mean(x),
    passAtK: mean(y),
    method,
  };
}

function checkOptions(options: CostPerSolvedOptions): Required<CostPerSolvedOptions> {
  const o = requireObject('options', options);
  return {
    k: requireK('k', o.k),
    confidence: requireOpenUnit('confidence', o.confidence),
    method: o.method === undefined ? COST_INTERVAL_METHOD : requireOneOf('method', o.method, RATIO_INTERVAL_METHODS),
  };
}

/** Tasks with counts 0 ≤ c ≤ n, a cost ≥ 0 and 0 ≤ priced ≤ n (`where[i].field` named). */
export function checkCostTasks(where: string, tasks: unknown): readonly CostTask[] {
  const list = requireTaskList(where, tasks);
  list.forEach((task, i) => {
    const t = task as unknown as Record<string, unknown>;
    const { n } = requireCounts(t.n, t.c, `${where}[${i}]`);
    requireNonNegative(`${where}[${i}].cost`, t.cost);
    requireInteger(`${where}[${i}].priced`, t.priced, 0, n);
  });
  return list as readonly CostTask[];
}
