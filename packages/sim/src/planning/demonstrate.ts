import { requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { binomialCdf } from '../math/binomialCdf.js';

/** Options of `planDemonstration`: the pass^k to demonstrate, k, the confidence and the failures allowed. */
export interface DemonstrateOptions {
  /** The pass^k to demonstrate, in (0, 1). */
  readonly target: number;
  readonly k: number;
  /** One-sided confidence level, in (0, 1). */
  readonly confidence: number;
  /** Failures allowed among the runs (default 0). */
  readonly failures?: number;
}

/** What `planDemonstration` returns: the runs needed to show pass^k ≥ target at the confidence, with the failures allowed among them. */
export interface DemonstratePlan {
  readonly target: number;
  readonly k: number;
  readonly confidence: number;
  readonly failures: number;
  /** The single-attempt rate that pass^k ≥ target requires: p₀ = target^(1/k). */
  readonly requiredRate: number;
  /** 1 − p₀, computed as −expm1(ln(target)/k) so that it keeps its digits when p₀ rounds toward 1. */
  readonly failureRate: number;
  /** Runs needed: the smallest n with P(at most `failures` failures | p = p₀) ≤ 1 − confidence. */
  readonly runs: number;
  /** Runs needed for each allowed failure count 0..failures. */
  readonly byFailures: readonly { readonly failures: number; readonly runs: number }[];
  /** The rule of three, n ≈ 3/(1 − p₀) (95 %, zero failures; Hanley & Lippman-Hand 1983), for comparison. */
  readonly ruleOfThree: number;
  readonly method: string;
}

/**
 * Runs needed to demonstrate pass^k ≥ target at a one-sided confidence level, allowing f failures
 * (exact binomial test, equivalently the one-sided Clopper–Pearson lower bound ≥ p₀):
 *   smallest n with Σ_{i ≤ f} C(n, i)(1 − p₀)^i p₀^(n−i) ≤ α,  p₀ = target^(1/k);
 * for f = 0 this is n = ⌈ln α / ln p₀⌉ (docs/design.md §4). Exact at every input: ln p₀ = ln(target)/k with
 * ln(target) = log1p(target − 1) (target − 1 is exact for target ≥ ½), 1 − p₀ = −expm1(ln p₀), so
 * nothing cancels when p₀ is within 1e-16 of 1. A target that needs more than 2^53 runs is an
 * InputError (no search runs forever).
 * Example (seeds): pass^8 ≥ 90 % at 95 % with no failure → p₀ = 98.7 %, 228 runs (rule of three ≈ 230).
 */
export function planDemonstration(options: DemonstrateOptions): DemonstratePlan {
  if (options.target === 1)
    throw new InputError('target', 'must be below 1 (a target within 1.1e-16 of 1 rounds to 1 as a double; pass^k = 1 cannot be demonstrated)', options.target);
  const target = requireOpenUnit('target', options.target);
  const k = requireInteger('k', options.k, 1);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const failures = requireInteger('failures', options.failures ?? 0, 0, 1_000_000);
  const logRate = (target >= 0.5 ? Math.log1p(target - 1) : Math.log(target)) / k;
  const requiredRate = Math.exp(logRate);
  const failureRate = -Math.expm1(logRate);
  const alpha = 1 - confidence;
  const byFailures = Array.from({ length: failures + 1 }, (_, f) => ({ failures: f, runs: runsNeeded(logRate, failureRate, f, alpha, options.target) }));
  return {
    target,
    k,
    confidence,
    failures,
    requiredRate,
    failureRate,
    runs: byFailures[failures]!.runs,
    byFailures,
    ruleOfThree: Math.ceil(3 / failureRate),
    method:
      'one-sided exact binomial test (Clopper–Pearson): the smallest n for which passing with at most f failures has probability ≤ 1 − confidence when p = target^(1/k)',
  };
}

/** Largest run count searched: beyond it counts are no longer exact doubles. */
const MAX_RUNS = Number.MAX_SAFE_INTEGER;

/** Smallest n with P(F ≤ f) ≤ α, F ~ Binomial(n, q), q = 1 − p₀, ln p₀ = logRate; P(F ≤ f) decreases in n. */
function runsNeeded(logRate: number, q: number, f: number, alpha: number, target: number): number {
  const tooMany = () => new InputError('target', `needs more than 2^53 runs at this k and confidence (failure rate ${q.toExponential(3)} per attempt)`, target);
  if (f === 0) {
    // P(F = 0) = p₀^n = exp(n·ln p₀) ≤ α  ⇔  n ≥ ln α / ln p₀; a guard step each way against rounding.
    const logAlpha = Math.log(alpha);
    const passes = (n: number) => n * logRate <= logAlpha;
    let n = Math.max(1, Math.ceil(logAlpha / logRate));
    if (!(n <= MAX_RUNS)) throw tooMany();
    while (n > 1 && passes(n - 1)) n--;
    while (!passes(n)) n++;
    return n;
  }
  const passes = (n: number) => binomialCdf(f, n, q) <= alpha;
  let high = f + 1;
  while (!passes(high)) {
    high *= 2;
    if (high > MAX_RUNS) throw tooMany();
  }
  let low = f; // P(F ≤ f) = 1 > α at n = f
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (passes(mid)) high = mid;
    else low = mid;
  }
  return high;
}
