import type { MixtureParameters } from './mixtureParameters.js';

/**
 * The natural parameters of the zero/one-inflated fit as reported: the point masses π0, π1 and the beta component's
 * concentration 0 folded together (a beta with a + b → 0 is itself point masses at 0 and 1), so a
 * two-point fit reads as π0 = 1 − mean, π1 = mean with no beta component.
 * Example: π0 = π1 = 0, mean 0.3, concentration 0 → π0 = 0.7, π1 = 0.3, weight 0.
 */
export function foldedParameters(params: MixtureParameters): MixtureParameters {
  if (params.concentration !== 0 || params.weight === 0) return params;
  const pi0 = params.pi0 + params.weight * Math.exp(params.logOneMinusMean);
  const pi1 = params.pi1 + params.weight * params.mean;
  return { ...params, pi0, pi1, weight: 0, logPi0: Math.log(pi0), logPi1: Math.log(pi1), logWeight: -Infinity };
}
