import type { FitModel } from './fitModels.js';
import { maximiseLikelihood, type LikelihoodMaximum } from './maximiseLikelihood.js';
import type { TaskCell } from './taskCells.js';

/**
 * The maximum-likelihood fit of one model (`maximiseLikelihood` from the model's starts). When every
 * task is at c = 0 or c = n (`allOrNothing`) the supremum is the two-point limit (concentration → 0):
 * only the mean is left to estimate, the other coordinates fixed at −∞.
 * Example: the beta-binomial on 50 tasks of 2 successes in 4 → concentration ∞, mean ½ (maximiseLikelihood).
 */
export function maximiseModel(spec: FitModel, cells: readonly TaskCell[], allOrNothing: boolean): LikelihoodMaximum {
  const fixed = allOrNothing ? [0, -Infinity, -Infinity, -Infinity] : spec.fixed;
  const free = allOrNothing ? [0] : spec.free;
  const starts = allOrNothing ? spec.starts(cells).map((start) => [start[0]!]) : spec.starts(cells);
  return maximiseLikelihood(cells, fixed, free, starts);
}
