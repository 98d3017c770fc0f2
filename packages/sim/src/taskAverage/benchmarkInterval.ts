import { studentTQuantile } from '../math/studentT.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { CountGroup } from '../estimators/taskAverage.js';
import type { MeanIntervalOptions } from './populationInterval.js';
import { taskEstimate, type TaskMetric } from './taskValues.js';
import { requireCountGroups, requireK, requireMeanIntervalOptions, requireMetric } from '../checkArgs.js';
import { GRID, gridPosterior, npmlePrior, requireGridPrior, type GridPrior } from './gridPrior.js';
import { estimatorMomentsAtPoints } from './estimatorMoments.js';
import { momentBetaPrior } from './momentBetaPrior.js';
import { trialNoiseVariance } from './trialNoiseVariance.js';
import type { BetaPrior } from '../intervals/betaPosterior.js';
import type { Interval } from '../intervals/interval.js';

/**
 * Interval for "this benchmark": the average (1/T) Σ_t θ(p_t) over exactly these tasks, where only
 * the trials are random (a rerun of the same tasks). The estimate x̄ = (1/T) Σ θ̂_t is unbiased for
 * it, with Var x̄ = (1/T²) Σ_t Var(θ̂_t | p_t); each term is estimated by its expectation over the
 * task's posterior on p, the larger of two fitted task populations' (`benchmarkTrialNoise`): the
 * nonparametric one on a grid (`npmlePrior`, `prior`), which fits two-point and U-shaped populations
 * as they are, and the moment-fitted Beta (`momentBetaPrior`), smooth where 10–30 tasks fit a lumpy
 * grid. Either alone under-covers where the other holds (docs/uncertainty.md).
 * Interval: x̄ ± q·√(Σ v̂_t)/T, clipped to [0, 1] (one-sided: [x̄ − q·se, 1]), q the Student t
 * quantile at T − 1 degrees of freedom (the variance is estimated from T tasks; with one task,
 * the normal quantile).
 * Coverage measured in docs/uncertainty.md. null when no task has n ≥ k.
 */
export function benchmarkInterval(
  groups: readonly CountGroup[],
  metric: TaskMetric,
  k: number,
  options: MeanIntervalOptions,
  prior?: GridPrior,
): (Interval & { readonly se: number }) | null {
  requireCountGroups('groups', groups);
  requireMetric('metric', metric);
  requireK('k', k);
  requireMeanIntervalOptions('options', options);
  if (prior !== undefined) requireGridPrior('prior', prior);
  const moments = benchmarkMoments(groups, metric, k, prior ?? npmlePrior(groups));
  if (moments === null) return null;
  const { mean, se, tasks: count } = moments;
  const alpha = 1 - options.confidence;
  const level = options.sides === 2 ? 1 - alpha / 2 : 1 - alpha;
  const q = count > 1 ? studentTQuantile(level, count - 1) : normalQuantile(level);
  return {
    lower: Math.max(0, mean - q * se),
    upper: options.sides === 2 ? Math.min(1, mean + q * se) : 1,
    se,
  };
}

/**
 * What `benchmarkInterval` rests on: the mean x̄ of the unbiased estimates over the tasks with
 * n ≥ k, its trial-noise SE √(Σ_t v̂_t)/T (v̂_t from `benchmarkTrialNoise` of the same groups and
 * `prior`) and T; null when no task has n ≥ k. Also `benchmarkDifferenceInterval`'s, one per run.
 */
export function benchmarkMoments(
  groups: readonly CountGroup[],
  metric: TaskMetric,
  k: number,
  prior: GridPrior,
): { readonly mean: number; readonly se: number; readonly tasks: number } | null {
  let tasks = 0;
  let sum = 0;
  let variance = 0;
  const noise = benchmarkTrialNoise(groups, prior, metric, k);
  for (const { n, c, size } of groups) {
    if (n < k) continue;
    tasks += size;
    sum += size * taskEstimate(metric, n, c, k);
    variance += size * noise(n, c);
  }
  return tasks === 0 ? null : { mean: sum / tasks, se: Math.sqrt(variance) / tasks, tasks };
}

/**
 * The trial noise every this-benchmark interval uses (estimate, compare per run, gate), per task:
 *   v̂_t = max(E_grid[Var(θ̂ | p) | c_t], E_Beta[Var(θ̂ | p) | c_t]),
 * the first under `prior` (the grid population, `gridTrialNoise`), the second under the Beta fitted
 * by moments to `groups` (`momentBetaPrior`) with its weight a + b capped at 2n_t (`priorForTask`,
 * `trialNoiseVariance`); the grid one alone when no Beta is fitted (fewer than 2 tasks, all at 0/n
 * or all at n/n). Why the larger: each fit fails where the other holds (measured, docs/uncertainty.md).
 * The Beta turns U-shaped on two-point populations and gives tasks at n/n almost no noise (pass@5 of
 * tasks at p ∈ {0.02, 0.7}, n 5, T 300: 75.6 %; the grid 92.0 %, the larger 99.2 %, 1000 datasets);
 * the grid fit of 10–30 tasks is lumpy and understates the noise for k > n/2 on smooth populations
 * (quick grid, 880 cells, cells below 94 %: Beta 209, grid 321, the larger of both 65). The price:
 * more cells above 97 % (394 against 139).
 */
export function benchmarkTrialNoise(groups: readonly CountGroup[], prior: GridPrior, metric: TaskMetric, k: number): (n: number, c: number) => number {
  const grid = gridTrialNoise(prior, metric, k);
  const beta = momentBetaPrior(groups);
  if (beta === null) return grid;
  return (n, c) => Math.max(grid(n, c), trialNoiseVariance(metric, n, c, k, priorForTask(beta, n)));
}

/** How many times the weight of a task's own trials the moment-fitted Beta may weigh (`priorForTask`). */
const PRIOR_WEIGHT_LIMIT = 2;

/**
 * `prior` with its weight a + b scaled down to at most 2n, twice the weight of the task's own n
 * trials: with 20 tasks the moment fit often finds no spread beyond the binomial (a + b up to 10⁵)
 * and would put every task at the mean, whatever its counts. The factor 2 is a measured choice
 * (Beta alone, docs/uncertainty-history.md): pass@4 of Beta(4, 1) tasks, n 8, T 20 covered 90.8 %
 * uncapped, 93.3 % at 2n; a cap of n 95.4 % there but 92.2 % for pass^4 at n 4.
 */
export function priorForTask(prior: BetaPrior, n: number): BetaPrior {
  const weight = prior.a + prior.b;
  const limit = PRIOR_WEIGHT_LIMIT * n;
  return weight <= limit ? prior : { a: (prior.a * limit) / weight, b: (prior.b * limit) / weight };
}

/**
 * One task's expected trial noise under a population on a grid: E[Var(θ̂ | p) | c] =
 * Σ_j π_j(c)·Var(θ̂ | p_j), π(c) the task's posterior on the grid (`gridPosterior`), Var(θ̂ | p_j) =
 * E[g(C)² | p_j] − G(p_j)² (`estimatorMomentsAtPoints`). Returns (n, c) ↦ that, computing Var(θ̂ | p_j)
 * once per distinct n (on `GRID`, once per metric, n and k: `noiseAtPoints`).
 */
export function gridTrialNoise(prior: GridPrior, metric: TaskMetric, k: number): (n: number, c: number) => number {
  const byTrials = new Map<number, Float64Array>();
  return (n, c) => {
    let atPoints = byTrials.get(n);
    if (atPoints === undefined) {
      atPoints = prior.points === GRID ? noiseOnGrid(metric, n, k) : noiseAtPoints(prior.points, metric, n, k);
      byTrials.set(n, atPoints);
    }
    const posterior = gridPosterior(prior, n, c);
    let total = 0;
    for (let j = 0; j < posterior.length; j++) total += posterior[j]! * atPoints[j]!;
    return total;
  };
}

/** Var(θ̂ | p) = E[g(C)² | p] − G(p)² at each point (`estimatorMomentsAtPoints`), floored at 0. */
function noiseAtPoints(points: readonly number[], metric: TaskMetric, n: number, k: number): Float64Array {
  return Float64Array.from(estimatorMomentsAtPoints(metric, n, k, points), ({ first, second }) => Math.max(0, second - first * first));
}

/** `noiseAtPoints` on `GRID`, kept by metric, n and k (up to 1 000 of them; read only). */
const gridNoise = new Map<string, Float64Array>();
function noiseOnGrid(metric: TaskMetric, n: number, k: number): Float64Array {
  const key = `${metric} ${n} ${k}`;
  let row = gridNoise.get(key);
  if (row === undefined) {
    if (gridNoise.size >= 1000) gridNoise.clear();
    row = noiseAtPoints(GRID, metric, n, k);
    gridNoise.set(key, row);
  }
  return row;
}
