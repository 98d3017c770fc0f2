import { requireInteger, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { betaPowerTerm } from './betaPowerTerm.js';

/**
 * The binomial probability P(X = k) for X ~ Binomial(n, p), accurate to ~1e-15 relative (1e-13 for
 * values near 1e-300) for n in the millions.
 * P(X = k) = C(n, k) p^k (1 − p)^(n−k) = √(n / (2πk(n − k))) exp(δ(n) − δ(k) − δ(n − k) − bd0(k, np) − bd0(n − k, nq))
 * (Loader 2000, "Fast and accurate computation of binomial probabilities"; via `betaPowerTerm`),
 * with p^n and (1 − p)^n at the ends. k outside 0..n gives 0.
 * Example: binomialPmf(3, 10, 0.3) = 120 · 0.3³ · 0.7⁷ = 0.26682793200000005.
 */
export function binomialPmf(k: number, n: number, p: number): number {
  if (typeof k !== 'number' || !Number.isInteger(k)) throw new InputError('k', 'must be an integer', k);
  requireInteger('n', n, 0);
  requireUnit('p', p);
  if (k < 0 || k > n) return 0;
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  if (k === n) return Math.pow(p, n);
  if (k === 0) return p >= 0.5 ? Math.pow(1 - p, n) : Math.exp(n * Math.log1p(-p));
  return (betaPowerTerm(p, 1 - p, k, n - k) * n) / (k * (n - k));
}
