/**
 * The deviance term of a binomial/Poisson saddle point:
 * bd0(x, m) = x ln(x/m) + m − x ≥ 0   (Loader 2000, "Fast and accurate computation of binomial
 * probabilities", §2). Near x = m it is summed as (x − m)v + 2x Σ_{j≥1} v^{2j+1}/(2j + 1) with
 * v = (x − m)/(x + m) (from ln((1 + v)/(1 − v)) = 2 artanh v), which avoids the cancellation of the
 * direct form; relative error a few ulp. Callers that know x − m more accurately than the rounded
 * subtraction (e.g. from `betaLambda`) pass it as `difference`.
 * Internal (no input check): x ≥ 0, m > 0.
 * Example: bd0(3, 5) = 3 ln(3/5) + 2 = 0.46752312870202795.
 */
export function binomialDeviance(x: number, m: number, difference: number = x - m): number {
  const d = difference;
  const s = x + m;
  if (Math.abs(d) < 0.5 * s) {
    const v = d / s;
    const v2 = v * v;
    let sum = d * v;
    let term = 2 * x * v;
    for (let j = 1; j < 200; j++) {
      term *= v2;
      const next = sum + term / (2 * j + 1);
      if (next === sum) return sum;
      sum = next;
    }
    return sum;
  }
  if (x === 0) return m;
  const ratio = x / m;
  // x/m over/underflows when m is subnormal or huge; then ln x − ln m (no cancellation that far apart).
  const logRatio = ratio > 0 && ratio < Infinity ? Math.log(ratio) : Math.log(x) - Math.log(m);
  return x * logRatio + m - x;
}
