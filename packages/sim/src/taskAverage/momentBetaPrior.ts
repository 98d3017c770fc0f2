import type { CountGroup } from '../estimators/taskAverage.js';
import type { BetaPrior } from '../intervals/betaPosterior.js';

/** The concentration a + b is kept in [MIN, MAX]: no fitted prior claims all-or-nothing tasks or no spread at all. */
const MIN_CONCENTRATION = 0.5;
const MAX_CONCENTRATION = 1e5;

/**
 * The task population as a Beta(a, b), by the method of moments on the per-task rates x_t = c_t/n_t
 * with the binomial noise taken out (Kleinman 1973, "Proportions with extraneous variance",
 * JASA 68:46–54; the moment estimator of the beta-binomial, Skellam 1948):
 *   E x = μ,  Var x = Var p·(1 − h) + μ(1 − μ)·h,  h = mean of 1/n_t,
 * so Var p = (s² − μ̂(1 − μ̂)h)/(1 − h) and a + b = μ̂(1 − μ̂)/Var p − 1, kept in [0.5, 10⁵].
 * null when it is not identifiable: fewer than 2 tasks, every n = 1, or μ̂ = 0 or 1.
 * Example: tasks 0/4, 4/4, 2/4, 2/4 → μ̂ = ½, s² = 1/6, h = ¼, Var p = (1/6 − 1/16)/(3/4) = 5/36,
 * a + b = 0.8, Beta(0.4, 0.4) (tested).
 */
export function momentBetaPrior(groups: readonly CountGroup[]): BetaPrior | null {
  let count = 0;
  let sum = 0;
  let inverseN = 0;
  for (const { n, c, size } of groups) {
    if (n === 0) continue;
    count += size;
    sum += (size * c) / n;
    inverseN += size / n;
  }
  if (count < 2) return null;
  const mean = sum / count;
  const h = inverseN / count;
  if (mean <= 0 || mean >= 1 || h >= 1) return null;
  let squares = 0;
  for (const { n, c, size } of groups) if (n > 0) squares += size * (c / n - mean) ** 2;
  const spread = mean * (1 - mean);
  const rateVariance = (squares / (count - 1) - spread * h) / (1 - h);
  const concentration = rateVariance <= 0 ? MAX_CONCENTRATION : Math.min(MAX_CONCENTRATION, Math.max(MIN_CONCENTRATION, spread / rateVariance - 1));
  return { a: mean * concentration, b: (1 - mean) * concentration };
}
