import { deltaMethod } from './deltaMethod.js';
import { foldedParameters } from './foldedParameters.js';
import { mixtureParameters, type MixtureParameters } from './mixtureParameters.js';

/** An estimate with its standard error; value null when infinite or undefined, se null when unavailable. */
export interface ReportedParameter {
  readonly value: number | null;
  readonly se: number | null;
}

/** Parameters a fit reports, by name. */
export type ReportedParameterName = 'a' | 'b' | 'mean' | 'concentration' | 'taskCorrelation' | 'pi0' | 'pi1';

/** Each reported parameter as a function of the (folded) natural parameters. */
const DEFINITIONS: Record<ReportedParameterName, (p: MixtureParameters) => number> = {
  pi0: (p) => p.pi0,
  pi1: (p) => p.pi1,
  mean: (p) => (p.weight === 0 ? NaN : p.mean),
  concentration: (p) => (p.weight === 0 ? NaN : p.concentration),
  a: (p) => (p.weight === 0 ? NaN : p.concentration === Infinity ? Infinity : p.mean * p.concentration),
  b: (p) => (p.weight === 0 ? NaN : p.concentration === Infinity ? Infinity : Math.exp(p.logOneMinusMean) * p.concentration),
  taskCorrelation,
};

/**
 * The between-task correlation ρ = Var(p)/(E p·(1 − E p)) of the fitted distribution of p: the
 * correlation of two attempts of one task (each Bernoulli(p) given p) that the spread of p across
 * tasks induces (Griffiths 1973). For Beta(a, b) it is 1/(a + b + 1); with the point masses, Var(p)
 * is the mixture's (within the beta component plus between the components' means 0, 1, mean).
 * Not the scenario's exchangeable icc, which correlates the retries of one episode given p.
 */
function taskCorrelation(p: MixtureParameters): number {
  const oneMinusMean = Math.exp(p.logOneMinusMean);
  const mean = p.pi1 + (p.weight === 0 ? 0 : p.weight * p.mean);
  const complement = p.pi0 + (p.weight === 0 ? 0 : p.weight * oneMinusMean);
  const betaVariance = p.weight === 0 || p.concentration === Infinity ? 0 : (p.weight * p.mean * oneMinusMean) / (1 + p.concentration);
  const between = p.pi0 * mean * mean + p.pi1 * complement * complement + (p.weight === 0 ? 0 : p.weight * (p.mean - mean) ** 2);
  return (betaVariance + between) / (mean * complement);
}

/**
 * Reported parameters with delta-method standard errors: for g(θ), Var ĝ ≈ ∇gᵀ Σ ∇g with Σ the
 * covariance of the free unconstrained coordinates (`observedCovariance`) and ∇g by central
 * differences (step 10⁻⁶·max(1, |θ_i|)) (Casella & Berger 2002, §5.5.4). a = mean·s,
 * b = (1 − mean)·s, taskCorrelation ρ = 1/(a + b + 1) for the beta-binomial (`taskCorrelation`:
 * the whole mixture's for the inflated model). se is null for a parameter fixed at a boundary (zero
 * gradient) or when Σ is unavailable; value null when infinite (the binomial limit's a, b, s) or
 * undefined (the beta component of a fit with no weight on it). With `fold`, the two-point limit of
 * the beta component is reported as point masses (`foldedParameters`).
 * Example: Beta(2, 3) with π0 = π1 = 0 reports mean 0.4, concentration 5, taskCorrelation 1/6.
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
