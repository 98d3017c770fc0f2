import { requireInteger } from '../checks.js';
import { optionalFunction, requireNumbers, requireObject, requireRng } from '../checkArgs.js';
import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';
import { runSteps, type Steps } from '../stepwise.js';

/** A two-sided p-value and how it was obtained. */
export interface PValue {
  readonly value: number;
  /**
   * Which test: `sign-flip` (paired, the same trials per task in both runs), `trial-permutation`
   * (paired, where a task's trial counts differ: `trialPermutationTestSteps`), `welch` (unpaired).
   * Always set by passk; optional for compare documents written before it was (then sign-flip or welch).
   */
  readonly test?: 'sign-flip' | 'trial-permutation' | 'welch';
  /** `exact`: every sign pattern or split; `monte-carlo`: random ones; `welch`: Welch's t-test (unpaired). */
  readonly method: 'exact' | 'monte-carlo' | 'welch';
  /** Sign patterns counted (2^m when exact, the random draws otherwise; 0 for welch). */
  readonly permutations: number;
  /** Monte Carlo standard error √(p(1 − p)/R) of a monte-carlo p-value; 0 when exact; null for welch. */
  readonly se: number | null;
}

/** Options of `signFlipTest`: up to how many non-zero differences it enumerates exactly, and the random patterns beyond that. */
export interface SignFlipOptions {
  /** Enumerate exactly when at most this many differences are non-zero. */
  readonly exactLimit: number;
  /** Random sign patterns above the limit. */
  readonly replicates: number;
  /** The stream of the random patterns (only called above the limit). */
  readonly rng: () => Rng;
}

/**
 * Two-sided sign-flip permutation test of "no difference" on per-task differences d_t (Fisher 1935,
 * §21; Good 2005, "Permutation, Parametric and Bootstrap Tests", §3.3): under H0 each task's
 * difference is as likely to have either sign, so p = P(|Σ s_t d_t| ≥ |Σ d_t|) over independent
 * signs s_t = ±1. Tasks with d_t = 0 do not move the sum and are left out (m = non-zero tasks).
 * Exact for m ≤ exactLimit, by meet-in-the-middle: the 2^⌈m/2⌉ sums of one half, sorted, against
 * each of the 2^⌊m/2⌋ sums of the other (binary search), so m = 30 costs ~10⁵ steps, not 10⁹.
 * Above it, R random patterns: p = (b + 1)/(R + 1) (b patterns at least as extreme; Phipson & Smyth
 * 2010) with its Monte Carlo SE √(p(1 − p)/R). Ties within 1e-9·Σ|d_t| count as extreme, so
 * rounding never splits sums that are equal in exact arithmetic.
 * Example (Python reference): d = [0.5, 0.25, −0.125, 0.5] → 4 of 16 patterns → p = 0.25.
 */
export function signFlipTest(differences: ArrayLike<number>, options: SignFlipOptions): PValue {
  requireNumbers('differences', differences);
  requireObject('options', options);
  // 2^⌈m/2⌉ sums are kept for an exact test (2^20 at 40), and the random patterns are one loop each.
  requireInteger('exactLimit', options.exactLimit, 0, 40);
  requireInteger('replicates', options.replicates, 1, 10_000_000);
  const makeRng = optionalFunction<() => Rng>('rng', options.rng);
  if (makeRng === undefined) throw new InputError('rng', 'must be a function that returns a random source (() => streamRng(seed, …))');
  return runSteps(signFlipTestSteps(differences, { ...options, rng: () => requireRng('rng()', makeRng()) }));
}

/** `signFlipTest` step by step: the Monte Carlo patterns yield after every PATTERNS_PER_STEP (done of total patterns). */
export function* signFlipTestSteps(differences: ArrayLike<number>, options: SignFlipOptions): Steps<PValue> {
  const d: number[] = [];
  let observed = 0;
  let scale = 0;
  for (let i = 0; i < differences.length; i++) {
    const x = differences[i]!;
    if (x === 0) continue;
    d.push(x);
    observed += x;
    scale += Math.abs(x);
  }
  if (d.length === 0) return { value: 1, test: 'sign-flip', method: 'exact', permutations: 1, se: 0 };
  const threshold = Math.abs(observed) - 1e-9 * scale;
  if (d.length <= options.exactLimit) return exactTest(d, threshold);
  return yield* monteCarloTest(d, threshold, options.replicates, options.rng());
}

/** Random sign patterns drawn between two yields of `monteCarloTest`. */
const PATTERNS_PER_STEP = 10_000;

/** Counts sign patterns with |sum| ≥ threshold over all 2^m patterns. */
function exactTest(d: readonly number[], threshold: number): PValue {
  const half = Math.floor(d.length / 2);
  const left = halfSums(d.slice(0, half));
  const right = halfSums(d.slice(half)).sort();
  let count = 0;
  for (const x of left) {
    // right values y with x + y ≥ threshold, and with x + y ≤ −threshold.
    count += right.length - lowerBound(right, threshold - x);
    count += upperBound(right, -threshold - x);
  }
  const permutations = left.length * right.length;
  // With threshold ≤ 0 both counts include every pattern; a p-value is at most 1.
  return { value: Math.min(1, count / permutations), test: 'sign-flip', method: 'exact', permutations, se: 0 };
}

/** The 2^m sums Σ ±d_i, each summed afresh (no running update, so no drift). */
function halfSums(d: readonly number[]): Float64Array {
  const sums = new Float64Array(2 ** d.length);
  for (let mask = 0; mask < sums.length; mask++) {
    let sum = 0;
    for (let i = 0; i < d.length; i++) sum += mask & (1 << i) ? -d[i]! : d[i]!;
    sums[mask] = sum;
  }
  return sums;
}

/** First index with sorted[i] ≥ value. */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index with sorted[i] > value (= how many are ≤ value). */
function upperBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * R random sign patterns. Tasks with the same difference v (common: with n trials per task d_t takes
 * at most (n + 1)² values) are one group of size m, whose signed sum is v·(m − 2X) with X the number
 * of minus signs: X ~ Binomial(m, ½), drawn exactly as the popcount of m random bits (⌈m/32⌉ words),
 * so a replicate costs words, not tasks.
 */
function* monteCarloTest(d: readonly number[], threshold: number, replicates: number, rng: Rng): Steps<PValue> {
  const sizes = new Map<number, number>();
  for (const x of d) sizes.set(x, (sizes.get(x) ?? 0) + 1);
  const values = Float64Array.from(sizes.keys());
  const counts = Int32Array.from(sizes.values());
  let extreme = 0;
  for (let r = 0; r < replicates; r++) {
    if (r > 0 && r % PATTERNS_PER_STEP === 0) yield { done: r, total: replicates };
    let sum = 0;
    for (let g = 0; g < values.length; g++) {
      const m = counts[g]!;
      let minus = 0;
      for (let left = m; left > 0; left -= 32) {
        const word = rng.uint32();
        minus += popcount(left >= 32 ? word : word & ((1 << left) - 1));
      }
      sum += values[g]! * (m - 2 * minus);
    }
    if (Math.abs(sum) >= threshold) extreme++;
  }
  const value = (extreme + 1) / (replicates + 1);
  return { value, test: 'sign-flip', method: 'monte-carlo', permutations: replicates, se: Math.sqrt((value * (1 - value)) / replicates) };
}

/** Set bits of a 32-bit word (SWAR count; Warren, "Hacker's Delight", §5-1). */
function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
