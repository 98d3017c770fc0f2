import { requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { countGroups, type TaskTrials } from '../estimators/taskAverage.js';
import { benchmarkInterval } from './benchmarkInterval.js';
import { populationInterval, type MeanBounds, type MeanIntervalOptions } from './populationInterval.js';
import { groupValues, type TaskMetric } from './taskValues.js';

/** The two estimands of a benchmark-level pass@k or pass^k, each with its own interval. */
export interface EstimandIntervals {
  /**
   * The task population the tasks were drawn from: which tasks were sampled, and the trials.
   * null with fewer than 2 estimable tasks.
   */
  readonly population: MeanBounds | null;
  /** This benchmark: the same tasks again, only the trials random. */
  readonly benchmark: (MeanBounds & { readonly se: number }) | null;
}

export interface TaskAverageIntervalRow {
  readonly k: number;
  readonly passAtK: EstimandIntervals;
  readonly passHatK: EstimandIntervals;
}

/** How the two intervals are computed, for output notes and JSON. */
export const ESTIMAND_METHODS = Object.freeze({
  population:
    'score interval for the mean of the per-task estimates with a design effect (Wilson at T·x̄(1−x̄)/s² tasks, Student t quantile with T − 1 df; Korn & Graubard 1998)',
  benchmark:
    'normal interval with the trial noise of each task, Var(θ̂ | p) averaged over its Jeffreys posterior Beta(c + ½, n − c + ½)',
});

/**
 * Per k, the population and this-benchmark intervals of the task-averaged unbiased pass@k and
 * pass^k (`populationInterval`, `benchmarkInterval`; tasks with n < k left out as in
 * `averageOverTasks`). Both keep their coverage on the grid of docs/uncertainty.md.
 */
export function taskAverageIntervals(tasks: readonly TaskTrials[], ks: readonly number[], options: MeanIntervalOptions): TaskAverageIntervalRow[] {
  requireOpenUnit('confidence', options.confidence);
  if (options.sides !== 1 && options.sides !== 2) throw new InputError('sides', 'must be 1 or 2', options.sides);
  if (tasks.length === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  const groups = countGroups(tasks);
  ks.forEach((k) => requireInteger('k', k, 1));
  const maxN = groups.reduce((m, g) => Math.max(m, g.n), 0);
  const intervals = (metric: TaskMetric, k: number): EstimandIntervals => ({
    population: populationInterval(groupValues(groups, metric, k), options, 1 / maxN),
    benchmark: benchmarkInterval(groups, metric, k, options),
  });
  return ks.map((k) => ({ k, passAtK: intervals('passAtK', k), passHatK: intervals('passHatK', k) }));
}
