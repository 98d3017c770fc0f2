import { requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { agrestiCoullBounds } from './agrestiCoull.js';
import { clopperPearsonBounds } from './clopperPearson.js';
import { jeffreysBounds } from './jeffreys.js';
import type { BoundsFunction } from './proportionBounds.js';
import { wilsonBounds } from './wilson.js';
import type { Interval } from './interval.js';

/** The methods offered for an interval on a success probability p. */
export type IntervalMethod = 'wilson' | 'clopper-pearson' | 'jeffreys' | 'agresti-coull';

/** Every `IntervalMethod`, in the order they are listed to users. */
export const INTERVAL_METHODS: readonly IntervalMethod[] = Object.freeze(['wilson', 'clopper-pearson', 'jeffreys', 'agresti-coull'] as const);

/** How to compute an interval for p: the method, the confidence level, two-sided or one-sided (and which tail). */
export interface IntervalOptions {
  method: IntervalMethod;
  /** Confidence level in (0, 1), e.g. 0.95. */
  confidence: number;
  /** 2: equal-tailed two-sided interval; 1: one-sided bound. */
  sides: 1 | 2;
  /** One-sided only (default 'lower'): 'lower' gives [L, 1], 'upper' gives [0, U]. */
  tail?: 'lower' | 'upper';
}

/** An interval for p that describes itself: estimate, bounds, method, confidence and sidedness. */
export interface ProportionInterval extends Interval {
  /** The point estimate c/n. */
  estimate: number;
  method: IntervalMethod;
  confidence: number;
  sides: 1 | 2;
  /** Present for one-sided intervals: which bound was computed. */
  tail?: 'lower' | 'upper';
}

const BOUNDS: Readonly<Record<IntervalMethod, BoundsFunction>> = Object.freeze({
  wilson: wilsonBounds,
  'clopper-pearson': clopperPearsonBounds,
  jeffreys: jeffreysBounds,
  'agresti-coull': agrestiCoullBounds,
});

/**
 * A confidence interval for the success probability p of one task from n trials with c successes.
 * sides 2: [L, U] with each bound at tail probability (1 − confidence)/2; sides 1: the lower bound
 * [L, 1] or the upper bound [0, U] at tail probability 1 − confidence. Methods: Wilson (1927),
 * Clopper–Pearson (1934), Jeffreys and Agresti–Coull (Brown, Cai & DasGupta 2001).
 * Example (seed): proportionInterval(30, 27, { method: 'wilson', confidence: 0.95, sides: 2 })
 * → { estimate: 0.9, lower: 0.7438…, upper: 0.9654… }, i.e. [74.4 %, 96.5 %].
 *
 * @category Building blocks
 * @param n - Trials (integer ≥ 1).
 * @param c - Successes among them (0 ≤ c ≤ n).
 * @param options - method, confidence, sides (and tail when one-sided).
 * @returns The estimate c/n with its interval, method, confidence and sidedness.
 * @example
 * ```ts
 * import { proportionInterval } from '@passk/sim';
 * const p = proportionInterval(30, 27, { method: 'wilson', confidence: 0.95, sides: 2 });
 * console.log(p.lower.toFixed(4), p.upper.toFixed(4)); // → 0.7438 0.9654
 * ```
 */
export function proportionInterval(n: number, c: number, options: IntervalOptions): ProportionInterval {
  if (typeof options !== 'object' || options === null) throw new InputError('options', 'must be an object', options);
  const { method, confidence, sides, tail } = options;
  if (!(INTERVAL_METHODS as readonly unknown[]).includes(method)) {
    throw new InputError('method', `must be one of ${INTERVAL_METHODS.join(', ')}`, method);
  }
  requireOpenUnit('confidence', confidence);
  if (sides !== 1 && sides !== 2) throw new InputError('sides', 'must be 1 or 2', sides);
  if (sides === 1 && !(confidence >= 0.5)) {
    // Below ½ a one-sided bound crosses the estimate: a lower bound above c/n (and Agresti–Coull's outside [0, 1]).
    throw new InputError('confidence', 'must be at least 0.5 for a one-sided bound (below, a lower bound lies above the estimate)', confidence);
  }
  if (sides === 2 && tail !== undefined) {
    throw new InputError('tail', 'applies only to one-sided intervals (sides: 1)', tail);
  }
  if (tail !== undefined && tail !== 'lower' && tail !== 'upper') {
    throw new InputError('tail', 'must be "lower" or "upper"', tail);
  }
  const alpha = 1 - confidence;
  const bounds = BOUNDS[method];
  if (sides === 2) {
    const { lower, upper } = bounds(n, c, alpha / 2);
    return { estimate: c / n, lower, upper, method, confidence, sides };
  }
  const side = tail ?? 'lower';
  const { lower, upper } = bounds(n, c, alpha);
  return side === 'lower'
    ? { estimate: c / n, lower, upper: 1, method, confidence, sides, tail: side }
    : { estimate: c / n, lower: 0, upper, method, confidence, sides, tail: side };
}
