import { requireOpenUnit } from '../checks.js';
import { requireK, requireMetric, requireObject, requireOneOf } from '../checkArgs.js';
import { InputError } from '../errors.js';
import type { TaskSet } from '../estimators/taskAverage.js';
import { atScoreEdge, binaryExactBounds, populationInterval } from './populationInterval.js';
import { populationTailBound } from './populationTailBound.js';
import { nonEmptyGroups, populationFloor, taskAverageIntervals } from './taskAverageIntervals.js';
import { groupValues, type TaskMetric } from './taskValues.js';

/** What `taskAverageBound` bounds: a task-averaged metric at k, from below or above, for one estimand. */
export interface TaskAverageBoundOptions {
  readonly metric: TaskMetric;
  readonly k: number;
  /** One-sided confidence level in (0, 1). */
  readonly confidence: number;
  readonly side: 'lower' | 'upper';
  /** `population`: the task population the tasks were drawn from; `benchmark`: these tasks, only the trials random. */
  readonly estimand: 'population' | 'benchmark';
}

/**
 * Which bound `taskAverageBound` returned: the side of the two-sided interval (`interval`), the exact
 * Clopper–Pearson bound on 0/1 estimates, or the bound valid for every task population at the score
 * bound's edge (`populationTailBound`).
 */
export type TaskAverageBoundMethod = 'interval' | 'clopper-pearson' | 'population-tail';

/**
 * A one-sided confidence bound on the task-averaged pass@k or pass^k — what `passk gate` judges a
 * requirement on: the side asked for of the two-sided interval at level 2c − 1 (`taskAverageIntervals`),
 * and for the task population two exceptions at the edge the bound points to:
 * - where every task's estimate is 0 or 1 (one trial per task, or k = n), at least as far out as the
 *   exact Clopper–Pearson bound at the count of ones (`binaryExactBounds`). Where every estimate is at
 *   the edge the bound points away from (all 1 for a lower bound, all 0 for an upper one), the exact
 *   bound alone: α^{1/T} (1 − α^{1/T}), not the score bound's r̂ = 1 worst case, which is further out
 *   at small T (T = 5, 95 %: 0.524 against 0.549). It holds for every task population: θ̂ ∈ [0, 1] has
 *   P(θ̂ = 1) ≤ E θ̂ = μ, so P(all T at 1) ≤ μ^T < α when μ < α^{1/T} (the degenerate-arm argument of
 *   docs/uncertainty-history.md, cone round).
 * - otherwise, where the score bound on that side is its exact edge bound (within one effective count
 *   of 0 or 1), the bound valid for every task population (`populationTailBound`): the edge bound
 *   comes from a Beta at the effective counts, which can be far from the truth either way (issue #42:
 *   pass^8 of Kumaraswamy(0.5, 3) tasks, n 16, T 10 covered 100 % with it, 96 % with this one).
 * null with fewer than 2 tasks that have n ≥ k.
 * Example: 2 successes in 50 one-trial tasks, lower 95 % bound of pass@1 = beta.ppf(0.05, 2, 49) =
 * 0.0071537 (the score bound alone gave 0.013; test/sim/taskAverage/binaryValues.test.ts).
 */
export function taskAverageBound(tasks: TaskSet, options: TaskAverageBoundOptions): { readonly bound: number; readonly method: TaskAverageBoundMethod } | null {
  requireObject('options', options);
  const metric = requireMetric('options.metric', options.metric);
  const k = requireK('options.k', options.k);
  const side = requireOneOf('options.side', options.side, ['lower', 'upper'] as const);
  const estimand = requireOneOf('options.estimand', options.estimand, ['population', 'benchmark'] as const);
  const confidence = requireOpenUnit('options.confidence', options.confidence);
  if (confidence <= 0.5) throw new InputError('options.confidence', 'must be above 0.5 for a one-sided bound', options.confidence);
  const twoSided = { confidence: 2 * confidence - 1, sides: 2 } as const;
  const groups = nonEmptyGroups(tasks);
  if (estimand === 'benchmark') {
    const interval = taskAverageIntervals(tasks, [k], twoSided)[0]![metric].benchmark;
    return interval === null ? null : { bound: side === 'lower' ? interval.lower : interval.upper, method: 'interval' };
  }
  // The population side alone needs no fit of the this-benchmark interval's task population
  // (`groupsPopulationInterval`, its values and floors kept for the edge rule).
  const values = groupValues(groups, metric, k);
  const floor = populationFloor(groups, metric, k);
  const interval = populationInterval(values, twoSided, floor);
  if (interval === null) return null;
  const bound = side === 'lower' ? interval.lower : interval.upper;
  const exact = binaryExactBounds(values, 1 - confidence);
  if (exact === null) {
    const valid = atScoreEdge(values, twoSided, floor, side) ? populationTailBound(groups, metric, k, 1 - confidence, side) : null;
    return valid === null ? { bound, method: 'interval' } : { bound: valid, method: 'population-tail' };
  }
  const exactBound = side === 'lower' ? exact.lower : exact.upper;
  const far = side === 'lower' ? 1 : 0;
  if (values.every(({ value, weight }) => weight === 0 || value === far)) return { bound: exactBound, method: 'clopper-pearson' };
  const exactIsFurther = side === 'lower' ? exactBound < bound : exactBound > bound;
  return exactIsFurther ? { bound: exactBound, method: 'clopper-pearson' } : { bound, method: 'interval' };
}
