/**
 * Exact rational arithmetic with BigInt, used as the independent reference for the estimators:
 * C(m, k)/C(n, k) as an exact fraction, converted to the nearest double.
 */
export function binomial(n: bigint, k: bigint): bigint {
  if (k < 0n || k > n) return 0n;
  if (k > n - k) k = n - k;
  let result = 1n;
  for (let j = 0n; j < k; j++) result = (result * (n - j)) / (j + 1n);
  return result;
}

/** num/den rounded to a double (to within one unit in the last place). */
export function fractionToNumber(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  // Scale so the integer quotient carries ≥ 64 significant bits, then let Number() round it.
  const shift = BigInt(Math.max(0, 64 + den.toString(2).length - num.toString(2).length));
  let value = Number((num << shift) / den);
  // Divide by 2^shift in steps (2^shift alone may overflow); powers of two divide exactly.
  for (let s = Number(shift); s > 0; s -= 1000) value /= 2 ** Math.min(s, 1000);
  return value;
}

/** Exact C(m, k)/C(n, k) as a double. */
export function exactBinomialRatio(n: number, m: number, k: number): number {
  return fractionToNumber(binomial(BigInt(m), BigInt(k)), binomial(BigInt(n), BigInt(k)));
}

/** Exact 1 − C(m, k)/C(n, k) as a double. */
export function exactOneMinusBinomialRatio(n: number, m: number, k: number): number {
  const den = binomial(BigInt(n), BigInt(k));
  return fractionToNumber(den - binomial(BigInt(m), BigInt(k)), den);
}

/** Distance in units of the last place between two positive doubles. */
export function ulpDistance(a: number, b: number): number {
  if (a === b) return 0;
  const buf = new DataView(new ArrayBuffer(16));
  buf.setFloat64(0, a);
  buf.setFloat64(8, b);
  return Math.abs(Number(buf.getBigInt64(0) - buf.getBigInt64(8)));
}
