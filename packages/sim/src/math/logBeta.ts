import { requirePositive } from '../checks.js';
import { HALF_LOG_TWO_PI, logGammaUnchecked } from './logGamma.js';
import { stirlingError } from './stirlingError.js';

/**
 * Natural log of the beta function B(a, b) = Γ(a)Γ(b)/Γ(a + b), for a, b > 0.
 * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b) while both are below 10; otherwise, with n = a + b,
 * ln B = ½ ln 2π − ½ ln(ab/n) − a ln(1 + b/a) − b ln(1 + a/b) + δ(a) + δ(b) − δ(n)
 * (Stirling's formula with its error δ = `stirlingError`, Loader 2000), which avoids subtracting
 * ln Γ values of size n ln n. Relative error ≲ 1e-14 away from the zeros of ln B.
 * Example: logBeta(0.5, 0.5) = ln π = 1.1447298858494002.
 */
export function logBeta(a: number, b: number): number {
  return logBetaUnchecked(requirePositive('a', a), requirePositive('b', b));
}

/** `logBeta` without the input checks (a, b > 0 finite). */
export function logBetaUnchecked(a: number, b: number): number {
  if (a < 10 && b < 10) return logGammaUnchecked(a) + logGammaUnchecked(b) - logGammaUnchecked(a + b);
  const n = a + b;
  return HALF_LOG_TWO_PI - 0.5 * Math.log((a / n) * b) - a * Math.log1p(b / a) - b * Math.log1p(a / b) + stirlingError(a) + stirlingError(b) - stirlingError(n);
}
