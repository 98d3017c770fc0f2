import { requireUnit } from '../checks.js';

// Wichura (1988), "Algorithm AS 241: The percentage points of the normal distribution",
// Applied Statistics 37(3), 477–484: coefficients of PPND16 (relative accuracy about 1e-16).
const CENTRAL_NUMERATOR = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457, 67265.770927008700853,
  33430.575583588128105, 2509.0809287301226727,
] as const;
const CENTRAL_DENOMINATOR = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061, 28729.085735721942674,
  5226.495278852854561,
] as const;
const NEAR_NUMERATOR = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258, 0.24178072517745061177,
  0.0227238449892691845833, 7.7454501427834140764e-4,
] as const;
const NEAR_DENOMINATOR = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4,
  1.05075007164441684324e-9,
] as const;
const FAR_NUMERATOR = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093, 0.0012426609473880784386,
  2.71155556874348757815e-5, 2.01033439929228813265e-7,
] as const;
const FAR_DENOMINATOR = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7,
  2.04426310338993978564e-15,
] as const;

/** c[0] + c[1] r + … + c[7] r^7 by Horner's rule. */
function polynomial(c: readonly number[], r: number): number {
  let sum = c[7];
  for (let i = 6; i >= 0; i--) sum = sum * r + c[i];
  return sum;
}

/**
 * The standard normal quantile Φ⁻¹(q), q in [0, 1] (−∞ at 0, +∞ at 1).
 * Φ⁻¹(q): rational approximations in q − ½ (|q − ½| ≤ 0.425) and in r = √(−ln min(q, 1 − q))
 * (r ≤ 5, r > 5) — Wichura 1988, AS 241 PPND16, relative accuracy about 1e-16 down to q ≈ 1e-300.
 * Example: normalQuantile(0.975) = 1.959963984540054.
 */
export function normalQuantile(q: number): number {
  requireUnit('q', q);
  const centred = q - 0.5;
  if (Math.abs(centred) <= 0.425) {
    const r = 0.180625 - centred * centred;
    return (centred * polynomial(CENTRAL_NUMERATOR, r)) / polynomial(CENTRAL_DENOMINATOR, r);
  }
  const tail = centred < 0 ? q : 1 - q;
  if (tail === 0) return centred < 0 ? -Infinity : Infinity;
  let r = Math.sqrt(-Math.log(tail));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value = polynomial(NEAR_NUMERATOR, r) / polynomial(NEAR_DENOMINATOR, r);
  } else {
    r -= 5;
    value = polynomial(FAR_NUMERATOR, r) / polynomial(FAR_DENOMINATOR, r);
  }
  return centred < 0 ? -value : value;
}
