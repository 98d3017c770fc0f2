import { normalCdf } from '../math/normalCdf.js';

/**
 * P(χ²₁ ≥ x) = 2(1 − Φ(√x)) (a χ²₁ variable is the square of a standard normal).
 * Example: chiSquare1Tail(3.841458820694124) = 0.05.
 */
export function chiSquare1Tail(x: number): number {
  if (!(x > 0)) return 1;
  return 2 * normalCdf(-Math.sqrt(x));
}

/**
 * p-value of a likelihood-ratio statistic for one parameter: χ²₁ when the null value is inside the
 * parameter's range (afterFailure = 0), ½χ²₀ + ½χ²₁ when it is the range's end (icc = 0,
 * stickiness = 0; Self & Liang 1987, "Asymptotic properties of maximum likelihood estimators and
 * likelihood ratio tests under nonstandard conditions", JASA 82:605–610).
 */
export function likelihoodRatioPValue(statistic: number, nullOnBoundary: boolean): number {
  const tail = chiSquare1Tail(statistic);
  return nullOnBoundary ? Math.min(1, statistic > 0 ? tail / 2 : 1) : tail;
}
