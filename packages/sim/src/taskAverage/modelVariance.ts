import type { CountGroup } from '../estimators/taskAverage.js';
import type { BetaPrior } from '../intervals/betaPosterior.js';
import { estimatorMoments } from './estimatorMoments.js';
import { betaComponent, type InflatedBetaPrior } from './inflatedBetaPrior.js';
import type { TaskMetric } from './taskValues.js';

/** Concentration of the beta component used when the fitted one is ∞ (no spread beyond the binomial). */
const MAX_CONCENTRATION = 1e5;

/**
 * Var of the per-task unbiased estimates at k, over the tasks with n ≥ k, when rates are drawn from
 * `prior`: (1/T) Σ_t E[g(C_t)²] − (E G(p))², C_t ~ BetaBinomial(n_t, a, b) (`estimatorMoments`;
 * the between-task spread plus the trial noise). With point masses (`InflatedBetaPrior`,
 * π0·δ0 + π1·δ1 + w·Beta) a task on p = 0 has g = G = 0 and one on p = 1 has g = G = 1 (pass@k
 * and pass^k alike), so E[g²] = π1 + w·E_beta[g²] and E G = π1 + w·E_beta G (for pass@k computed
 * on the failure side, 1 − g, where the roles of π0 and π1 swap; the variance is the same).
 * 0 when no task has n ≥ k.
 */
export function modelVariance(groups: readonly CountGroup[], metric: TaskMetric, k: number, prior: BetaPrior | InflatedBetaPrior): number {
  // estimatorMoments works on the failure side for pass@k (g = 1 on p = 0 there): the atom at 0 plays the one at 1.
  const atOne = 'mixture' in prior ? (metric === 'passHatK' ? prior.mixture.pi1 : prior.mixture.pi0) : 0;
  const [weight, beta] = 'mixture' in prior ? [prior.mixture.weight, betaComponent(prior, MAX_CONCENTRATION)] : [1, prior];
  let count = 0;
  let second = 0;
  let first = 0;
  // The moments depend on n alone, not on the group's c: once per distinct n (a file has few).
  const byTrials = new Map<number, ReturnType<typeof estimatorMoments>>();
  for (const { n, size } of groups) {
    if (n < k) continue;
    let moments = byTrials.get(n);
    if (moments === undefined) {
      moments = estimatorMoments(metric, n, k, beta.a, beta.b);
      byTrials.set(n, moments);
    }
    count += size;
    second += size * (atOne + weight * moments.second);
    first = atOne + weight * moments.first;
  }
  return count === 0 ? 0 : Math.max(0, second / count - first * first);
}
