/**
 * The tail of Stirling's series for ln Γ:
 * ω(x) = Σ_{k=1..9} B_{2k} / (2k(2k − 1) x^{2k−1}) = ln Γ(x) − (x − ½) ln x + x − ½ ln 2π
 * (Abramowitz & Stegun 6.1.40–6.1.41; B_{2k} are the Bernoulli numbers, A&S Table 23.2).
 *
 * Internal: valid for x ≥ 10, where the first omitted term, |B_20| / (380 x^19), is below 1.4e-19.
 * Example: ω(10) = 0.008330563433362871 (ln Γ(10) − 9.5 ln 10 + 10 − ½ ln 2π).
 */
export function stirlingSeries(x: number): number {
  const r = 1 / (x * x);
  // Coefficients B_{2k} / (2k(2k − 1)), k = 1..9: exact rationals, summed by Horner in r = 1/x².
  let sum = 43867 / 244188;
  sum = sum * r - 3617 / 122400;
  sum = sum * r + 1 / 156;
  sum = sum * r - 691 / 360360;
  sum = sum * r + 1 / 1188;
  sum = sum * r - 1 / 1680;
  sum = sum * r + 1 / 1260;
  sum = sum * r - 1 / 360;
  sum = sum * r + 1 / 12;
  return sum / x;
}
