import type { PricedRun } from './compareCosts.js';

/** The mean cost of a priced attempt of a pilot run: Σ cost / Σ priced attempts over its tasks (the price of one planned task × trial). */
export function meanCostPerAttempt(run: PricedRun): number {
  let cost = 0;
  let priced = 0;
  for (const task of run.tasks) {
    cost += task.cost;
    priced += task.priced;
  }
  return cost / priced;
}
