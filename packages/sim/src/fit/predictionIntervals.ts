import { normalQuantile } from '../math/normalQuantile.js';
import { deltaMethod } from './deltaMethod.js';
import { mixtureParameters } from './mixtureParameters.js';
import { predictedPassAtK, predictedPassHatK } from './modelPredictions.js';
import type { Interval } from '../intervals/interval.js';

/**
 * Intervals for a model's predicted pass@k and pass^k from the fit's uncertainty, by the delta
 * method on the logit scale: with g(θ) = logit(prediction), SE_g = √(∇gᵀ Σ ∇g) (Σ the covariance of
 * the free unconstrained coordinates, `observedCovariance`; ∇g by central differences), the
 * interval is logistic(g ± z·SE_g), z = Φ⁻¹((1 + confidence)/2), so it stays inside (0, 1)
 * (e.g. Agresti 2013, "Categorical Data Analysis", §16.1). A linearisation at the estimate: it
 * describes the predictions the data pin down (all k ≤ n) correctly even when single parameters
 * are poorly identified, which sampling the parameters' normal approximation would not.
 * Model-based: it carries the parameters' uncertainty, not the risk that the model is wrong;
 * coordinates fixed at a boundary stay fixed. null for a prediction of exactly 0 or 1.
 * Example: binomial limit at mean ½ (θ = logit mean = 0, Var θ = 0.25), k = 3: pass^3 = ⅛ and
 * d logit(μ^k)/dθ = k(1 − μ)/(1 − μ^k) = 12/7, so logit bounds = logit(⅛) ± 1.96·(12/7)·0.5 (tested).
 */
export function predictionIntervals(
  theta: readonly number[],
  free: readonly number[],
  covariance: readonly (readonly number[])[],
  ks: readonly number[],
  options: { readonly confidence: number },
): { passAtK: Array<Interval | null>; passHatK: Array<Interval | null> } {
  const z = normalQuantile((1 + options.confidence) / 2);
  const interval = (predict: (theta: readonly number[]) => number): Interval | null => {
    const centre = logit(predict(theta));
    if (!Number.isFinite(centre)) return null;
    const { gradient, variance } = deltaMethod((t) => logit(predict(t)), theta, free, covariance);
    if (!gradient.every(Number.isFinite)) return null;
    const se = Math.sqrt(Math.max(0, variance));
    return { lower: logistic(centre - z * se), upper: logistic(centre + z * se) };
  };
  return {
    passAtK: ks.map((k) => interval((t) => predictedPassAtK(mixtureParameters(t), k))),
    passHatK: ks.map((k) => interval((t) => predictedPassHatK(mixtureParameters(t), k))),
  };
}

function logit(p: number): number {
  return Math.log(p) - Math.log1p(-p);
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
