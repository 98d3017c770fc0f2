import { betaQuantile, betaQuantileComplement } from '../math/betaQuantile.js';
import { requireBoundsArguments } from './proportionBounds.js';
import type { Interval } from './interval.js';

/**
 * Clopper–Pearson ("exact") bounds (Clopper & Pearson 1934), each one-sided at tail probability alpha:
 * L = B⁻¹(alpha; c, n − c + 1), U = B⁻¹(1 − alpha; c + 1, n − c), with L = 0 at c = 0 and U = 1 at c = n
 * (quantiles of the beta distribution; Brown, Cai & DasGupta 2001, §4.2.1). At the ends the quantiles
 * are closed forms: L = alpha^(1/n) at c = n, U = 1 − alpha^(1/n) at c = 0.
 * Example (seed): clopperPearsonBounds(30, 30, 0.05).lower = 0.05^(1/30) = 0.9049661471446958 —
 * 30 of 30, one-sided 95 %: p ≥ 90.5 %.
 */
export function clopperPearsonBounds(n: number, c: number, alpha: number): Interval {
  requireBoundsArguments(n, c, alpha);
  const rootOfAlpha = Math.log(alpha) / n; // ln alpha^(1/n)
  const lower = c === 0 ? 0 : c === n ? Math.exp(rootOfAlpha) : betaQuantile(alpha, c, n - c + 1);
  const upper = c === n ? 1 : c === 0 ? -Math.expm1(rootOfAlpha) : betaQuantileComplement(alpha, c + 1, n - c);
  return { lower, upper };
}
