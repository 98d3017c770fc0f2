import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { countGroups } from '../estimators/taskAverage.js';
import { JEFFREYS_PRIOR } from '../intervals/betaPosterior.js';
import { momentBetaPrior } from './momentBetaPrior.js';
import { trialNoiseVariance } from './trialNoiseVariance.js';
import { populationInterval, type MeanBounds, type MeanIntervalOptions } from './populationInterval.js';
import { taskEstimate, type TaskMetric, type WeightedValue } from './taskValues.js';

/** One task run by both agents: A's and B's trials and successes. */
export interface PairedTrials {
  readonly a: { readonly n: number; readonly c: number };
  readonly b: { readonly n: number; readonly c: number };
}

/**
 * Interval for the population mean difference B − A of the task-averaged pass@k or pass^k, both
 * agents run on the same tasks: the per-task differences D_t = θ̂_B,t − θ̂_A,t ∈ [−1, 1] are
 * independent over tasks, so (D_t + 1)/2 ∈ [0, 1] goes through `populationInterval` (the score
 * interval with a design effect and t quantile), and the bounds map back by 2y − 1. Its variance
 * floor is the trial noise alone: Var D_t ≥ E[Var(θ̂_A | p_A)] + E[Var(θ̂_B | p_B)], each task's
 * term from `trialNoiseVariance` under that agent's moment-fitted Beta population (Jeffreys when
 * none can be fitted), so differences that are all equal, e.g. every D_t = 0 because every task
 * is n/n for both, still give an interval of positive width.
 * Tasks where either agent has fewer than k trials are left out. null with fewer than 2 tasks left.
 * Coverage measured in docs/uncertainty.md ("compare" cells).
 */
export function pairedDifferenceInterval(
  tasks: readonly PairedTrials[],
  metric: TaskMetric,
  k: number,
  options: MeanIntervalOptions,
): (MeanBounds & { readonly estimate: number; readonly tasks: number }) | null {
  requireOpenUnit('confidence', options.confidence);
  if (options.sides !== 1 && options.sides !== 2) throw new InputError('sides', 'must be 1 or 2', options.sides);
  requireInteger('k', k, 1);
  tasks.forEach(({ a, b }, i) => {
    requireCounts(a.n, a.c, `tasks[${i}].a`);
    requireCounts(b.n, b.c, `tasks[${i}].b`);
  });
  const used = tasks.filter(({ a, b }) => a.n >= k && b.n >= k);
  const priorA = momentBetaPrior(countGroups(used.map(({ a }) => a))) ?? JEFFREYS_PRIOR;
  const priorB = momentBetaPrior(countGroups(used.map(({ b }) => b))) ?? JEFFREYS_PRIOR;
  const values: WeightedValue[] = [];
  let sum = 0;
  let noise = 0;
  for (const { a, b } of used) {
    const difference = taskEstimate(metric, b.n, b.c, k) - taskEstimate(metric, a.n, a.c, k);
    sum += difference;
    noise += trialNoiseVariance(metric, a.n, a.c, k, priorA) + trialNoiseVariance(metric, b.n, b.c, k, priorB);
    values.push({ value: (difference + 1) / 2, weight: 1 });
  }
  // On the (D + 1)/2 scale variances are a quarter of those of D.
  const bounds = populationInterval(values, options, { variance: used.length > 0 ? noise / used.length / 4 : 0 });
  if (bounds === null) return null;
  return { estimate: sum / values.length, lower: 2 * bounds.lower - 1, upper: 2 * bounds.upper - 1, tasks: values.length };
}
