import { deltaMethod } from './deltaMethod.js';
import { foldedParameters } from './foldedParameters.js';
import { mixtureParameters, type MixtureParameters } from './mixtureParameters.js';

/** An estimate with its standard error; value null when infinite or undefined, se null when unavailable. */
export interface ReportedParameter {
  readonly value: number | null;
  readonly se: number | null;
}

/** Parameters a fit reports, by name. */
export type ReportedParameterName = 'a' | 'b' | 'mean' | 'concentration' | 'icc' | 'pi0' | 'pi1';

/** Each reported parameter as a function of the (folded) natural parameters. */
const DEFINITIONS: Record<ReportedParameterName, (p: MixtureParameters) => number> = {
  pi0: (p) => p.pi0,
  pi1: (p) => p.pi1,
  mean: (p) => (p.weight === 0 ? NaN : p.mean),
  concentration: (p) => (p.weight === 0 ? NaN : p.concentration),
  a: (p) => (p.weight === 0 ? NaN : p.concentration === Infinity ? Infinity : p.mean * p.concentration),
  b: (p) => (p.weight === 0 ? NaN : p.concentration === Infinity ? Infinity : Math.exp(p.logOneMinusMean) * p.concentration),
  icc: (p) => (p.weight === 0 ? NaN : 1 / (1 + p.concentration)),
};

/**
 * Reported parameters with delta-method standard errors: for g(θ), Var ĝ ≈ ∇gᵀ Σ ∇g with Σ the
 * covariance of the free unconstrained coordinates (`observedCovariance`) and ∇g by central
 * differences (step 10⁻⁶·max(1, |θ_i|)) (Casella & Berger 2002, §5.5.4). a = mean·s,
 * b = (1 − mean)·s, icc = 1/(a + b + 1) — the intra-task correlation of two attempts of one task
 * under the beta-binomial (Griffiths 1973). se is null for a parameter fixed at a boundary (zero
 * gradient) or when Σ is unavailable; value null when infinite (the binomial limit's a, b, s) or
 * undefined (the beta component of a fit with no weight on it). With `fold`, the two-point limit of
 * the beta component is reported as point masses (`foldedParameters`).
 * Example: Beta(2, 3) with π0 = π1 = 0 reports mean 0.4, concentration 5, icc 1/6.
 */
export function reportedParameters(
  names: readonly ReportedParameterName[],
  theta: readonly number[],
  free: readonly number[],
  covariance: readonly (readonly number[])[] | null,
  options: { readonly fold: boolean },
): Record<string, ReportedParameter> {
  const at = (x: readonly number[]) => (options.fold ? foldedParameters(mixtureParameters(x)) : mixtureParameters(x));
  const centre = at(theta);
  const out: Record<string, ReportedParameter> = {};
  for (const name of names) {
    const g = DEFINITIONS[name];
    const value = g(centre);
    if (!Number.isFinite(value)) {
      out[name] = { value: null, se: null };
      continue;
    }
    out[name] = { value, se: covariance === null ? null : deltaSe(g, at, theta, free, covariance) };
  }
  return out;
}

function deltaSe(
  g: (p: MixtureParameters) => number,
  at: (x: readonly number[]) => MixtureParameters,
  theta: readonly number[],
  free: readonly number[],
  covariance: readonly (readonly number[])[],
): number | null {
  const { gradient, variance } = deltaMethod((x) => g(at(x)), theta, free, covariance);
  if (gradient.every((x) => x === 0) || !gradient.every(Number.isFinite)) return null;
  return variance >= 0 ? Math.sqrt(variance) : null;
}
