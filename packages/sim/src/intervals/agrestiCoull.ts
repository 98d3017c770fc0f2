import { normalQuantile } from '../math/normalQuantile.js';
import { requireBoundsArguments } from './proportionBounds.js';
import type { Interval } from './interval.js';

/**
 * Agresti–Coull bounds (Agresti & Coull 1998, "Approximate is better than 'exact' for interval
 * estimation of binomial proportions"), each one-sided at tail probability alpha, z = Φ⁻¹(1 − alpha):
 * ñ = n + z², p̃ = (c + z²/2)/ñ, p = p̃ ± z √(p̃(1 − p̃)/ñ), clipped to [0, 1].
 * Example: agrestiCoullBounds(30, 27, 0.025) = { lower: 0.7358281750847897, upper: 0.9733611103760351 }.
 */
export function agrestiCoullBounds(n: number, c: number, alpha: number): Interval {
  requireBoundsArguments(n, c, alpha);
  const z = -normalQuantile(alpha);
  const z2 = z * z;
  const nTilde = n + z2;
  const pTilde = (c + z2 / 2) / nTilde;
  const half = z * Math.sqrt((pTilde * (1 - pTilde)) / nTilde);
  return { lower: Math.max(0, pTilde - half), upper: Math.min(1, pTilde + half) };
}
