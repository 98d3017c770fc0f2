import { normalQuantile } from '../math/normalQuantile.js';
import { requireBoundsArguments } from './proportionBounds.js';
import type { Interval } from './interval.js';

/**
 * Wilson score bounds (Wilson 1927, "Probable inference, the law of succession, and statistical
 * inference"), each one-sided at tail probability alpha, z = Φ⁻¹(1 − alpha):
 * p = (c + z²/2 ± z √(c(n − c)/n + z²/4)) / (n + z²).
 * The bound on the side of ½ away from p̂ is formed by addition; the other from the product of the
 * two roots, c² / (n(n + z²)) — the same values without cancellation, so L = 0 exactly at c = 0 and
 * U = 1 exactly at c = n.
 * Example (seed): wilsonBounds(30, 27, 0.025) = { lower: 0.7437891742081592, upper: 0.9654001112526657 } — 27 of 30,
 * two-sided 95 %: [74.4 %, 96.5 %].
 */
export function wilsonBounds(n: number, c: number, alpha: number): Interval {
  requireBoundsArguments(n, c, alpha);
  const z = -normalQuantile(alpha);
  const z2 = z * z;
  const denominator = n + z2;
  const half = (z * Math.sqrt((c * (n - c)) / n + z2 / 4)) / denominator;
  // Work on the side where the estimate is at most ½: k successes there, the far root by addition.
  const k = Math.min(c, n - c);
  const far = (k + z2 / 2) / denominator + half;
  // k = 0: the near root is 0 (also at z = 0, a one-sided 50 % bound, where far is 0 too and the product form 0/0).
  const near = k === 0 ? 0 : (k * k) / (n * denominator * far);
  return c <= n - c ? { lower: near, upper: far } : { lower: 1 - far, upper: 1 - near };
}
