import { requireRng } from '../checkArgs.js';
import { requireUnit } from '../checks.js';
import type { Rng } from '../rng/rng.js';

/**
 * Index (1-based) of the first success in independent Bernoulli(p) trials: P(X = j) = (1 − p)^{j−1}·p.
 *
 * Formula: X = ⌈ln V / ln(1 − p)⌉ with V = 1 − U ∈ (0, 1] (inversion: P(X > j) = P(V < (1 − p)^j) = (1 − p)^j);
 * ln(1 − p) via log1p. p = 1 gives 1, p = 0 gives Infinity. Source: Devroye (1986), §X.2.
 * One uniform, O(1) time. The value V = 1 (probability 2^-53) maps to 1.
 * Example: geometric(rng, 0.25) has mean 1/p = 4 and P(X = 1) = 0.25 (tested against scipy.stats.geom).
 */
export function geometric(rng: Rng, p: number): number {
  requireRng('rng', rng);
  requireUnit('p', p);
  if (p === 1) return 1;
  if (p === 0) return Infinity;
  const x = Math.ceil(Math.log(1 - rng.uniform()) / Math.log1p(-p));
  return x < 1 ? 1 : x;
}
