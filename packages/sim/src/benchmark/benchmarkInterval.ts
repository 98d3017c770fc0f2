import { studentTQuantile } from '../math/studentT.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { CountGroup } from '../estimators/taskAverage.js';
import type { MeanBounds, MeanIntervalOptions } from './populationInterval.js';
import { taskEstimate, type TaskMetric } from './taskValues.js';
import { requireCountGroups, requireK, requireMeanIntervalOptions, requireMetric } from '../checkArgs.js';
import { gridPosterior, npmlePrior, requireGridPrior, type GridPrior } from './gridPrior.js';
import { estimatorMomentsAt } from './estimatorMoments.js';

/**
 * Interval for "this benchmark": the average (1/T) Σ_t θ(p_t) over exactly these tasks, where only
 * the trials are random (a rerun of the same tasks). The estimate x̄ = (1/T) Σ θ̂_t is unbiased for
 * it, with Var x̄ = (1/T²) Σ_t Var(θ̂_t | p_t); each term is estimated by its expectation over the
 * task's posterior on p under `prior`, the task population fitted to all tasks' counts
 * (`npmlePrior`: the nonparametric maximum-likelihood mixing distribution on a grid, mixed with
 * Jeffreys at the share 1/√T), `gridTrialNoise`. A task at 0/n or n/n carries the noise of the
 * rates that give 0/n or n/n in this population: near p = 1 where the population has its tasks
 * there, at p ≈ 0.8 where it has them at 0.8 (a per-task Jeffreys posterior would put every such
 * task near p = 1 and understate its noise); a two-point or U-shaped population is fitted as it is
 * (a Beta fitted by moments turns U-shaped there and did: 75.6 % for pass@5 of tasks at p ∈ {0.02,
 * 0.7}, n 5, T 300, docs/uncertainty-history.md). Known weakness (docs/uncertainty.md): with 10–30
 * tasks and k > n/2 on smooth populations the grid fit is lumpier than that Beta and the interval
 * covers less (cells below 94 % on the quick grid: 321 against 209).
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
): (MeanBounds & { readonly se: number }) | null {
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
 * n ≥ k, its trial-noise SE √(Σ_t v̂_t)/T (each v̂_t the task's expected trial noise under `prior`,
 * `gridTrialNoise`) and T; null when no task has n ≥ k. Also `benchmarkDifferenceInterval`'s, one per run.
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
  const noise = gridTrialNoise(prior, metric, k);
  for (const { n, c, size } of groups) {
    if (n < k) continue;
    tasks += size;
    sum += size * taskEstimate(metric, n, c, k);
    variance += size * noise(n, c);
  }
  return tasks === 0 ? null : { mean: sum / tasks, se: Math.sqrt(variance) / tasks, tasks };
}

/**
 * One task's expected trial noise under a population on a grid: E[Var(θ̂ | p) | c] =
 * Σ_j π_j(c)·Var(θ̂ | p_j), π(c) the task's posterior on the grid (`gridPosterior`), Var(θ̂ | p_j) =
 * E[g(C)² | p_j] − G(p_j)² (`estimatorMomentsAt`). Returns (n, c) ↦ that, computing Var(θ̂ | p_j)
 * once per distinct n.
 */
export function gridTrialNoise(prior: GridPrior, metric: TaskMetric, k: number): (n: number, c: number) => number {
  const byTrials = new Map<number, Float64Array>();
  return (n, c) => {
    let atPoints = byTrials.get(n);
    if (atPoints === undefined) {
      atPoints = Float64Array.from(prior.points, (p) => {
        const { first, second } = estimatorMomentsAt(metric, n, k, p);
        return Math.max(0, second - first * first);
      });
      byTrials.set(n, atPoints);
    }
    const posterior = gridPosterior(prior, n, c);
    let total = 0;
    for (let j = 0; j < posterior.length; j++) total += posterior[j]! * atPoints[j]!;
    return total;
  };
}
