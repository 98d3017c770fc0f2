import { betaQuantile, betaQuantileComplement } from '../math/betaQuantile.js';
import { requireBoundsArguments } from './proportionBounds.js';
import type { Interval } from './interval.js';

/**
 * Jeffreys bounds (Brown, Cai & DasGupta 2001, "Interval estimation for a binomial proportion", §4.1.2):
 * quantiles of the Jeffreys posterior Beta(c + ½, n − c + ½), each one-sided at tail probability alpha,
 * L = B⁻¹(alpha; c + ½, n − c + ½), U = B⁻¹(1 − alpha; c + ½, n − c + ½), with their boundary
 * modification L = 0 at c = 0 and U = 1 at c = n.
 * Example: jeffreysBounds(30, 27, 0.025) = { lower: 0.7565983910150729, upper: 0.9710193809672735 }.
 */
export function jeffreysBounds(n: number, c: number, alpha: number): Interval {
  requireBoundsArguments(n, c, alpha);
  const a = c + 0.5;
  const b = n - c + 0.5;
  return {
    lower: c === 0 ? 0 : betaQuantile(alpha, a, b),
    upper: c === n ? 1 : betaQuantileComplement(alpha, a, b),
  };
}
