import type { CountGroup } from '../estimators/taskAverage.js';
import type { BetaPrior } from '../intervals/betaPosterior.js';
import { estimatorMoments } from './estimatorMoments.js';
import type { TaskMetric } from './taskValues.js';

/**
 * Var of the per-task unbiased estimates at k, over the tasks with n ≥ k, when rates are drawn from
 * `prior`: (1/T) Σ_t E[g(C_t)²] − (E G(p))², C_t ~ BetaBinomial(n_t, a, b) (`estimatorMoments`;
 * the between-task spread plus the trial noise). 0 when no task has n ≥ k.
 */
export function modelVariance(groups: readonly CountGroup[], metric: TaskMetric, k: number, prior: BetaPrior): number {
  let count = 0;
  let second = 0;
  let first = 0;
  // The moments depend on n alone, not on the group's c: once per distinct n (a file has few).
  const byTrials = new Map<number, ReturnType<typeof estimatorMoments>>();
  for (const { n, size } of groups) {
    if (n < k) continue;
    let moments = byTrials.get(n);
    if (moments === undefined) {
      moments = estimatorMoments(metric, n, k, prior.a, prior.b);
      byTrials.set(n, moments);
    }
    count += size;
    second += size * moments.second;
    first = moments.first;
  }
  return count === 0 ? 0 : Math.max(0, second / count - first * first);
}
