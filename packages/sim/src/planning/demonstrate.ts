import { requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { requireK, requireObject } from '../checkArgs.js';
import { binomialCdf } from '../math/binomialCdf.js';
import { runSteps, type Steps } from '../stepwise.js';
import { demonstrationPower, passHatKForPower } from './demonstrationPower.js';

/** Options of `planDemonstration`: the pass^k to demonstrate, k, the confidence and the failures allowed. */
export interface DemonstrateOptions {
  /** The pass^k to demonstrate, in (0, 1). */
  readonly target: number;
  readonly k: number;
  /** One-sided confidence level, in (0, 1). */
  readonly confidence: number;
  /** Failures allowed among the runs (default 0). */
  readonly failures?: number;
  /** A true pass^k in (0, 1) at which to give each design's chance of passing (`DemonstratePlan.power.at`). */
  readonly powerAt?: number;
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
  /** Runs needed for each allowed failure count 0..failures; with `powerAt`, each design's chance of passing there. */
  readonly byFailures: readonly { readonly failures: number; readonly runs: number; readonly powerAt?: number }[];
  /**
   * What the plan can show (`demonstrationPower`): the true pass^k at which it passes with probability
   * `level` (80 %), and with `powerAt` its chance of passing at that true pass^k.
   */
  readonly power: { readonly level: number; readonly passHatK: number; readonly at: number | null; readonly probability: number | null };
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
  return runSteps(planDemonstrationSteps(options));
}

/**
 * The runs `planDemonstration` finds for its `failures` alone, without the table of every count
 * below (a doubling search and a bisection: O(log runs) CDF evaluations, where the table takes
 * O(failures)); charts that draw many plans use it.
 */
export function demonstrationRuns(options: DemonstrateOptions): number {
  requireObject('options', options);
  if (options.target === 1) return planDemonstration(options).runs; // the InputError of target 1
  const target = requireOpenUnit('target', options.target);
  const k = requireK('k', options.k);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const failures = requireInteger('failures', options.failures ?? 0, 0, 1_000_000);
  const logRate = (target >= 0.5 ? Math.log1p(target - 1) : Math.log(target)) / k;
  return runsNeeded(logRate, -Math.expm1(logRate), failures, 1 - confidence, options.target, []);
}

/**
 * `planDemonstration` one failure count at a time: yields after each of 0..failures (done of
 * failures + 1), so a caller can show progress and stop between them; returns the same plan.
 */
export function* planDemonstrationSteps(options: DemonstrateOptions): Steps<DemonstratePlan> {
  requireObject('options', options);
  if (options.target === 1)
    throw new InputError('target', 'must be below 1 (a target within 1.1e-16 of 1 rounds to 1 as a double; pass^k = 1 cannot be demonstrated)', options.target);
  const target = requireOpenUnit('target', options.target);
  const k = requireK('k', options.k);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const failures = requireInteger('failures', options.failures ?? 0, 0, 1_000_000);
  const powerAt = options.powerAt === undefined ? null : requireOpenUnit('powerAt', options.powerAt);
  const logRate = (target >= 0.5 ? Math.log1p(target - 1) : Math.log(target)) / k;
  const requiredRate = Math.exp(logRate);
  const failureRate = -Math.expm1(logRate);
  const alpha = 1 - confidence;
  const byFailures: Array<{ failures: number; runs: number; powerAt?: number }> = [];
  for (let f = 0; f <= failures; f++) {
    const runs = runsNeeded(logRate, failureRate, f, alpha, options.target, byFailures);
    byFailures.push(powerAt === null ? { failures: f, runs } : { failures: f, runs, powerAt: demonstrationPower({ runs, failures: f, k }, powerAt) });
    yield { done: f + 1, total: failures + 1 };
  }
  const design = { runs: byFailures[failures]!.runs, failures, k };
  return {
    target,
    k,
    confidence,
    failures,
    requiredRate,
    failureRate,
    runs: design.runs,
    byFailures,
    power: {
      level: POWER_LEVEL,
      passHatK: passHatKForPower(design, POWER_LEVEL),
      at: powerAt,
      probability: powerAt === null ? null : demonstrationPower(design, powerAt),
    },
    ruleOfThree: Math.ceil(3 / failureRate),
    method:
      'one-sided exact binomial test (Clopper–Pearson): the smallest n for which passing with at most f failures has probability ≤ 1 − confidence when p = target^(1/k)',
  };
}

/** The chance of passing whose true pass^k every plan states (the usual 80 % power). */
const POWER_LEVEL = 0.8;

/** Largest run count searched: beyond it counts are no longer exact doubles. */
const MAX_RUNS = Number.MAX_SAFE_INTEGER;

/**
 * Smallest n with P(F ≤ f) ≤ α, F ~ Binomial(n, q), q = 1 − p₀, ln p₀ = logRate; P(F ≤ f) decreases
 * in n, and grows with f, so n(f) ≥ n(f − 1). `before` holds n(0..f − 1): from f = 2 the search
 * starts at the linear extrapolation n(f − 1) + (n(f − 1) − n(f − 2)), which the answer is usually
 * at or next to (two CDF evaluations), and gallops from there, never below n(f − 1) − 1 (where
 * P(F ≤ f) ≥ P(F ≤ f − 1) > α).
 */
function runsNeeded(logRate: number, q: number, f: number, alpha: number, target: number, before: readonly { readonly runs: number }[]): number {
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
  // P(F ≤ f) = 1 > α at n = f, and ≥ P(F ≤ f − 1) > α below n(f − 1). Without the counts before, a doubling search from n = f + 1.
  const previous = before[f - 1]?.runs ?? f + 1;
  let low = Math.max(f, previous - 1);
  const guess = f >= 2 && before.length >= f ? previous + Math.max(1, previous - before[f - 2]!.runs) : low + 1;
  let high: number;
  if (passes(guess)) {
    high = guess;
    // Gallop down from the guess to a failing n (or to `low`, known to fail).
    for (let step = 1; high - step > low; step *= 2) {
      if (!passes(high - step)) {
        low = high - step;
        break;
      }
      high -= step;
    }
  } else {
    low = guess;
    for (let step = Math.max(1, guess - previous); ; step *= 2) {
      high = low + step;
      if (high > MAX_RUNS) throw tooMany();
      if (passes(high)) break;
      low = high;
    }
  }
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (passes(mid)) high = mid;
    else low = mid;
  }
  return high;
}
