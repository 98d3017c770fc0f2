import { betaLambda } from './betaLambda.js';
import { binomialDeviance } from './binomialDeviance.js';
import { logBetaUnchecked } from './logBeta.js';
import { stirlingError } from './stirlingError.js';

/**
 * The leading factor of the incomplete beta function, x^a y^b / B(a, b) with y = 1 − x, computed
 * without forming x^a, y^b or B(a, b) (each of which under/overflows or cancels for large a, b):
 * x^a y^b / B(a, b) = √(ab / (2πn)) · exp(δ(n) − δ(a) − δ(b) − bd0(a, nx) − bd0(b, ny)), n = a + b
 * (Stirling's formula with its error δ and the deviance bd0, as Loader 2000 does for the binomial
 * density; with a = k, b = n − k it is the binomial pmf × k(n − k)/n). The differences a − nx = λ and
 * b − ny = −λ come from `betaLambda`, so a, b in the millions lose no digits. Relative error ≈ 1e-16 ×
 * the size of the exponent, e.g. ~1e-13 for a result of 1e-300.
 * Internal (no input check): a, b > 0 finite; x, y in [0, 1] with x + y = 1 (y passed to keep its precision).
 * Example: betaPowerTerm(0.3, 0.7, 2, 3) = 0.3² · 0.7³ / B(2, 3) = 0.3² · 0.7³ · 12 = 0.37044.
 */
export function betaPowerTerm(x: number, y: number, a: number, b: number): number {
  if (x === 0 || y === 0) return 0;
  const n = a + b;
  // n·x or n·y underflows only for subnormal x or y with a + b < 1; there the plain logs are exact enough.
  if (n * x === 0 || n * y === 0) return Math.exp(a * Math.log(x) + b * Math.log(y) - logBetaUnchecked(a, b));
  const lambda = betaLambda(x, y, a, b);
  const exponent = stirlingError(n) - stirlingError(a) - stirlingError(b) - binomialDeviance(a, n * x, lambda) - binomialDeviance(b, n * y, -lambda);
  return Math.sqrt((a / n) * (b / (2 * Math.PI))) * Math.exp(exponent);
}
