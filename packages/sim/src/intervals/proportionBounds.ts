import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import type { Interval } from './interval.js';

/**
 * The shape shared by the four interval methods: bounds for p from n trials with c successes, each
 * bound one-sided at tail probability `alpha` — P(p < lower) ≤ alpha and P(p > upper) ≤ alpha in the
 * method's own sense. A two-sided interval at confidence 1 − α uses alpha = α/2 and both bounds;
 * a one-sided bound at confidence 1 − α uses alpha = α and one of them.
 */
export type BoundsFunction = (n: number, c: number, alpha: number) => Interval;

/** Validates the arguments of a `BoundsFunction`: n ≥ 1 and 0 ≤ c ≤ n integers, alpha in (0, 1). */
export function requireBoundsArguments(n: number, c: number, alpha: number): void {
  requireInteger('n', n, 1);
  requireCounts(n, c);
  requireOpenUnit('alpha', alpha);
}
