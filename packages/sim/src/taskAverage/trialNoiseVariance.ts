import { requireCounts } from '../checks.js';
import { requireBetaPrior, requireK, requireMetric } from '../checkArgs.js';
import { JEFFREYS_PRIOR, type BetaPrior } from '../intervals/betaPosterior.js';
import { estimatorMoments } from './estimatorMoments.js';
import type { TaskMetric } from './taskValues.js';

/**
 * The trial noise of one task's unbiased estimate θ̂ = g(C), C ~ Binomial(n, p), with p unknown:
 * the expectation of Var(θ̂ | p) over the posterior p ~ Beta(a + c, b + n − c) given the task's
 * counts, for a prior Beta(a, b) (the fitted task population, `momentBetaPrior`, or Jeffreys):
 *   E[Var(θ̂ | p) | c] = E[g(C*)²] − E[G(p)²] under the posterior (`estimatorMoments`).
 * Unlike the plug-in Var(θ̂ | p = c/n) it is not 0 for c = 0 or c = n.
 */
export function trialNoiseVariance(metric: TaskMetric, n: number, c: number, k: number, prior: BetaPrior = JEFFREYS_PRIOR): number {
  requireMetric('metric', metric);
  requireCounts(n, c);
  requireK('k', k);
  requireBetaPrior('prior', prior);
  const { second, squareOfMean } = estimatorMoments(metric, n, k, prior.a + c, prior.b + (n - c));
  return Math.max(0, second - squareOfMean);
}
