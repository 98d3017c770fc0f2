import { requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { requireInteger } from '../checks.js';
import { binomialCdf, binomialSf } from '../math/binomialCdf.js';
import { proportionInterval, type IntervalMethod } from './proportionInterval.js';

/** The least coverage of a one-sided bound over p ∈ (0, 1), and where it is reached. */
export interface MinimumCoverage {
  /** inf over p of P(the bound covers p | n, p) (exact: true), or the least of the dips evaluated (exact: false). */
  readonly coverage: number;
  /**
   * The bound value the least coverage is approached at: from just below it for a lower bound, from
   * just above for an upper bound (coverage jumps there, so the infimum itself is not attained).
   */
  readonly at: number;
  /** true: every dip was evaluated, `coverage` is the minimum over all p; false: only the `maxDips` nearest 0 and 1, an upper bound on it. */
  readonly exact: boolean;
  /** How many dips were evaluated: n when exact, else maxDips rounded down to even. */
  readonly dips: number;
}

/** What oneSidedMinimumCoverage evaluates: the bound (method, confidence, which tail) and how many of its dips at most. */
export interface MinimumCoverageOptions {
  /** The bound's method (proportionInterval). */
  readonly method: IntervalMethod;
  /** Its confidence level in (0, 1): a one-sided bound at tail probability 1 − confidence. */
  readonly confidence: number;
  /** Default 'lower': [L, 1]. */
  readonly tail?: 'lower' | 'upper';
  /** Evaluate at most this many of the n dips, half nearest p = 0 and half nearest p = 1 (default: all n). */
  readonly maxDips?: number;
}

/** Most dips evaluated in one call. */
const MAX_DIPS = 1_000_000;

/**
 * The exact minimum coverage over p of a one-sided bound for p from n trials, no grid. A lower bound
 * L(c) covers p when L(c) ≤ p; L increases with c, so coverage(p) = P(C ≤ m(p) | n, p) with
 * m(p) = max{c : L(c) ≤ p}. On L(m) ≤ p < L(m + 1) that CDF falls as p grows and at L(m + 1) it
 * jumps up: the n dips P(C ≤ m | n, L(m + 1)), m = 0 … n − 1, and inf_p coverage is the least of
 * them (0 if L(0) > 0). An upper bound U(c) mirrors it: the dips P(C > c | n, U(c)). Each dip is one
 * bound and one binomial tail (the oscillation of Brown, Cai & DasGupta 2001, §2, read at its
 * troughs, where a grid of p only comes close). Clopper–Pearson's dips all equal the confidence:
 * P(C ≥ m + 1 | L_CP(m + 1)) = α by construction. `maxDips` bounds the work for a costly bound
 * (Jeffreys: a beta quantile per dip): the dips nearest 0 and 1, where the coverage of the
 * approximate bounds falls (then `exact` is false and `coverage` an upper bound on the minimum).
 * Example: the one-sided 95 % Wilson lower bound at n = 8 → coverage 0.79414…, approached below
 * L(1) = 0.02839…, exact.
 */
export function oneSidedMinimumCoverage(n: number, options: MinimumCoverageOptions): MinimumCoverage {
  requireInteger('n', n, 1);
  requireObject('options', options);
  const tail = options.tail ?? 'lower';
  // Each dip is an interval and a binomial tail (10⁵ Wilson dips take 0.2 s, Jeffreys ones 30 times that).
  if (options.maxDips === undefined && n > MAX_DIPS)
    throw new InputError('n', `must be at most ${MAX_DIPS} unless maxDips bounds the dips evaluated (one interval and one binomial tail each)`, n);
  const maxDips = options.maxDips === undefined ? n : requireInteger('maxDips', options.maxDips, 2, MAX_DIPS);
  const interval = { method: options.method, confidence: options.confidence, sides: 1 as const, tail };
  const known = new Map<number, number>(); // each bound once: dip m needs those of c = m and m + 1
  const bound = (c: number) => {
    let value = known.get(c);
    if (value === undefined) {
      const { lower, upper } = proportionInterval(n, c, interval);
      value = tail === 'lower' ? lower : upper;
      known.set(c, value);
    }
    return value;
  };
  // Dip m lies between the bounds of c = m and c = m + 1; the ones evaluated, in order.
  const half = Math.floor(maxDips / 2);
  const exact = n <= maxDips;
  const dips = exact
    ? Array.from({ length: n }, (_, m) => m)
    : [...Array.from({ length: half }, (_, m) => m), ...Array.from({ length: half }, (_, i) => n - half + i)];
  const ends = tail === 'lower' ? bound(0) : bound(n);
  if (tail === 'lower' ? ends > 0 : ends < 1) return { coverage: 0, at: ends, exact: true, dips: 0 };
  let least = { coverage: 1, at: tail === 'lower' ? 1 : 0 };
  for (const m of dips) {
    const left = bound(m);
    const right = bound(m + 1);
    if (!(right >= left)) throw new Error(`oneSidedMinimumCoverage: the ${options.method} ${tail} bound falls from c = ${m} to c = ${m + 1}`);
    if (right === left) continue; // no p between them: no dip
    // Just below L(m + 1), C ≤ m covers; just above U(m), C > m covers.
    const coverage = tail === 'lower' ? binomialCdf(m, n, right) : binomialSf(m, n, left);
    if (coverage < least.coverage) least = { coverage, at: tail === 'lower' ? right : left };
  }
  return { ...least, exact, dips: dips.length };
}
