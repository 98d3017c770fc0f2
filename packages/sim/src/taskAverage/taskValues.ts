import { binomialRatio, oneMinusBinomialRatio } from '../estimators/binomialRatio.js';
import type { CountGroup } from '../estimators/taskAverage.js';
import { requireCounts } from '../checks.js';
import { requireCountGroups, requireK, requireMetric } from '../checkArgs.js';

/** Which benchmark-level quantity: the task average of pass@k or of pass^k. */
export type TaskMetric = 'passAtK' | 'passHatK';

/** A value shared by `weight` tasks (tasks with the same (n, c) have the same estimate). */
export interface WeightedValue {
  readonly value: number;
  readonly weight: number;
}

/** The unbiased per-task estimate of `metric` at k: 1 − C(n − c, k)/C(n, k) or C(c, k)/C(n, k). */
export function taskEstimate(metric: TaskMetric, n: number, c: number, k: number): number {
  requireMetric('metric', metric);
  requireCounts(n, c);
  return metric === 'passAtK' ? oneMinusBinomialRatio(n, n - c, k) : binomialRatio(n, c, k);
}

/** The per-task estimates at k of the groups with n ≥ k, as (value, number of tasks) pairs. */
export function groupValues(groups: readonly CountGroup[], metric: TaskMetric, k: number): WeightedValue[] {
  requireCountGroups('groups', groups);
  requireMetric('metric', metric);
  requireK('k', k);
  const values: WeightedValue[] = [];
  for (const { n, c, size } of groups) if (n >= k) values.push({ value: taskEstimate(metric, n, c, k), weight: size });
  return values;
}
