import { requireInteger, requireOpenUnit, requirePositive } from '../checks.js';
import { estimatorMoments } from '../taskAverage/estimatorMoments.js';
import { planningBeta } from './betaShapes.js';
import { InputError } from '../errors.js';
import { requireK, requireObject, requireOneOf } from '../checkArgs.js';
import { studentTQuantile } from '../math/studentT.js';
import type { PlanMetric } from './precision.js';

/** Options of `planTaskPrecision`: the metric and k, trials per task, the Beta task distribution and the half-width wanted. */
export interface TaskPrecisionOptions {
  readonly metric: PlanMetric;
  readonly k?: number;
  /** Trials per task. */
  readonly trials: number;
  /** Tasks' rates p_t ~ Beta with this mean and concentration a + b. */
  readonly mean: number;
  readonly concentration: number;
  /** Target half-width of the task-population interval. */
  readonly halfWidth: number;
  /** Two-sided confidence level. */
  readonly confidence: number;
}

/** What `planTaskPrecision` returns: the tasks needed for a task-population interval no wider than asked, with the spread it assumes. */
export interface TaskPrecisionPlan {
  readonly tasks: number;
  readonly trials: number;
  readonly taskDistribution: { readonly dist: 'beta'; readonly a: number; readonly b: number };
  /** The population's pass@k / pass^k (or mean p). */
  readonly value: number;
  /** sd over tasks of one task's unbiased estimate (which task, and its trials). */
  readonly sdPerTask: number;
  /** t_{T−1}·sd/√T at the planned T. */
  readonly halfWidth: number;
  readonly method: string;
}

const MAX_TASKS = 100_000_000;

/**
 * Tasks needed for a task-population interval of a given half-width: the per-task unbiased
 * estimates θ̂_t are independent with sd σ = √Var θ̂ (both layers: p_t ~ Beta(a, b), then c_t ~
 * Binomial(n, p_t); exact beta-binomial moments, `estimatorMoments`), so the interval is about
 * t_{T−1}·σ/√T wide on each side; T is the smallest with t_{T−1}(1 − α/2)·σ/√T ≤ h. A planning
 * figure at the expected spread (central values; near 0 and 1 the interval passk prints is wider).
 * Example: p, n = 1, Beta(1, 1): σ = ½, h = 0.1, 95 % → T = 99 (t₉₈ = 1.9845·0.05 = 0.0992).
 */
export function planTaskPrecision(options: TaskPrecisionOptions): TaskPrecisionPlan {
  requireObject('options', options);
  requireOneOf('metric', options.metric, ['p', 'passAtK', 'passHatK'] as const);
  const k = options.metric === 'p' ? 1 : requireK('k', options.k);
  const trials = requireInteger('trials', options.trials, k);
  const mean = requireOpenUnit('mean', options.mean);
  const concentration = requirePositive('concentration', options.concentration);
  const halfWidth = requireOpenUnit('halfWidth', options.halfWidth);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const { a, b } = planningBeta(mean, concentration);
  const metric = options.metric === 'passAtK' ? 'passAtK' : 'passHatK';
  const moments = estimatorMoments(metric, trials, k, a, b);
  const sd = Math.sqrt(Math.max(0, moments.second - moments.first ** 2));
  const level = 1 - (1 - confidence) / 2;
  const width = (tasks: number) => (studentTQuantile(level, tasks - 1) * sd) / Math.sqrt(tasks);
  let high = 2;
  while (width(high) > halfWidth) {
    high *= 2;
    if (high > MAX_TASKS) throw new InputError('halfWidth', `needs more than ${MAX_TASKS} tasks; choose a wider half-width`, halfWidth);
  }
  let low = Math.max(1, high / 2);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (width(mid) <= halfWidth) high = mid;
    else low = mid;
  }
  return {
    tasks: high,
    trials,
    taskDistribution: { dist: 'beta', a, b },
    value: metric === 'passAtK' ? 1 - moments.first : moments.first,
    sdPerTask: sd,
    halfWidth: width(high),
    method: "smallest T with t_{T−1}·sd/√T ≤ target, sd of one task's unbiased estimate over Beta tasks and binomial trials (exact beta-binomial moments)",
  };
}
