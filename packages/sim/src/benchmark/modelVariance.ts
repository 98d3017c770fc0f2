import type { CountGroup } from '../estimators/taskAverage.js';
import type { BetaPrior } from '../intervals/betaPosterior.js';
import { estimatorMoments, estimatorMomentsAt } from './estimatorMoments.js';
import type { GridPrior } from './gridPrior.js';
import type { TaskMetric } from './taskValues.js';

/**
 * Var of the per-task unbiased estimates at k, over the tasks with n ≥ k, when rates are drawn from
 * `prior`: (1/T) Σ_t E[g(C_t)²] − (E G(p))² (the between-task spread plus the trial noise), with
 * C_t ~ BetaBinomial(n_t, a, b) for a Beta prior (`estimatorMoments`) or the mixture over the points
 * of a `GridPrior`, E[g(C)²] = Σ_j w_j·E[g(C)² | p_j] and E G = Σ_j w_j·G(p_j) (`estimatorMomentsAt`;
 * pass@k on the failure side, 1 − g, which has the same variance). 0 when no task has n ≥ k.
 */
export function modelVariance(groups: readonly CountGroup[], metric: TaskMetric, k: number, prior: BetaPrior | GridPrior): number {
  let count = 0;
  let second = 0;
  let first = 0;
  // The moments depend on n alone, not on the group's c: once per distinct n (a file has few).
  const byTrials = new Map<number, { first: number; second: number }>();
  for (const { n, size } of groups) {
    if (n < k) continue;
    let moments = byTrials.get(n);
    if (moments === undefined) {
      moments = 'points' in prior ? gridMoments(prior, metric, n, k) : estimatorMoments(metric, n, k, prior.a, prior.b);
      byTrials.set(n, moments);
    }
    count += size;
    second += size * moments.second;
    first = moments.first;
  }
  return count === 0 ? 0 : Math.max(0, second / count - first * first);
}

/** E[g(C)²] and E G(p) of one task with n trials under a population on a grid. */
function gridMoments(prior: GridPrior, metric: TaskMetric, n: number, k: number): { first: number; second: number } {
  let first = 0;
  let second = 0;
  prior.points.forEach((p, j) => {
    const at = estimatorMomentsAt(metric, n, k, p);
    first += prior.weights[j]! * at.first;
    second += prior.weights[j]! * at.second;
  });
  return { first, second };
}
