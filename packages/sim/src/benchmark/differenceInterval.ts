import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { countGroups } from '../estimators/taskAverage.js';
import { JEFFREYS_PRIOR } from '../intervals/betaPosterior.js';
import { momentBetaPrior } from './momentBetaPrior.js';
import { trialNoiseVariance } from './trialNoiseVariance.js';
import { modelVariance } from './modelVariance.js';
import { populationInterval, type MeanBounds, type MeanIntervalOptions } from './populationInterval.js';
import { taskEstimate, type TaskMetric, type WeightedValue } from './taskValues.js';

/** One task run by both agents: A's and B's trials and successes. */
export interface PairedTrials {
  readonly a: { readonly n: number; readonly c: number };
  readonly b: { readonly n: number; readonly c: number };
}

/** `pairedDifferenceInterval` in words, for output notes and JSON. */
export const DIFFERENCE_INTERVAL_METHOD =
  'paired-difference score interval: Wilson-type interval of the mean per-task difference with a design effect, t quantile (T − 1 df), variance at least the trial noise and (σ_A − σ_B)² under Beta task populations fitted to each run';

/**
 * Interval for the population mean difference B − A of the task-averaged pass@k or pass^k, both
 * agents run on the same tasks: the per-task differences D_t = θ̂_B,t − θ̂_A,t ∈ [−1, 1] are
 * independent over tasks, so (D_t + 1)/2 ∈ [0, 1] goes through `populationInterval` (the score
 * interval with a design effect and t quantile), and the bounds map back by 2y − 1. Its variance
 * floor is the trial noise alone: Var D_t ≥ E[Var(θ̂_A | p_A)] + E[Var(θ̂_B | p_B)], each task's
 * term from `trialNoiseVariance` under that agent's moment-fitted Beta population (Jeffreys when
 * none can be fitted), so differences that are all equal, e.g. every D_t = 0 because every task
 * is n/n for both, still give an interval of positive width. And Var D_t ≥ (σ_A − σ_B)² (Cauchy–Schwarz:
 * Var(X − Y) ≥ (sd X − sd Y)²), σ² the variance of each agent's per-task estimates under its fitted
 * population (`modelVariance`, tasks and trials; only when both fit): pass@8 of mostly easy tasks differs only on rare
 * hard tasks, which 20 tasks often miss, so s² alone understates the spread (coverage 91.8 % for
 * pass@8, Beta(4, 1), n = 30, T = 20 with the trial-noise floor only; 95.3 % with both).
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
  const groupsA = countGroups(used.map(({ a }) => a));
  const groupsB = countGroups(used.map(({ b }) => b));
  const fittedA = momentBetaPrior(groupsA);
  const fittedB = momentBetaPrior(groupsB);
  const priorA = fittedA ?? JEFFREYS_PRIOR;
  const priorB = fittedB ?? JEFFREYS_PRIOR;
  const values: WeightedValue[] = [];
  let sum = 0;
  let noise = 0;
  for (const { a, b } of used) {
    const difference = taskEstimate(metric, b.n, b.c, k) - taskEstimate(metric, a.n, a.c, k);
    sum += difference;
    noise += trialNoiseVariance(metric, a.n, a.c, k, priorA) + trialNoiseVariance(metric, b.n, b.c, k, priorB);
    values.push({ value: (difference + 1) / 2, weight: 1 });
  }
  const spread = fittedA && fittedB ? (Math.sqrt(modelVariance(groupsA, metric, k, fittedA)) - Math.sqrt(modelVariance(groupsB, metric, k, fittedB))) ** 2 : 0;
  const floor = used.length > 0 ? Math.max(noise / used.length, spread) : 0;
  // On the (D + 1)/2 scale variances are a quarter of those of D.
  const bounds = populationInterval(values, options, { variance: floor / 4 });
  if (bounds === null) return null;
  return { estimate: sum / values.length, lower: 2 * bounds.lower - 1, upper: 2 * bounds.upper - 1, tasks: values.length };
}
