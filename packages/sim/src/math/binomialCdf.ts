import { requireInteger, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { betaTails } from './regularizedBeta.js';

function checkArguments(k: number, n: number, p: number): void {
  if (typeof k !== 'number' || !Number.isInteger(k)) throw new InputError('k', 'must be an integer', k);
  requireInteger('n', n, 0);
  requireUnit('p', p);
}

/** P(X ≤ k) and P(X > k) for 0 ≤ k < n, 0 < p < 1, from the incomplete beta function. */
function binomialTails(k: number, n: number, p: number): { cdf: number; sf: number } {
  const tails = betaTails(p, 1 - p, k + 1, n - k);
  return { cdf: tails.upper, sf: tails.lower };
}

/**
 * The binomial CDF P(X ≤ k) for X ~ Binomial(n, p); k may lie outside 0..n (0 below, 1 above).
 * P(X ≤ k) = 1 − I_p(k + 1, n − k) = I_{1−p}(n − k, k + 1)   (A&S 26.5.24), each tail computed
 * directly, so values down to 1e-300 keep ~1e-13 relative accuracy for n up to 1e7.
 * Example: binomialCdf(2, 10, 0.3) = 0.3827827863999998 (= 0.7¹⁰ + 10·0.3·0.7⁹ + 45·0.09·0.7⁸).
 */
export function binomialCdf(k: number, n: number, p: number): number {
  checkArguments(k, n, p);
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p === 0) return 1;
  if (p === 1) return 0;
  return binomialTails(k, n, p).cdf;
}

/**
 * The binomial survival function P(X > k) = 1 − P(X ≤ k) = I_p(k + 1, n − k)   (A&S 26.5.24),
 * computed directly (not as 1 − CDF), so small upper tails keep their relative accuracy.
 * Example: binomialSf(2, 10, 0.3) = 0.6172172136000002.
 */
export function binomialSf(k: number, n: number, p: number): number {
  checkArguments(k, n, p);
  if (k < 0) return 1;
  if (k >= n) return 0;
  if (p === 0) return 0;
  if (p === 1) return 1;
  return binomialTails(k, n, p).sf;
}
