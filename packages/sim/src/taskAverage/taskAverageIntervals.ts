import { requireKs, requireMeanIntervalOptions, requireObject, requireTaskSet } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { groupsOf, taskCountOf, type CountGroup, type TaskSet } from '../estimators/taskAverage.js';
import { benchmarkInterval } from './benchmarkInterval.js';
import { populationInterval, type MeanIntervalOptions, type VarianceFloor } from './populationInterval.js';
import { modelVariance } from './modelVariance.js';
import { momentBetaPrior } from './momentBetaPrior.js';
import { npmlePrior } from './gridPrior.js';
import { groupValues, type TaskMetric } from './taskValues.js';
import type { Interval } from '../intervals/interval.js';

/** The two estimands of a benchmark-level pass@k or pass^k, each with its own interval. */
export interface EstimandIntervals {
  /**
   * The task population the tasks were drawn from: which tasks were sampled, and the trials.
   * null with fewer than 2 estimable tasks.
   */
  readonly population: Interval | null;
  /** This benchmark: the same tasks again, only the trials random. */
  readonly benchmark: (Interval & { readonly se: number }) | null;
}

/** One k of `taskAverageIntervals`: the intervals of the task-averaged pass@k and pass^k for both estimands. */
export interface TaskAverageIntervalRow {
  readonly k: number;
  readonly passAtK: EstimandIntervals;
  readonly passHatK: EstimandIntervals;
}

/** How the two intervals are computed, for output notes and JSON. */
export const ESTIMAND_METHODS = Object.freeze({
  population:
    'score interval for the mean of the per-task estimates with a design effect (Wilson at T·x̄(1−x̄)/s² tasks, t quantile, T − 1 df; Korn & Graubard 1998), s² at least what a Beta task population fitted to the counts implies',
  benchmark:
    'Student t interval (T − 1 df) with the trial noise of each task, Var(θ̂ | p) averaged over its posterior, the larger of two task populations fitted to all tasks: nonparametric maximum likelihood on a grid of p (Kiefer–Wolfowitz; mixed with Jeffreys at the share 1/√T) and a Beta by moments (weight at most 2n)',
});

/**
 * Per k, the population and this-benchmark intervals of the task-averaged unbiased pass@k and
 * pass^k (`populationInterval`, `benchmarkInterval`; tasks with n < k left out as in
 * `averageOverTasks`). The this-benchmark interval uses the nonparametric task population
 * (`npmlePrior`) and the moment-fitted Beta (`benchmarkTrialNoise`), the task-population interval
 * the moment-fitted Beta. Coverage on the grid of
 * docs/uncertainty.md. With `include.benchmark` false the this-benchmark intervals are not
 * computed (null), nor their fit.
 */
export function taskAverageIntervals(
  tasks: TaskSet,
  ks: readonly number[],
  options: MeanIntervalOptions,
  include: { readonly benchmark?: boolean } = {},
): TaskAverageIntervalRow[] {
  requireMeanIntervalOptions('options', options);
  const groups = nonEmptyGroups(tasks);
  requireKs('ks', ks);
  requireObject('include', include);
  const withBenchmark = include.benchmark ?? true;
  if (typeof withBenchmark !== 'boolean') throw new InputError('include.benchmark', 'must be true or false', withBenchmark);
  const prior = momentBetaPrior(groups);
  const benchmarkPrior = withBenchmark ? npmlePrior(groups) : undefined;
  const intervals = (metric: TaskMetric, k: number): EstimandIntervals => ({
    population: groupsPopulationInterval(groups, metric, k, options, prior),
    benchmark: benchmarkPrior === undefined ? null : benchmarkInterval(groups, metric, k, options, benchmarkPrior),
  });
  return ks.map((k) => ({ k, passAtK: intervals('passAtK', k), passHatK: intervals('passHatK', k) }));
}

/** The count groups of a task set with at least one task (InputError at `tasks` otherwise). */
export function nonEmptyGroups(tasks: TaskSet): readonly CountGroup[] {
  requireTaskSet('tasks', tasks);
  if (taskCountOf(tasks) === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  return groupsOf(tasks);
}

/**
 * The task-population interval of `taskAverageIntervals` alone (what plans simulate): the score
 * interval of the per-task estimates with its two floors, r̂ ≥ 1/max n and s² at least what the
 * moment-fitted Beta population implies (`prior`, `momentBetaPrior` of the same groups).
 */
export function groupsPopulationInterval(
  groups: readonly CountGroup[],
  metric: TaskMetric,
  k: number,
  options: MeanIntervalOptions,
  prior: ReturnType<typeof momentBetaPrior> = momentBetaPrior(groups),
): Interval | null {
  return populationInterval(groupValues(groups, metric, k), options, populationFloor(groups, metric, k, prior));
}

/**
 * The two floors of the task-population interval: r̂ ≥ 1/max n, and s² at least what the
 * moment-fitted Beta population (`prior`) implies.
 */
export function populationFloor(
  groups: readonly CountGroup[],
  metric: TaskMetric,
  k: number,
  prior: ReturnType<typeof momentBetaPrior> = momentBetaPrior(groups),
): VarianceFloor {
  // At least 1: tasks with no trials (all left out at every k ≥ 1) give no floor to divide by.
  const maxN = groups.reduce((m, g) => Math.max(m, g.n), 1);
  return { ratio: 1 / maxN, variance: prior ? modelVariance(groups, metric, k, prior) : 0 };
}
