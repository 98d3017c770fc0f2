import type { MixtureParameters } from './mixtureParameters.js';

/**
 * pass^k predicted by a fitted model: E[p^k] for p from the fitted mixture of tasks,
 * π1 + w·E_beta[p^k] with E_beta[p^k] = ∏_{j<k} (a + j)/(a + b + j) (docs/design.md §3), μ^k for the
 * binomial limit and μ for the two-point limit. A model-based value: it holds for any k, also
 * beyond the trials observed, exactly as far as the model does.
 * Example: π0 = 0.2, π1 = 0.1, w = 0.7, Beta(2, 3), k = 2: 0.1 + 0.7·(2·3)/(5·6) = 0.24 (tested).
 */
export function predictedPassHatK(params: MixtureParameters, k: number): number {
  return params.pi1 + params.weight * betaMoment(params.mean, params.concentration, k);
}

/**
 * pass@k predicted by a fitted model: 1 − E[(1 − p)^k] = 1 − π0 − w·∏_{j<k} (b + j)/(a + b + j)
 * (docs/design.md §3), with (1 − μ)^k and 1 − μ in the binomial and two-point limits.
 * Example: π0 = 0.2, π1 = 0.1, w = 0.7, Beta(2, 3), k = 2: 1 − 0.2 − 0.7·(3·4)/(5·6) = 0.52 (tested).
 */
export function predictedPassAtK(params: MixtureParameters, k: number): number {
  const failure = params.pi0 + params.weight * betaMoment(Math.exp(params.logOneMinusMean), params.concentration, k);
  return 1 - failure;
}

/** E[q^k] for q ~ Beta(m·s, (1 − m)·s) with its limits (s = ∞: m^k; s = 0: m). */
function betaMoment(m: number, s: number, k: number): number {
  if (k === 0) return 1;
  if (s === Infinity) return m ** k;
  if (s === 0) return m;
  const top = m * s;
  let product = 1;
  for (let j = 0; j < k && product > 0; j++) product *= (top + j) / (s + j);
  return product;
}
