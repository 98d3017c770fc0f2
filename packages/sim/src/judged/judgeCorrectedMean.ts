import { requireUnit } from '../checks.js';
import { requireList, requireMeanIntervalOptions, requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { studentTQuantile } from '../math/studentT.js';
import { scoreBounds, type MeanIntervalOptions } from '../taskAverage/populationInterval.js';
import type { Interval } from '../intervals/interval.js';

/** One task's value in [0, 1]: from the judge's verdicts, and from the truth when the task was audited (on the same attempts). */
export interface JudgedValue {
  readonly judged: number;
  /** The same estimate from the true outcomes; absent when the task was not audited. */
  readonly truth?: number;
}

/** The prediction-powered estimate of a task average with its interval (`judgeCorrectedMean`). */
export interface JudgeCorrectedMean {
  /** θ̂ = λ·f̄ + (ȳ_A − λ·f̄_A); may fall outside [0, 1] (the interval is clipped to it). */
  readonly estimate: number;
  /** The interval; null with fewer than `MIN_AUDITED` audited tasks. */
  readonly interval: Interval | null;
  /** The power-tuning weight λ ∈ [0, 1] (0: the audit alone; 1: plain PPI). */
  readonly lambda: number;
  /** √V, the standard error the interval is built from (before the variance floor); null with fewer than `MIN_AUDITED` audited tasks. */
  readonly se: number | null;
  /** Degrees of freedom of the t quantile: audited tasks − 2. */
  readonly df: number;
  readonly tasks: number;
  readonly audited: number;
}

/** Options of `judgeCorrectedMean`. */
export interface JudgeCorrectedOptions extends MeanIntervalOptions {
  /** V is at least floorRatio·θ(1 − θ)/T (callers pass 1/n_max: the trial noise of c/n alone); default 0. */
  readonly floorRatio?: number;
  /**
   * The audit-only interval of the same mean (the truth on the audited tasks alone): with fewer than
   * `SMALL_AUDIT` audited tasks, or a variance of 0, the interval reaches at least as far as it.
   */
  readonly auditOnly?: Interval | null;
}

/** Fewest audited tasks with an interval: the residual variance has m − 2 degrees of freedom. */
export const MIN_AUDITED = 3;

/**
 * Below this many audited tasks the corrected interval is widened to the audit-only one where that
 * reaches further: the spread of the corrections cannot be estimated from a handful of tasks (with
 * 5 of 50 tasks audited, pass^3 covered 91.8–95.0 % without it, missing below 4.9–7.1 %; with it
 * 99.7–100 %; docs/judge-correction.md).
 */
export const SMALL_AUDIT = 10;

/**
 * Prediction-powered inference (PPI++) for a task average when each task's value comes from a judge
 * and an audit sample A of the tasks also carries the truth (Angelopoulos, Bates, Fannjiang, Jordan
 * & Zrnic 2023, "Prediction-powered inference", Science 382:669; Angelopoulos, Duchi & Zrnic 2024,
 * "PPI++: Efficient prediction-powered inference", arXiv:2311.01453). With f_t the judge-based value
 * of every task (T of them), y_t the truth-based one of the m audited tasks:
 *   θ̂ = λ·f̄_T + (ȳ_A − λ·f̄_A),
 * the judge's average plus the mean correction measured on the audit. Written over the N = T − m
 * unaudited tasks U, θ̂ = ȳ_A + λ'(f̄_U − f̄_A) with λ' = λ(1 − m/T), so (tasks drawn from a
 * population, the audit a random sample of them)
 *   Var θ̂ = Var(y − λ'f)/m + λ'²·Var(f)/N,
 * minimised at λ = Cov(y, f)/Var(f) (PPI++'s λ = Cov/((1 + m/N)·Var f) for λ'), estimated by
 * Cov_A(y, f)/s²_f(all T) and clipped to [0, 1] (0: the audit alone; 1: plain PPI); λ = 0 when the
 * judged values do not vary. Then V = s²_d/m + λ'²·s²_{f,U}/N with d = y − λ'f and s²_d on m − 2
 * degrees of freedom (λ is fitted on the same audit, as a regression estimator's residual variance;
 * Cochran 1977, "Sampling Techniques", §7.3), V ≥ floorRatio·θ(1 − θ)/T, q the Student t quantile
 * at m − 2 df. The interval is the score (Wilson-type) form that `populationInterval` uses,
 * {μ : (θ − μ)² ≤ q²·V·μ(1 − μ)/(θ(1 − θ))}, θ = θ̂ clipped to [0, 1], i.e. `scoreBounds(θ, w)` with
 * w = q²V/(θ(1 − θ)) (w = q²/m at θ = 0 or 1): it stays inside [0, 1] and keeps its width near the
 * edges. With fewer than `SMALL_AUDIT` audited tasks, or V = 0 (nothing varies), it reaches at least
 * as far as `auditOnly`.
 * Coverage measured in docs/judge-correction.md (`pnpm bench:judge-coverage`).
 * Example: test/sim/judged/judgeCorrectedMean.test.ts against test/reference/ppi.py.
 */
export function judgeCorrectedMean(values: readonly JudgedValue[], options: JudgeCorrectedOptions): JudgeCorrectedMean {
  requireList('values', values).forEach((item, i) => {
    const { judged, truth } = requireObject(`values[${i}]`, item);
    requireUnit(`values[${i}].judged`, judged);
    if (truth !== undefined) requireUnit(`values[${i}].truth`, truth);
  });
  requireMeanIntervalOptions('options', options);
  const floorRatio = options.floorRatio ?? 0;
  if (typeof floorRatio !== 'number' || !(floorRatio >= 0 && floorRatio <= 1))
    throw new InputError('options.floorRatio', 'must be a number in [0, 1]', floorRatio);
  if (options.auditOnly !== undefined && options.auditOnly !== null) {
    const { lower, upper } = requireObject('options.auditOnly', options.auditOnly);
    requireUnit('options.auditOnly.lower', lower);
    requireUnit('options.auditOnly.upper', upper);
  }
  const all = values.map((value) => value.judged);
  const auditedJudged: number[] = [];
  const auditedTruth: number[] = [];
  const unaudited: number[] = [];
  for (const { judged, truth } of values) {
    if (truth === undefined) unaudited.push(judged);
    else {
      auditedJudged.push(judged);
      auditedTruth.push(truth);
    }
  }
  const T = all.length;
  const m = auditedTruth.length;
  const N = T - m;
  if (m === 0) throw new InputError('values', 'must have at least one audited task (a truth value)', 0);
  const fBar = mean(all);
  const fA = mean(auditedJudged);
  const yA = mean(auditedTruth);
  const varF = T > 1 ? sumOfProducts(all, fBar, all, fBar) / (T - 1) : 0;
  const covA = m > 1 ? sumOfProducts(auditedTruth, yA, auditedJudged, fA) / (m - 1) : 0;
  const lambda = varF > 0 ? Math.min(1, Math.max(0, covA / varF)) : 0;
  const estimate = lambda * fBar + (yA - lambda * fA);
  const df = m - 2;
  if (m < MIN_AUDITED) return { estimate, interval: null, lambda, se: null, df, tasks: T, audited: m };
  const shrunk = lambda * (N / T);
  const corrections = auditedTruth.map((y, i) => y - shrunk * auditedJudged[i]!);
  const dBar = mean(corrections);
  const varD = sumOfProducts(corrections, dBar, corrections, dBar) / df;
  const uBar = mean(unaudited);
  const varU = N > 1 ? sumOfProducts(unaudited, uBar, unaudited, uBar) / (N - 1) : 0;
  const variance = varD / m + (N > 0 ? (shrunk * shrunk * varU) / N : 0);
  const tail = options.sides === 2 ? (1 - options.confidence) / 2 : 1 - options.confidence;
  const q = studentTQuantile(1 - tail, df);
  const centre = Math.min(1, Math.max(0, estimate));
  const spread = centre * (1 - centre);
  const floored = Math.max(variance, (floorRatio * spread) / T);
  const bounds = scoreBounds(centre, spread > 0 ? (q * q * floored) / spread : (q * q) / m, options.sides);
  // A handful of audited tasks, or no spread at all (every correction and judged value equal): the audit's own interval too.
  const auditOnly = m < SMALL_AUDIT || floored === 0 ? options.auditOnly : null;
  const interval = auditOnly
    ? { lower: Math.min(bounds.lower, auditOnly.lower), upper: options.sides === 2 ? Math.max(bounds.upper, auditOnly.upper) : 1 }
    : bounds;
  return { estimate, interval, lambda, se: Math.sqrt(variance), df, tasks: T, audited: m };
}

function mean(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return xs.length > 0 ? sum / xs.length : 0;
}

/** Σ (x_i − x̄)(y_i − ȳ). */
function sumOfProducts(xs: readonly number[], xBar: number, ys: readonly number[], yBar: number): number {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += (xs[i]! - xBar) * (ys[i]! - yBar);
  return sum;
}
