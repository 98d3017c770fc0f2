import { requireInteger, requireOpenUnit } from '../checks.js';
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
 * for f = 0 this is n = ⌈ln α / ln p₀⌉ (DESIGN §4).
 * Example (seeds): pass^8 ≥ 90 % at 95 % with no failure → p₀ = 98.7 %, 228 runs (rule of three ≈ 230).
 */
export function planDemonstration(options: DemonstrateOptions): DemonstratePlan {
  const target = requireOpenUnit('target', options.target);
  const k = requireInteger('k', options.k, 1);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const failures = requireInteger('failures', options.failures ?? 0, 0, 1_000_000);
  const requiredRate = target ** (1 / k);
  const alpha = 1 - confidence;
  const byFailures = Array.from({ length: failures + 1 }, (_, f) => ({ failures: f, runs: runsNeeded(requiredRate, f, alpha) }));
  return {
    target,
    k,
    confidence,
    failures,
    requiredRate,
    runs: byFailures[failures]!.runs,
    byFailures,
    ruleOfThree: Math.ceil(3 / (1 - requiredRate)),
    method: 'one-sided exact binomial test (Clopper–Pearson): the smallest n for which passing with at most f failures has probability ≤ 1 − confidence when p = target^(1/k)',
  };
}

/** Smallest n with P(F ≤ f) ≤ α, F ~ Binomial(n, 1 − p₀); P(F ≤ f) decreases in n. */
function runsNeeded(p0: number, f: number, alpha: number): number {
  const passes = (n: number) => binomialCdf(f, n, 1 - p0) <= alpha;
  if (f === 0) {
    // Closed form, then a guard step each way against rounding in the logarithms.
    let n = Math.max(1, Math.ceil(Math.log(alpha) / Math.log(p0)));
    while (n > 1 && passes(n - 1)) n--;
    while (!passes(n)) n++;
    return n;
  }
  let high = f + 1;
  while (!passes(high)) {
    high *= 2;
    if (high > 2 ** 52) throw new RangeError('runs needed exceed 2^52');
  }
  let low = f; // P(F ≤ f) = 1 > α at n = f
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (passes(mid)) high = mid;
    else low = mid;
  }
  return high;
}
