import { compareCosts, type CostDelta, type CostRun, type ManyComparison, type MeanAndSe, type RatioEstimate } from '@passk/sim/internal';
import { documentInterval } from '../results/intervalSchema.js';
import type { LabelledInterval } from '@passk/sim/internal';

/** A run's tasks with their cost, and what the cost was read from (`pricedRun`, commands/readRuns.ts). */
export interface PricedRun extends CostRun {
  readonly from: string;
}

/** The interval methods of the cost side of a comparison, as the document names them. */
export const COST_COMPARE_METHODS = {
  perAttempt: 'paired t over tasks',
  perSolved: 'log-scale delta method over tasks (ratio estimator)',
  difference: 'delta method over paired tasks (ratio difference)',
} as const;

/** A cost with its SE and interval in the document shape. */
interface CostValue {
  readonly value: number | null;
  readonly se: number | null;
  readonly interval: LabelledInterval | null;
}

/** B − A of a cost with its SE and interval in the document shape. */
interface CostDifference {
  readonly difference: number | null;
  readonly se: number | null;
  readonly interval: LabelledInterval | null;
}

/** One k of a comparison's `cost`. */
export interface CompareCostRow {
  readonly k: number;
  /** Tasks compared: in both runs, priced in both, n ≥ k in both. */
  readonly tasks: number;
  readonly perAttempt: { readonly baseline: MeanAndSe; readonly candidate: MeanAndSe } & CostDifference;
  readonly perSolved: { readonly baseline: CostValue; readonly candidate: CostValue } & CostDifference;
}

/** A comparison's `cost` (passk.compare, results/compareSchema.ts): what each run's cost was read from, and per k the costs compared. */
export interface CompareCost {
  readonly from: { readonly baseline: string; readonly candidate: string };
  readonly rows: readonly CompareCostRow[];
}

/**
 * The cost side of each comparison (aligned with `many.comparisons`): where both runs' logs record a
 * cost and the comparison is paired, `compareCosts` at every k (two-sided, at the comparison's
 * level); null otherwise (no cost in a log, or an unpaired comparison: too few tasks in common).
 */
export function compareRunCosts(costs: readonly (PricedRun | null)[], many: ManyComparison, ks: readonly number[]): (CompareCost | null)[] {
  const baseline = costs[0] ?? null;
  return many.comparisons.map((comparison, i) => {
    const candidate = costs[i + 1] ?? null;
    if (baseline === null || candidate === null || comparison.pairing.mode !== 'paired') return null;
    const level = comparison.confidence;
    const rows = ks.map((k) => {
      const found = compareCosts(baseline, candidate, { k, confidence: level });
      const difference = (delta: CostDelta, method: string): CostDifference => ({
        difference: delta.difference,
        se: delta.se,
        interval: delta.interval && documentInterval(delta.interval, level, method),
      });
      const value = (ratio: RatioEstimate): CostValue => ({
        value: ratio.value,
        se: ratio.se,
        interval: ratio.interval && documentInterval(ratio.interval, level, COST_COMPARE_METHODS.perSolved),
      });
      return {
        k,
        tasks: found.tasks,
        perAttempt: {
          baseline: found.perAttempt.baseline,
          candidate: found.perAttempt.candidate,
          ...difference(found.perAttempt, COST_COMPARE_METHODS.perAttempt),
        },
        perSolved: {
          baseline: value(found.perSolved.baseline),
          candidate: value(found.perSolved.candidate),
          ...difference(found.perSolved, COST_COMPARE_METHODS.difference),
        },
      };
    });
    return { from: { baseline: baseline.from, candidate: candidate.from }, rows };
  });
}
