import { logBetaUnchecked } from '../math/logBeta.js';
import { betaBinomialLogPmfUnchecked } from '../fit/betaBinomialLogPmf.js';
import { taskEstimate, type TaskMetric } from './taskValues.js';

/** Above this n the sum over c* = 0..n is replaced by the delta method (see `trialNoiseVariance`). */
const EXACT_LIMIT = 5_000;

/**
 * The trial noise of one task's unbiased estimate θ̂ = g(C), C ~ Binomial(n, p), with p unknown:
 * the expectation of Var(θ̂ | p) over the Jeffreys posterior p ~ Beta(c + ½, n − c + ½),
 *   E[Var(θ̂ | p) | c] = Σ_v BetaBinomial(v; n, c + ½, n − c + ½)·g(v)² − E[G(p)²],
 * with G(p) = E[θ̂ | p] (p^k for pass^k; for pass@k the failure side (1 − p)^k, the same variance
 * without cancellation near 1), E[p^{2k}] = B(a + 2k, b)/B(a, b) (Johnson, Kemp & Kotz 2005 §6.7).
 * Unlike the plug-in Var(θ̂ | p = c/n) it is not 0 for c = 0 or c = n.
 * For n > 5 000: the delta method at the posterior mean p̃, G′(p̃)²·p̃(1 − p̃)/n.
 */
export function trialNoiseVariance(metric: TaskMetric, n: number, c: number, k: number): number {
  const a = c + 0.5;
  const b = n - c + 0.5;
  // The failure side for pass@k: g(v) = C(n − v, k)/C(n, k), G = (1 − p)^k, i.e. pass^k of the failures.
  const [s, f] = metric === 'passHatK' ? [a, b] : [b, a];
  if (n > EXACT_LIMIT) {
    const p = s / (s + f);
    const slope = k * p ** (k - 1);
    return (slope * slope * p * (1 - p)) / n;
  }
  const logNorm = logBetaUnchecked(s, f);
  let second = 0;
  for (let v = k; v <= n; v++) {
    const g = taskEstimate('passHatK', n, v, k);
    second += Math.exp(betaBinomialLogPmfUnchecked(n, v, s, f)) * g * g;
  }
  const squareOfMean = Math.exp(logBetaUnchecked(s + 2 * k, f) - logNorm);
  return Math.max(0, second - squareOfMean);
}
