import { studentTQuantile } from '../math/studentT.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { CountGroup } from '../estimators/taskAverage.js';
import { JEFFREYS_PRIOR, type BetaPrior } from '../intervals/betaPosterior.js';
import type { MeanBounds, MeanIntervalOptions } from './populationInterval.js';
import { taskEstimate, type TaskMetric } from './taskValues.js';
import { trialNoiseVariance } from './trialNoiseVariance.js';
import { requireCountGroups, requireK, requireMeanIntervalOptions, requireMetric, requirePopulationPrior } from '../checkArgs.js';
import { atomProbability, betaComponent, type InflatedBetaPrior } from './inflatedBetaPrior.js';

/**
 * Interval for "this benchmark": the average (1/T) Σ_t θ(p_t) over exactly these tasks, where only
 * the trials are random (a rerun of the same tasks). The estimate x̄ = (1/T) Σ θ̂_t is unbiased for
 * it, with Var x̄ = (1/T²) Σ_t Var(θ̂_t | p_t); each term is estimated by its expectation over the
 * task's posterior under `prior` (`trialNoiseVariance`; callers pass the task population fitted to
 * all tasks, `momentBetaPrior`, i.e. a hierarchical beta-binomial posterior, else Jeffreys), which
 * is positive even for tasks at 0/n or n/n. A per-task Jeffreys posterior would put a task at n/n
 * near p = 1 and understate its noise when the population's tasks at n/n are mostly at p ≈ 0.8.
 * The prior weighs at most twice as much as the task's own trials: a + b is scaled down to 2n when
 * it is larger (`priorForTask`). With 20 tasks the moment fit often finds no spread beyond the
 * binomial one (a + b at its cap of 10⁵) and would then put every task at the mean rate,
 * understating the noise of tasks that are in fact far from it. The factor 2 is a measured choice
 * (docs/uncertainty.md, 1000 datasets per cell): pass@4 on Beta(4, 1) tasks, n = 8, T = 20
 * covered 90.8 % with no cap, 93.3 % with 2n; a cap of n covered 95.4 % there but 92.2 % for
 * pass^4 at n = 4 (93.2 % with 2n), and 4n 92.2 % at n = 8.
 * Tasks that never or always succeed: with an `InflatedBetaPrior` (point masses at p = 0 and 1,
 * fitted where the counts show them, `inflatedBetaPrior`) a task at 0/n or n/n sits on a point
 * mass with posterior probability P(atom | c), where it has no trial noise, and its noise is
 * (1 − P(atom | c)) times that under the beta component (a + b likewise at most 2n). On tasks
 * from 0.3·δ₀ + 0.2·δ₁ + 0.5·Beta(2, 2) the plain Beta population counted noise for them and
 * covered 97–100 % (docs/uncertainty.md).
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
  prior: BetaPrior | InflatedBetaPrior = JEFFREYS_PRIOR,
): (MeanBounds & { readonly se: number }) | null {
  requireCountGroups('groups', groups);
  requireMetric('metric', metric);
  requireK('k', k);
  requireMeanIntervalOptions('options', options);
  requirePopulationPrior('prior', prior);
  const moments = benchmarkMoments(groups, metric, k, prior);
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
 * n ≥ k, its trial-noise SE √(Σ_t v̂_t)/T (each v̂_t the task's expected trial noise under `prior`)
 * and T; null when no task has n ≥ k. Also `benchmarkDifferenceInterval`'s, one per run.
 */
export function benchmarkMoments(
  groups: readonly CountGroup[],
  metric: TaskMetric,
  k: number,
  prior: BetaPrior | InflatedBetaPrior = JEFFREYS_PRIOR,
): { readonly mean: number; readonly se: number; readonly tasks: number } | null {
  let tasks = 0;
  let sum = 0;
  let variance = 0;
  for (const { n, c, size } of groups) {
    if (n < k) continue;
    tasks += size;
    sum += size * taskEstimate(metric, n, c, k);
    variance += size * taskTrialNoise(metric, n, c, k, prior);
  }
  return tasks === 0 ? null : { mean: sum / tasks, se: Math.sqrt(variance) / tasks, tasks };
}

/**
 * One task's expected trial noise under `prior`. With point masses (`InflatedBetaPrior`) the
 * posterior is P(atom | c) on p = 0 or 1, where θ̂ has no noise, and the rest on the beta
 * component's posterior: (1 − P(atom | c))·E[Var(θ̂ | p) | c, beta component].
 */
function taskTrialNoise(metric: TaskMetric, n: number, c: number, k: number, prior: BetaPrior | InflatedBetaPrior): number {
  if (!('mixture' in prior)) return trialNoiseVariance(metric, n, c, k, priorForTask(prior, n));
  const atom = atomProbability(prior, n, c);
  return (1 - atom) * trialNoiseVariance(metric, n, c, k, betaComponent(prior, PRIOR_WEIGHT_LIMIT * n));
}

/** How many times the weight of a task's own trials the fitted population may weigh (see `benchmarkInterval`). */
const PRIOR_WEIGHT_LIMIT = 2;

/** `prior` with its weight a + b scaled down to at most 2n, twice the weight of the task's own trials. */
export function priorForTask(prior: BetaPrior, n: number): BetaPrior {
  const weight = prior.a + prior.b;
  const limit = PRIOR_WEIGHT_LIMIT * n;
  return weight <= limit ? prior : { a: (prior.a * limit) / weight, b: (prior.b * limit) / weight };
}
