import { requireOpenUnit } from '../checks.js';
import { optionalFunction, requireK, requireObject, requireOneOf } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { passAtKInterval, passHatKInterval } from '../intervals/mappedIntervals.js';
import { proportionInterval, type IntervalMethod } from '../intervals/proportionInterval.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { normalQuantile } from '../math/normalQuantile.js';
import { runSteps, type Steps } from '../stepwise.js';
import type { Interval } from '../intervals/interval.js';

/** The quantity a precision plan is about: p itself, pass@k or pass^k. */
export type PlanMetric = 'p' | 'passAtK' | 'passHatK';

/** The metrics a plan is for. */
const PLAN_METRICS: readonly PlanMetric[] = ['p', 'passAtK', 'passHatK'];

/** Options of `planPrecision`: the metric, k, the expected single-attempt rate, the half-width wanted, and the interval's method and confidence. */
export interface PrecisionOptions {
  readonly metric: PlanMetric;
  /** Needed for passAtK / passHatK. */
  readonly k?: number;
  /** The single-attempt rate you expect (the planning value). */
  readonly rate: number;
  /** The interval half-width to reach, on the metric's scale. */
  readonly halfWidth: number;
  readonly method: IntervalMethod;
  /** Two-sided confidence level. */
  readonly confidence: number;
  /**
   * Probability, over the binomial count the trials will produce, that the interval is at most
   * the target width (e.g. 0.8). Absent: the interval at the expected count c = round(rate·n),
   * which is that narrow only about half the time.
   */
  readonly assurance?: number;
  /**
   * Called as the search goes (every few hundred intervals) with the number of intervals computed
   * so far: a caller's work limit throws here to stop a search that grew too large.
   */
  readonly checkWork?: (intervals: number) => void;
}

/** What `planPrecision` returns: the trials needed for an interval of the metric no wider than the half-width asked for. */
export interface PrecisionPlan {
  readonly metric: PlanMetric;
  readonly k: number;
  readonly rate: number;
  readonly halfWidth: number;
  readonly method: IntervalMethod;
  readonly confidence: number;
  /** Trials per task needed. */
  readonly trials: number;
  /** The assurance asked for (null: planned at the expected count). */
  readonly assurance: number | null;
  /** P(half-width ≤ target) at `trials`, exact over C ~ Binomial(trials, rate). */
  readonly achievedAssurance: number;
  /** The interval half-width at that n and the expected count c = round(rate·n). */
  readonly achievedHalfWidth: number;
  /** The interval itself at that n. */
  readonly interval: Interval;
  /** Normal-approximation figure for comparison (delta method for pass^k / pass@k). */
  readonly normalApproximation: number;
  readonly description: string;
}

const MAX_TRIALS = 100_000_000;
/** How many n below the bisection's crossing are checked one by one (see planPrecision). */
const SCAN_BELOW = 10_000;

/**
 * Trials per task for a target two-sided interval half-width on p, pass@k or pass^k: the
 * smallest n whose interval (chosen method, at c = round(rate·n); pass^k and pass@k via the
 * monotone maps p^k and 1 − (1 − p)^k) has (upper − lower)/2 ≤ halfWidth. Found by doubling and
 * bisection, then every n up to SCAN_BELOW below that crossing is checked in order, because the
 * rounding of c makes widths jitter with n (an exhaustive search whenever that crossing is ≤ SCAN_BELOW).
 * With `assurance` (the CLI's default, 0.8): the smallest n for which the interval the trials
 * will produce is at most the target width with that probability, Σ_c P(C = c | n, rate)·
 * [half-width(n, c) ≤ h] ≥ assurance, exact over the binomial (the assurance criterion of sample
 * size planning, e.g. Kelley, Maxwell & Rausch 2003; Liu 2009 for proportions).
 * Beside it the normal approximation n ≈ z² g′(p)² p(1 − p)/h² (delta method; g the metric).
 * Example: p = 0.5, half-width 0.05, Wilson 95 % → 381 trials (normal approximation 385;
 * Clopper–Pearson 402) — checked by a linear search with scipy's binomtest(...).proportion_ci.
 */
export function planPrecision(options: PrecisionOptions): PrecisionPlan {
  return runSteps(planPrecisionSteps(options));
}

/**
 * `planPrecision` in steps: yields every few hundred intervals computed (done: intervals so far;
 * total: the most the search can compute), so a caller can show progress, limit the work and stop
 * it; returns the same plan.
 */
export function* planPrecisionSteps(options: PrecisionOptions): Steps<PrecisionPlan> {
  requireObject('options', options);
  requireOneOf('metric', options.metric, PLAN_METRICS);
  optionalFunction('checkWork', options.checkWork);
  const rate = requireOpenUnit('rate', options.rate);
  const halfWidth = requireOpenUnit('halfWidth', options.halfWidth);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const assurance = options.assurance === undefined ? null : requireOpenUnit('assurance', options.assurance);
  const k = options.metric === 'p' ? 1 : requireK('k', options.k);
  let intervals = 0;
  const boundsAt = (n: number, c: number) => {
    intervals++;
    const p = proportionInterval(n, c, { method: options.method, confidence, sides: 2 });
    if (options.metric === 'passHatK') return passHatKInterval(p, k);
    if (options.metric === 'passAtK') return passAtKInterval(p, k);
    return { lower: p.lower, upper: p.upper };
  };
  const intervalAt = (n: number) => boundsAt(n, Math.round(rate * n));
  const halfWidthAt = (n: number, c: number) => {
    const b = boundsAt(n, c);
    return (b.upper - b.lower) / 2;
  };
  // A step after every STEP_INTERVALS intervals: progress (of the most the search could compute), the caller's work check.
  let nextStep = STEP_INTERVALS;
  const mostIntervals = BETA_QUANTILE_METHODS.includes(options.method) ? MAX_QUANTILE_INTERVALS : MAX_CLOSED_FORM_INTERVALS;
  const most = 2 * Math.log2(MAX_TRIALS) + (assurance === null ? SCAN_BELOW : ASSURANCE_SCAN_BELOW);
  function* step(n: number): Steps<void> {
    if (intervals < nextStep) return;
    nextStep = intervals + STEP_INTERVALS;
    options.checkWork?.(intervals);
    if (intervals > mostIntervals) {
      throw new InputError(
        'halfWidth',
        `needs more than ${mostIntervals} ${options.method} intervals to plan (${BETA_QUANTILE_METHODS.includes(options.method) ? 'a beta quantile each: 10⁶ took 29 s' : 'closed-form: 10⁸ take about 15 s'}); choose a wider half-width${assurance === null ? '' : ' or plan without an assurance'}`,
        halfWidth,
      );
    }
    yield { done: intervals, total: Math.max(intervals, Math.ceil(most * (assurance === null ? 1 : 2 * TAIL_SDS * Math.sqrt(n * rate * (1 - rate)) + 3))) };
  }
  function* probability(n: number): Steps<number> {
    return yield* assuranceAt(n, rate, (c) => halfWidthAt(n, c) <= halfWidth, step);
  }
  // "Narrow enough at n": with an assurance, P(half-width ≤ target) ≥ assurance; else at the expected count.
  function* width(n: number): Steps<number> {
    yield* step(n);
    if (assurance === null) return halfWidthAt(n, Math.round(rate * n));
    return (yield* probability(n)) >= assurance ? 0 : Infinity;
  }
  const scanBelow = assurance === null ? SCAN_BELOW : ASSURANCE_SCAN_BELOW;
  let high = 1;
  while ((yield* width(high)) > halfWidth) {
    high *= 2;
    if (high > MAX_TRIALS) throw new InputError('halfWidth', `needs more than ${MAX_TRIALS} trials; choose a wider half-width`, halfWidth);
  }
  let low = Math.floor(high / 2);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if ((yield* width(mid)) <= halfWidth) high = mid;
    else low = mid;
  }
  // Widths are not monotone in n: c = round(rate·n) moves c/n by up to 1/(2n), so a few n just
  // below the bisection's crossing can already be narrow enough. Check the SCAN_BELOW n below it
  // in order (all of them when the crossing is ≤ SCAN_BELOW, which makes the answer exact there).
  for (let n = Math.max(1, high - scanBelow); n < high; n++) {
    if ((yield* width(n)) <= halfWidth) {
      high = n;
      break;
    }
  }
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const slope = options.metric === 'passHatK' ? k * rate ** (k - 1) : options.metric === 'passAtK' ? k * (1 - rate) ** (k - 1) : 1;
  const interval = intervalAt(high);
  return {
    metric: options.metric,
    k,
    rate,
    halfWidth,
    method: options.method,
    confidence,
    trials: high,
    assurance,
    achievedAssurance: yield* probability(high),
    achievedHalfWidth: (interval.upper - interval.lower) / 2,
    interval,
    normalApproximation: Math.ceil(((z * slope) ** 2 * rate * (1 - rate)) / halfWidth ** 2),
    description:
      assurance === null
        ? 'smallest n (bisection, then a check of the n just below it: widths jitter with the rounding of c) whose two-sided interval at c = round(rate·n) has half-width ≤ target'
        : `smallest n (bisection, then a check of the n just below it) for which the two-sided interval has half-width ≤ target with probability ≥ ${assurance}, summed exactly over c ~ Binomial(n, rate)`,
  };
}

/** How many n below the bisection's crossing are checked with an assurance (each check sums over c). */
const ASSURANCE_SCAN_BELOW = 500;
/** Intervals computed between two steps of `planPrecisionSteps`. */
const STEP_INTERVALS = 256;
/** The methods whose bounds are beta quantiles (an iterative solve each, ~65 times a closed-form bound). */
const BETA_QUANTILE_METHODS: readonly IntervalMethod[] = ['clopper-pearson', 'jeffreys'];
/**
 * Most intervals one search computes: planning a Clopper–Pearson half-width of 10⁻³ with an assurance
 * took 263 s on a shared 2-core machine before this limit, and 10⁶ of its intervals 29 s; Wilson's
 * closed form takes 0.15 µs (`passk plan precision --max-intervals` stops the CLI's search earlier,
 * at 10⁵ and 10⁷ by default).
 */
const MAX_QUANTILE_INTERVALS = 1_000_000;
const MAX_CLOSED_FORM_INTERVALS = 100_000_000;
/** Counts further than this many sd from n·rate carry < 1e-30 of the probability and are skipped. */
const TAIL_SDS = 12;

/**
 * P(narrow(C)) for C ~ Binomial(n, rate): Σ_c P(C = c)·[narrow(c)], over c within 12 sd of n·rate
 * (the rest has probability below 1e-30).
 */
function* assuranceAt(n: number, rate: number, narrow: (c: number) => boolean, step: (n: number) => Steps<void>): Steps<number> {
  const sd = Math.sqrt(n * rate * (1 - rate));
  const from = Math.max(0, Math.floor(n * rate - TAIL_SDS * sd - 1));
  const to = Math.min(n, Math.ceil(n * rate + TAIL_SDS * sd + 1));
  let total = 0;
  for (let c = from; c <= to; c++) {
    if (narrow(c)) total += binomialPmf(c, n, rate);
    yield* step(n);
  }
  return total;
}
