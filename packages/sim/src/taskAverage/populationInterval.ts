import { requireNonNegative, requirePositive, requireUnit } from '../checks.js';
import { requireList, requireMeanIntervalOptions, requireObject, requireSides } from '../checkArgs.js';
import { clopperPearsonBounds } from '../intervals/clopperPearson.js';
import { betaQuantile } from '../math/betaQuantile.js';
import { normalQuantile } from '../math/normalQuantile.js';
import { studentTQuantile } from '../math/studentT.js';
import type { WeightedValue } from './taskValues.js';
import type { Interval } from '../intervals/interval.js';

/** Options of `populationInterval`: the confidence level and one- or two-sided. */
export interface MeanIntervalOptions {
  /** Confidence level in (0, 1). */
  readonly confidence: number;
  /** 2: equal-tailed two-sided; 1: one-sided lower bound [L, 1]. */
  readonly sides: 1 | 2;
}

/**
 * Interval for the population mean μ of bounded per-task values X_t ∈ [0, 1] (the unbiased
 * per-task pass@k or pass^k of tasks drawn from a population: E X_t is the population's pass@k).
 *
 * A score (Wilson-type) interval with a design effect: any X ∈ [0, 1] with mean μ has
 * Var X = r·μ(1 − μ) for some r ∈ [0, 1] (r = 1 for 0/1 values). With r̂ = s²/(x̄(1 − x̄)) the
 * interval is {μ : (x̄ − μ)² ≤ q²·r̂·μ(1 − μ)/T}, i.e. Wilson's interval at the effective sample
 * size T/r̂, with q the Student t quantile at T − 1 degrees of freedom (the degrees-of-freedom
 * adjustment of Korn & Graubard 1998, "Confidence intervals for proportions with small expected
 * number of positive counts estimated from survey data", Survey Methodology 24:193–201; Dean &
 * Pagano 2015 compare such intervals for clustered proportions). Solving the quadratic, w = q²r̂/T:
 *   μ = (x̄ + w/2 ± √(w·x̄(1 − x̄) + w²/4)) / (1 + w).
 * When every value is 0 or every value is 1 nothing is known about the spread: r̂ = 1 (the 0/1
 * worst case), which gives [0, w/(1 + w)] or [1/(1 + w), 1], never zero width. Two floors
 * (`VarianceFloor`): r̂ ≥ floor.ratio (callers pass 1/n: the trial noise of c/n alone has
 * r ≥ 1/n), so equal interior values do not collapse the interval; and s² ≥ floor.variance, the
 * variance of the per-task estimates that a Beta task population fitted to the counts implies
 * (`momentBetaPrior`, `estimatorMoments`), up to x̄(1 − x̄) (r̂ ≤ 1 from the floor). A sample mean is decided by rare tasks when the values
 * are skewed (pass@8 of mostly easy tasks, pass^8 of mostly hard ones), and a sample of T tasks
 * often holds none of them, so s² underestimates the spread; the fitted population still carries
 * the tail the bulk of the counts implies. Within 1 effective count of an edge the bound on that
 * side is the exact one (`EDGE_COUNT`). Coverage measured in docs/uncertainty.md.
 * `df` replaces the T − 1 degrees of freedom of the t quantile, and `quantile` the t quantile itself
 * (`pairedDifferenceInterval`, whose variance may be a floor).
 * Returns null with fewer than 2 tasks (the spread between tasks is then unknown).
 * Example: 20 tasks all at 1, 95 % two-sided: q = t₁₉(0.975) = 2.0930, w = q²/20 = 0.21904,
 * lower = 1/(1 + w) = 0.82031 (test/sim/taskAverage/populationInterval.test.ts, Python reference).
 */
export function populationInterval(
  values: readonly WeightedValue[],
  options: MeanIntervalOptions,
  floor: VarianceFloor = {},
  df?: number,
  quantile?: number,
): Interval | null {
  requireList('values', values).forEach((item, i) => {
    const { value, weight } = requireObject(`values[${i}]`, item);
    requireUnit(`values[${i}].value`, value);
    requireNonNegative(`values[${i}].weight`, weight);
  });
  requireMeanIntervalOptions('options', options);
  const given = requireObject('floor', floor);
  if (given.ratio !== undefined) requireNonNegative('floor.ratio', given.ratio);
  if (given.variance !== undefined) requireNonNegative('floor.variance', given.variance);
  if (df !== undefined) requirePositive('df', df);
  if (quantile !== undefined) requirePositive('quantile', quantile);
  const fit = scoreFit(values, options, floor, df, quantile);
  if (fit === null) return null;
  const { mean, count, ratio, tail, q, effective } = fit;
  const bounds = scoreBounds(mean, (q * q * ratio) / count, options.sides);
  // Near an edge: the exact (Clopper–Pearson) bound at the effective counts, where it is wider.
  const [lowerEdge, upperEdge] = [effective * mean, effective * (1 - mean)];
  const lower = withinEdge(lowerEdge) ? Math.min(bounds.lower, betaQuantile(tail, lowerEdge, effective - lowerEdge + 1)) : bounds.lower;
  const upper =
    options.sides === 2 && withinEdge(upperEdge) ? Math.max(bounds.upper, 1 - betaQuantile(tail, upperEdge, effective - upperEdge + 1)) : bounds.upper;
  // A one-sided bound on 0/1 values is at least the exact one (`binaryExactBounds`); two-sided, the
  // score interval keeps its coverage in the band (docs/uncertainty.md) where the exact sides would
  // over-cover (99.6 % for pass@8 of Beta(4, 1) tasks, n = 8, T = 164).
  const exact = options.sides === 1 && df === undefined && quantile === undefined ? binaryExactBounds(values, tail) : null;
  return exact === null ? { lower, upper } : { lower: Math.min(lower, exact.lower), upper };
}

/**
 * What the score interval is computed from: the mean and number of tasks, r̂, the tail and the
 * quantile, and T/r̂·(z/q)², the effective number of tasks.
 */
interface ScoreFit {
  readonly mean: number;
  readonly count: number;
  readonly ratio: number;
  readonly tail: number;
  readonly q: number;
  readonly effective: number;
}

/** `populationInterval`'s fit (arguments already checked); null with fewer than 2 tasks. */
function scoreFit(values: readonly WeightedValue[], options: MeanIntervalOptions, floor: VarianceFloor, df?: number, quantile?: number): ScoreFit | null {
  let count = 0;
  let sum = 0;
  for (const { value, weight } of values) {
    count += weight;
    sum += weight * value;
  }
  if (count < 2) return null;
  const mean = Math.min(1, Math.max(0, sum / count));
  let squares = 0;
  for (const { value, weight } of values) squares += weight * (value - mean) ** 2;
  const spread = mean * (1 - mean);
  // The floor raises r̂ at most to 1, the 0/1 worst case: a variance above x̄(1 − x̄) is one no values
  // in [0, 1] with mean x̄ can have (the fitted population's variance belongs to its own mean).
  const ratio = spread === 0 ? 1 : Math.max(floor.ratio ?? 0, squares / (count - 1) / spread, Math.min(1, (floor.variance ?? 0) / spread));
  const alpha = 1 - options.confidence;
  const tail = options.sides === 2 ? alpha / 2 : alpha;
  const q = quantile ?? studentTQuantile(1 - tail, df ?? count - 1);
  return { mean, count, ratio, tail, q, effective: (count / ratio) * (normalQuantile(1 - tail) / q) ** 2 };
}

/** Whether an effective count of successes (or failures) is within `EDGE_COUNT` of the edge, and not at it. */
function withinEdge(effectiveCount: number): boolean {
  return effectiveCount > 0 && effectiveCount <= EDGE_COUNT;
}

/**
 * Whether `populationInterval`'s bound on `side` is its exact edge bound: within `EDGE_COUNT`
 * effective successes of 0 (lower) or failures of 1 (upper). Values and floor as `populationInterval`'s.
 */
export function atScoreEdge(values: readonly WeightedValue[], options: MeanIntervalOptions, floor: VarianceFloor, side: 'lower' | 'upper'): boolean {
  const fit = scoreFit(values, options, floor);
  return fit !== null && withinEdge(fit.effective * (side === 'lower' ? fit.mean : 1 - fit.mean));
}

/**
 * The exact (Clopper–Pearson) bounds, each with `tail` outside, for values that are all 0 or 1
 * (one trial per task, or k = n) with whole task counts as weights: such values are T Bernoulli(μ)
 * draws, so these bounds hold at every μ. The score bound alone put its one-sided 95 % lower bound
 * above the truth up to 12 % of the time near 0 (T = 30; issue #42; exact enumeration in
 * test/sim/taskAverage/binaryValues.test.ts). null when a value is strictly between 0 and 1.
 */
export function binaryExactBounds(values: readonly WeightedValue[], tail: number): Interval | null {
  const binary = binaryCounts(values);
  return binary === null || binary.tasks === 0 ? null : clopperPearsonBounds(binary.tasks, binary.ones, tail);
}

/** The number of tasks and of ones when every value is 0 or 1 and every weight a whole number of tasks; else null. */
function binaryCounts(values: readonly WeightedValue[]): { tasks: number; ones: number } | null {
  let tasks = 0;
  let ones = 0;
  for (const { value, weight } of values) {
    if (weight === 0) continue;
    if ((value !== 0 && value !== 1) || !Number.isInteger(weight)) return null;
    tasks += weight;
    if (value === 1) ones += weight;
  }
  return { tasks, ones };
}

/**
 * Effective counts (successes or failures) up to which the bound on that side is the exact one:
 * Wilson's coverage dips just inside the edges (Brown, Cai & DasGupta 2001, §4.1.1, who replace
 * the bound for x ≤ 2 or 3 by the Poisson one; here the beta (Clopper–Pearson) bound at the
 * effective sample size T/r̂·(z/t)², as Korn & Graubard 1998 use throughout). A measured choice
 * (docs/uncertainty.md, "Attainable coverage"): with no exact bound pass@8 of Beta(4, 1) tasks,
 * n = 8, T = 50 covers 90.4 %; with 3 effective counts (the earlier choice) pass@k cells of
 * Beta(4, 1) tasks near 1 covered up to 99.8 % where 94–97 % is attainable; 1 brings five cells
 * into [94 %, 97 %] ± 2 SE and takes none below it.
 */
const EDGE_COUNT = 1;

/** Lower limits for the spread between tasks (see `populationInterval`). */
export interface VarianceFloor {
  /** r̂ is at least this (1/n: the trial noise of c/n alone). */
  readonly ratio?: number;
  /** s² is at least this: the variance of the per-task estimates implied by the fitted task population. */
  readonly variance?: number;
}

/** The roots of (x̄ − μ)² = w·μ(1 − μ), clipped to [0, 1]; one-sided: [lower root, 1]. */
export function scoreBounds(mean: number, w: number, sides: 1 | 2): Interval {
  requireUnit('mean', mean);
  requireNonNegative('w', w);
  requireSides('sides', sides);
  const centre = (mean + w / 2) / (1 + w);
  const half = Math.sqrt(w * mean * (1 - mean) + (w * w) / 4) / (1 + w);
  const lower = mean === 0 ? 0 : Math.max(0, centre - half);
  const upper = sides === 1 || mean === 1 ? 1 : Math.min(1, centre + half);
  return { lower, upper };
}
