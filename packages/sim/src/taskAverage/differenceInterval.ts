import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { requireK, requireList, requireMeanIntervalOptions, requireMetric, requireNumbers, requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { meanAndSe } from '../math/meanAndSe.js';
import { countGroups, type CountGroup } from '../estimators/taskAverage.js';
import { JEFFREYS_PRIOR, type BetaPrior } from '../intervals/betaPosterior.js';
import { atomProbability, betaComponent, inflatedBetaPrior, type InflatedBetaPrior } from './inflatedBetaPrior.js';
import { momentBetaPrior } from './momentBetaPrior.js';
import { trialNoiseVariance } from './trialNoiseVariance.js';
import { flooredVarianceDf } from './flooredVarianceDf.js';
import { npmlePrior, type GridPrior } from './gridPrior.js';
import { flooredVarianceQuantile } from './flooredVarianceQuantile.js';
import { studentTQuantile } from '../math/studentT.js';
import { modelVariance } from './modelVariance.js';
import { empiricalLikelihoodInterval } from './empiricalLikelihood.js';
import { populationInterval, type MeanIntervalOptions } from './populationInterval.js';
import { taskEstimate, type TaskMetric, type WeightedValue } from './taskValues.js';
import { degenerateArmBounds, isSparseArm, SPARSE_ARM_TASKS } from './degenerateArmBounds.js';
import { groupsPopulationInterval } from './taskAverageIntervals.js';
import type { Interval } from '../intervals/interval.js';

/** One task run by both agents: A's and B's trials and successes. */
export interface PairedTrials {
  readonly a: { readonly n: number; readonly c: number };
  readonly b: { readonly n: number; readonly c: number };
}

/** `pairedDifferenceInterval` in words, for output notes and JSON. */
export const DIFFERENCE_INTERVAL_METHOD =
  "paired-difference score interval: Wilson-type interval of the mean per-task difference with a design effect, variance at least the trial noise and (σ_A − σ_B)² under task populations fitted to each run (Beta, with point masses at 0 and 1 where a likelihood-ratio test at 1 % finds them), quantile calibrated for that floored variance (t at T − 1 when the floor is far below the sample variance), widened to the empirical-likelihood interval of the mean where that reaches further (skewed differences; Owen 1988), and where an agent is sparse (at most 2 per-task estimates above 0 and none at 1, or at most 2 below 1 and none at 0) to at least that agent's betting bound (mean ≤ 1 − (γ·Π(1 − θ̂_t))^{1/T}, ≥ (γ·Π θ̂_t)^{1/T}; Waudby-Smith & Ramdas 2024; all T at 0: 1 − γ^{1/T}) against the other agent's CI (tasks), Bonferroni";

/**
 * Interval for the population mean difference B − A of the task-averaged pass@k or pass^k, both
 * agents run on the same tasks: the per-task differences D_t = θ̂_B,t − θ̂_A,t ∈ [−1, 1] are
 * independent over tasks, so (D_t + 1)/2 ∈ [0, 1] goes through `populationInterval` (the score
 * interval with a design effect), and the bounds map back by 2y − 1. Returns the degrees of
 * freedom of the variance used as `df` and the quantile as `quantile`. Its variance
 * floor is the trial noise alone: Var D_t ≥ E[Var(θ̂_A | p_A)] + E[Var(θ̂_B | p_B)], each task's
 * term from `trialNoiseVariance` under that agent's fitted task population (`PopulationFits`:
 * point masses at p = 0 and 1 where the 1 % likelihood-ratio test of `inflatedBetaPrior` finds
 * them, so a task at 0/n or n/n carries noise only for its probability of not being on one; else
 * the moment-fitted Beta; Jeffreys when none can be fitted), so differences that are all equal,
 * e.g. every D_t = 0 because every task is n/n for both, still give an interval of positive width.
 * On tasks from 0.3·δ₀ + 0.2·δ₁ + 0.5·Beta(2, 2) the plain Beta counted noise for the tasks on the
 * point masses (1.6–2 times Var D_t at n = 8 and 30, T = 20) and covered 98.6–100 % in 19 of its
 * 48 compare cells (docs/uncertainty.md).
 * And Var D_t ≥ (σ_A − σ_B)² (Cauchy–Schwarz:
 * Var(X − Y) ≥ (sd X − sd Y)²), σ² the variance of each agent's per-task estimates under its fitted
 * population (`modelVariance`, tasks and trials; only when both fit): pass@8 of mostly easy tasks differs only on rare
 * hard tasks, which 20 tasks often miss, so s² alone understates the spread (coverage 91.8 % for
 * pass@8, Beta(4, 1), n = 30, T = 20 with the trial-noise floor only; 95.3 % with both).
 * The quantile is calibrated for the variance used, max(s², floor) (`flooredDifferenceQuantile`):
 * the t quantile at T − 1 when s² is far above the floor, below it when the floor takes over
 * (V ≥ F overstates σ² when F is most of it), widened when a few tasks carry the trial noise.
 * Where the differences are skewed the interval reaches to the empirical-likelihood interval of
 * their mean (`empiricalLikelihoodInterval` at t²_{T−1}, the F(1, T − 1) calibration): the union of
 * the two. A low D̄ of right-skewed differences comes with a low s, so a symmetric interval misses
 * below; EL follows the skew (pass^8 of tasks with point masses at 0 and 1, n = 30, T = 164: 92.2 %
 * without it, 94.3 % with it). EL alone under-covers where most D_t are exactly 0 (49–95 %: a few
 * distinct values), where the floored score interval covers; the union is 6 % wider on average and
 * takes every compare cell of the coverage study into [94 %, 97 %] ± 2 SE or above it
 * (docs/uncertainty.md), except where an agent is sparse, at most `SPARSE_ARM_TASKS` (2) of its
 * estimates above 0 and none at 1 (or mirrored): the interval then reaches at least to
 * [L_B − U_A, U_B − L_A], that agent's betting bound (μ ≤ 1 − (γ·Π_t (1 − θ̂_t))^{1/T}; all T at 0:
 * P(all T at 0) ≤ (1 − μ)^T; `degenerateArmBounds`) and the other's CI (tasks), half the tail each
 * (`degenerateDifferenceBounds`), without which pass^4 of Kumaraswamy(0.5, 3) tasks covered 82 %
 * (n 10, T 10, every estimate 0) and 90.1 % (n 16, T 30, a few tasks just above 0; 94.2 % with it,
 * 1000 fresh datasets).
 * Tasks where either agent has fewer than k trials are left out. null with fewer than 2 tasks left.
 * `fits`: the populations fitted by earlier calls on the same runs (each fit takes 3–7 ms once V8 has optimised it).
 * Coverage measured in docs/uncertainty.md ("compare" cells).
 */
export function pairedDifferenceInterval(
  tasks: readonly PairedTrials[],
  metric: TaskMetric,
  k: number,
  options: MeanIntervalOptions,
  fits = new PopulationFits(),
): (Interval & { readonly estimate: number; readonly tasks: number; readonly df: number; readonly quantile: number }) | null {
  requirePairedTrials('tasks', tasks);
  requireMetric('metric', metric);
  requireK('k', k);
  requireMeanIntervalOptions('options', options);
  if (!(fits instanceof PopulationFits)) throw new InputError('fits', 'must be a PopulationFits (new PopulationFits())');
  const { differences, noises, spread, estimatesA, estimatesB } = pairedDifferenceParts(tasks, metric, k, fits);
  const T = differences.length;
  const noise = T > 0 ? meanAndSe(noises).value : 0;
  const floor = Math.max(noise, spread);
  if (T < 2) return null;
  const s2 = sampleVariance(differences);
  const df = flooredDifferenceDf(s2, noise, spread, noises, T);
  const tail = options.sides === 2 ? (1 - options.confidence) / 2 : 1 - options.confidence;
  const quantile = flooredDifferenceQuantile(s2, noise, spread, noises, T, tail, options.sides);
  const values: WeightedValue[] = differences.map((difference) => ({ value: (difference + 1) / 2, weight: 1 }));
  // On the (D + 1)/2 scale variances are a quarter of those of D.
  const bounds = populationInterval(values, options, { variance: floor / 4 }, df, quantile);
  if (bounds === null) return null;
  // With the empirical-likelihood interval where it reaches further (skewed differences).
  const likelihood = empiricalLikelihoodInterval(differences, studentTQuantile(1 - tail, T - 1) ** 2);
  // And at least to the betting bounds of a sparse arm (`degenerateArmBounds`).
  const exact = degenerateDifferenceBounds(tasks, metric, k, estimatesA, estimatesB, tail);
  const lower = Math.min(2 * bounds.lower - 1, likelihood?.lower ?? Infinity, exact?.lower ?? Infinity);
  const upper = options.sides === 2 ? Math.max(2 * bounds.upper - 1, likelihood?.upper ?? -Infinity, exact?.upper ?? -Infinity) : 1;
  return { estimate: meanAndSe(differences).value, lower, upper, tasks: T, df, quantile };
}

/**
 * `degenerateArmBounds` at half of `tail` per arm (Bonferroni), the arm that is not sparse bounded
 * by its task-population interval (`groupsPopulationInterval`, CI (tasks)) at confidence 1 − tail,
 * i.e. tail/2 outside each side; null (nothing to add) when no arm is sparse (`isSparseArm`): at
 * most `sparse` (`SPARSE_ARM_TASKS`; 0: all at 0 or all at 1 only) of its estimates above 0 and none
 * at 1, or mirrored.
 */
export function degenerateDifferenceBounds(
  tasks: readonly PairedTrials[],
  metric: TaskMetric,
  k: number,
  estimatesA: readonly number[],
  estimatesB: readonly number[],
  tail: number,
  sparse: number = SPARSE_ARM_TASKS,
): Interval | null {
  requirePairedTrials('tasks', tasks);
  requireMetric('metric', metric);
  requireK('k', k);
  for (const [where, estimates] of [
    ['estimatesA', estimatesA],
    ['estimatesB', estimatesB],
  ] as const) {
    const list = requireNumbers(where, estimates);
    for (let i = 0; i < list.length; i++) if (list[i]! < 0 || list[i]! > 1) throw new InputError(`${where}[${i}]`, 'must be in [0, 1]', list[i]);
  }
  requireOpenUnit('tail', tail);
  requireInteger('sparse', sparse, 0);
  if (!isSparseArm(estimatesA, sparse) && !isSparseArm(estimatesB, sparse)) return null;
  const used = tasks.filter(({ a, b }) => a.n >= k && b.n >= k);
  const arm = (side: 'a' | 'b') => groupsPopulationInterval(countGroups(used.map((task) => task[side])), metric, k, { confidence: 1 - tail, sides: 2 });
  return degenerateArmBounds(estimatesA, estimatesB, { a: arm('a'), b: arm('b') }, tail / 2, sparse);
}

/** What `pairedDifferenceInterval` is computed from (also used by bench/compareVariants.mjs). */
export interface PairedDifferenceParts {
  /** D_t = θ̂_B,t − θ̂_A,t over the tasks with n ≥ k for both agents. */
  readonly differences: readonly number[];
  /** Each task's trial noise of D_t: both agents' `trialNoiseVariance` under their fitted populations. */
  readonly noises: readonly number[];
  /** (σ_A − σ_B)² under the fitted populations (0 unless both fit). */
  readonly spread: number;
  /** Each agent's per-task estimates θ̂_A,t and θ̂_B,t over the same tasks (for `degenerateArmBounds`). */
  readonly estimatesA: readonly number[];
  readonly estimatesB: readonly number[];
}

/** The per-task differences, their trial noise and the (σ_A − σ_B)² floor (inputs already checked). */
export function pairedDifferenceParts(tasks: readonly PairedTrials[], metric: TaskMetric, k: number, fits = new PopulationFits()): PairedDifferenceParts {
  const used = tasks.filter(({ a, b }) => a.n >= k && b.n >= k);
  const groupsA = countGroups(used.map(({ a }) => a));
  const groupsB = countGroups(used.map(({ b }) => b));
  const fittedA = fits.fitted(groupsA);
  const fittedB = fits.fitted(groupsB);
  const priorA = fittedA ?? JEFFREYS_PRIOR;
  const priorB = fittedB ?? JEFFREYS_PRIOR;
  const estimatesA = used.map(({ a }) => taskEstimate(metric, a.n, a.c, k));
  const estimatesB = used.map(({ b }) => taskEstimate(metric, b.n, b.c, k));
  const differences = used.map((_, t) => estimatesB[t]! - estimatesA[t]!);
  const noises = used.map(({ a, b }) => taskNoise(metric, a.n, a.c, k, priorA) + taskNoise(metric, b.n, b.c, k, priorB));
  const spread = fittedA && fittedB ? (Math.sqrt(modelVariance(groupsA, metric, k, fittedA)) - Math.sqrt(modelVariance(groupsB, metric, k, fittedB))) ** 2 : 0;
  return { differences, noises, spread, estimatesA, estimatesB };
}

/** A task population fitted to one agent's counts: with point masses at 0 and 1, or a plain Beta. */
export type FittedPopulation = BetaPrior | InflatedBetaPrior;

/**
 * The agents' task populations fitted so far, keyed by their counts: the parametric ones of the
 * task-population difference (`fitted`) and the grid ones of this benchmark's (`grid`). The maximum-likelihood fit
 * (`inflatedBetaPrior`) takes 3–7 ms (warm) and does not depend on the metric or k, which a caller
 * varies over the same counts (`compareRuns`: every k of both metrics; the coverage study: 6 per
 * dataset): a caller that keeps one `PopulationFits` for them fits each agent's counts once.
 */
export class PopulationFits {
  private readonly fits = new Map<string, FittedPopulation | null>();
  private readonly grids = new Map<string, GridPrior>();

  /**
   * An agent's task population over the tasks used: with point masses at p = 0 and 1 where the
   * 1 % likelihood-ratio test finds them (`inflatedBetaPrior`, as the this-benchmark interval),
   * else the moment-fitted Beta (`momentBetaPrior`), else null.
   */
  fitted(groups: readonly CountGroup[]): FittedPopulation | null {
    const key = groups.map(({ n, c, size }) => `${n}:${c}:${size}`).join(',');
    const known = this.fits.get(key);
    if (known !== undefined) return known;
    const fitted = inflatedBetaPrior(groups) ?? momentBetaPrior(groups);
    this.fits.set(key, fitted);
    return fitted;
  }

  /**
   * An agent's task population without a parametric form (`npmlePrior`), what this benchmark's
   * interval of the difference takes (`benchmarkDifferenceInterval`, as `benchmarkInterval`).
   */
  grid(groups: readonly CountGroup[]): GridPrior {
    const key = groups.map(({ n, c, size }) => `${n}:${c}:${size}`).join(',');
    const known = this.grids.get(key);
    if (known !== undefined) return known;
    const fitted = npmlePrior(groups);
    this.grids.set(key, fitted);
    return fitted;
  }
}

/** Concentration of the beta component when the fitted one is ∞ (the largest `momentBetaPrior` gives). */
const MAX_CONCENTRATION = 1e5;

/**
 * One task's trial noise E[Var(θ̂ | p) | c] under the fitted population (`trialNoiseVariance`);
 * with point masses, (1 − P(atom | c)) times that under the beta component (`atomProbability`):
 * a task on p = 0 or 1 has no trial noise. (The this-benchmark intervals take the grid population
 * instead, `gridTrialNoise`.)
 */
function taskNoise(metric: TaskMetric, n: number, c: number, k: number, prior: FittedPopulation): number {
  if (!('mixture' in prior)) return trialNoiseVariance(metric, n, c, k, prior);
  return (1 - atomProbability(prior, n, c)) * trialNoiseVariance(metric, n, c, k, betaComponent(prior, MAX_CONCENTRATION));
}

/**
 * The degrees of freedom of the variance the interval uses, V = max(s², F), F = max(trial noise v̄,
 * (σ_A − σ_B)²): s² of T differences has ν = T − 1, and the floor takes over where s² falls below
 * it, so V varies less than s² (`flooredVarianceDf`, at the floor's share c = F/V). The trial-noise
 * floor is itself estimated, the mean of T independent per-task terms v_t: by Satterthwaite (1946)
 * it has ν_F = 2·v̄²/Var(v̄) = 2T·v̄²/s_v² (large when the v_t are alike, small when a few tasks carry
 * it, as for pass@8 of mostly easy tasks), and the two add as 1/f = 1/f_V + c²/ν_F. The (σ_A − σ_B)²
 * floor, a function of the two fitted populations, counts as known.
 */
export function flooredDifferenceDf(s2: number, noise: number, spread: number, noises: readonly number[], T: number): number {
  const floor = Math.max(noise, spread);
  const share = floor > 0 ? floor / Math.max(s2, floor) : 0;
  const truncated = flooredVarianceDf(share, T - 1);
  const spreadOfNoise = sampleVariance(noises);
  const inverse = 1 / truncated + (noise >= spread && spreadOfNoise > 0 ? (share * share * spreadOfNoise) / (2 * T * noise * noise) : 0);
  return Math.min(MAX_DF, 1 / inverse);
}

/**
 * The quantile of the interval studentized by V = max(s², F): `flooredVarianceQuantile`, the one
 * that covers 1 − α under normality when the floor's share f = F/σ² is known — below the t_{T−1}
 * quantile, and below the normal one when the floor is all of σ², since V ≥ F then overstates σ².
 * f is estimated as F/(s²·(1 + √(2/ν))), ν = T − 1, capped at 1: s² one standard deviation up
 * (Var s²/σ² = 2/ν under normality), because the plain plug-in F/V is 1 whenever s² falls below the
 * floor by chance and then under-covers at small T (normal theory, bench/flooredQuantileNormalTheory.mjs:
 * 87.9–92.2 % at ν = 2–5, f = 0.3–0.5; with s² one standard deviation up ≥ 93.7 % at ν = 5 and ≥ 94.6 %
 * at ν ≥ 9, against ≥ 94.1 % and ≥ 94.8 % for the t at `flooredVarianceDf` before; at ν = 2 both fall
 * below, to 90.4 % and 92.2 %). Then widened for the trial-noise floor's own uncertainty by the ratio t_f/t_{f_V}: f the
 * degrees of freedom with it (`flooredDifferenceDf`, 1/f = 1/f_V + c²/ν_F), f_V those without it
 * (`flooredVarianceDf`), both at the floor's share of V.
 */
export function flooredDifferenceQuantile(s2: number, noise: number, spread: number, noises: readonly number[], T: number, tail: number, sides: 1 | 2): number {
  const floor = Math.max(noise, spread);
  const share = floor > 0 ? floor / Math.max(s2, floor) : 0;
  const nu = T - 1;
  const estimated = floor > 0 ? Math.min(1, floor / (s2 * (1 + Math.sqrt(2 / nu)))) : 0;
  const calibrated = flooredVarianceQuantile(estimated, nu, tail, sides);
  const withFloorNoise = studentTQuantile(1 - tail, flooredDifferenceDf(s2, noise, spread, noises, T));
  const withoutFloorNoise = studentTQuantile(1 - tail, Math.min(MAX_DF, flooredVarianceDf(share, nu)));
  return calibrated * (withFloorNoise / withoutFloorNoise);
}

/** Degrees of freedom beyond which the t quantile is the normal one to 6 digits. */
const MAX_DF = 1e6;

/** The sample variance with divisor T − 1 (0 for one value), from `meanAndSe`. */
function sampleVariance(xs: readonly number[]): number {
  const { se } = meanAndSe(xs);
  return se === null ? 0 : se * se * xs.length;
}

/** A list of tasks `{ a: { n, c }, b: { n, c } }`, each side's counts valid (`requireCounts`). */
function requirePairedTrials(where: string, tasks: unknown): void {
  requireList(where, tasks).forEach((task, i) => {
    const { a, b } = requireObject(`${where}[${i}]`, task);
    for (const [side, counts] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const { n, c } = requireObject(`${where}[${i}].${side}`, counts);
      requireCounts(n, c, `${where}[${i}].${side}`);
    }
  });
}
