import { requireList, requireObject } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import { requireSweepValue } from './sweepGrid.js';
import { exactValuesFor } from '../engine/exactValues.js';
import type { PartialResult } from '../engine/partialResult.js';
import { summarise, type SummaryRow } from '../engine/summarise.js';
import type { Scenario } from '../scenario/types.js';
import { bestUnderConstraints, type Constraints } from './bestUnderConstraints.js';
import { efficientFrontier } from './efficientFrontier.js';
import type { SweepPoint } from './sweepGrid.js';

/** One grid point's outcome: the policy with its own maxAttempts (the last row of its summary). */
export interface SweepOutcome {
  readonly values: SweepPoint;
  readonly outcome: SummaryRow;
  readonly onFrontier: boolean;
}

/** A sweep's points with their summaries, the efficient frontier and the best point under the constraints. */
export interface SweepOutcomes {
  readonly points: SweepOutcome[];
  /** Indices of the points on the cost / delivered-correct frontier, by increasing cost (efficientFrontier). */
  readonly frontier: number[];
  /** Index of the best point under the constraints (bestUnderConstraints), or null when none meets them. */
  readonly best: number | null;
}

/**
 * What a sweep finds, from each grid point's simulated (merged) partial sums: every point
 * summarised (with its exact values where known), then the efficient frontier and the best point
 * under `constraints` over all points. A point without an estimate counts as infinitely costly,
 * delivering nothing correct and everything wrong, so it is never chosen.
 */
export function sweepOutcomes(
  grid: readonly SweepPoint[],
  scenarios: readonly Scenario[],
  partials: readonly PartialResult[],
  constraints: Constraints,
): SweepOutcomes {
  requireList('grid', grid).forEach((point, i) => {
    for (const [path, value] of Object.entries(requireObject(`grid[${i}]`, point))) requireSweepValue(`grid[${i}][${JSON.stringify(path)}]`, value);
  });
  scenarios = requireList('scenarios', scenarios, grid.length, grid.length).map((scenario, i) => requireScenario(`scenarios[${i}]`, scenario));
  requireList('partials', partials, grid.length, grid.length);
  requireObject('constraints', constraints);
  const results = scenarios.map((scenario, i) => {
    const summary = summarise(scenario, partials[i]!, exactValuesFor(scenario));
    return { values: grid[i]!, outcome: summary.rows[summary.rows.length - 1]! };
  });
  const metrics = results.map(({ outcome }) => ({
    cost: outcome.cost.value ?? Infinity,
    deliveredCorrect: outcome.deliveredCorrect.value ?? 0,
    deliveredWrong: outcome.deliveredWrong.value ?? 1,
  }));
  const frontier = efficientFrontier(metrics);
  const best = bestUnderConstraints(metrics, constraints);
  return { points: results.map((result, i) => ({ ...result, onFrontier: frontier.includes(i) })), frontier, best };
}
