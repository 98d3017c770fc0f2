import { InputError } from '../errors.js';
import { requireInteger } from '../checks.js';
import { ARGUMENT_LIMITS, requireAtMost } from '../checkArgs.js';

/**
 * C(m, k) / C(n, k) for integers 0 ≤ m ≤ n, 0 ≤ k ≤ n, exact to rounding for n up to 2^53.
 *
 *   C(m, k)/C(n, k) = ∏_{j<k} (m − j)/(n − j) = ∏_{j<n−m} (n − k − j)/(n − j)
 *
 * (both equal m!(n−k)! / (n!(m−k)!)); the shorter product is used. Each factor is a ratio of
 * integers below 2^53, carried as a double-double (the quotient plus its exact division
 * remainder, Dekker 1971), and so is the running product, so even 10^7 factors lose nothing
 * visible before the final rounding to a double.
 * Example: C(8, 3)/C(10, 3) = 56/120 (seeds: n = 10, c = 2, k = 3 → pass@3 = 64/120 = 53.33 %).
 */
export function binomialRatio(n: number, m: number, k: number): number {
  if (!(Number.isSafeInteger(n) && Number.isInteger(m) && Number.isInteger(k) && m >= 0 && m <= n && k >= 0 && k <= n && k <= MAX_TERMS))
    checkRatioArguments(n, m, k);
  if (k > m) return 0;
  const [hi] = ratioProduct(n, m, k);
  return hi;
}

/** 1 − C(m, k)/C(n, k), taken from the double-double product so that no digits cancel. */
export function oneMinusBinomialRatio(n: number, m: number, k: number): number {
  if (!(Number.isSafeInteger(n) && Number.isInteger(m) && Number.isInteger(k) && m >= 0 && m <= n && k >= 0 && k <= n && k <= MAX_TERMS))
    checkRatioArguments(n, m, k);
  if (k > m) return 1;
  const [hi, lo] = ratioProduct(n, m, k);
  // 1 − hi is exact when hi ≥ ½ (Sterbenz); otherwise the result is ≥ ½ and one rounding is fine.
  return 1 - hi - lo;
}

/** The largest k: the product takes up to k factors. */
const MAX_TERMS = ARGUMENT_LIMITS.kSum;

/** The error for arguments outside 0 ≤ m ≤ n, 0 ≤ k ≤ n (integers), k at most MAX_TERMS (only called when one is). */
function checkRatioArguments(n: number, m: number, k: number): never {
  requireInteger('n', n, 0);
  requireInteger('m', m, 0, n);
  requireInteger('k', k, 0, n);
  requireAtMost('k', k, MAX_TERMS, 'the product takes up to k factors; 10⁸ take about a second');
  throw new InputError('k', 'must be an integer from 0 to n', k);
}

const SPLITTER = 134217729; // 2^27 + 1, Veltkamp's split for Dekker's exact product

/** The product ∏ (m − j)/(n − j) as an unevaluated sum hi + lo (requires k ≤ m ≤ n). */
function ratioProduct(n: number, m: number, k: number): [number, number] {
  const shortK = k <= n - m;
  const terms = shortK ? k : n - m;
  let hi = 1;
  let lo = 0;
  for (let j = 0; j < terms; j++) {
    const num = shortK ? m - j : n - k - j;
    const den = n - j;
    // factor = q + f exactly, f = (num − q·den)/den, q·den split exactly (TwoProduct).
    const q = num / den;
    let t = SPLITTER * q;
    const qh = t - (t - q);
    const ql = q - qh;
    t = SPLITTER * den;
    const dh = t - (t - den);
    const dl = den - dh;
    const qd = q * den;
    const qdLow = ql * dl - (qd - qh * dh - ql * dh - qh * dl);
    const f = (num - qd - qdLow) / den;
    // (hi + lo)·(q + f): exact hi·q, then the cross terms; renormalise (FastTwoSum).
    t = SPLITTER * hi;
    const hh = t - (t - hi);
    const hl = hi - hh;
    const prod = hi * q;
    const prodLow = hl * ql - (prod - hh * qh - hl * qh - hh * ql);
    const tail = prodLow + (hi * f + lo * q);
    hi = prod + tail;
    lo = tail - (hi - prod);
    if (hi === 0) return [0, 0];
  }
  return [hi, lo];
}
