import { requireInteger } from '../checks.js';
import { MAX_ATTEMPTS_LIMIT } from '../scenario/scenarioFormat.js';

/**
 * The per-episode outputs the engine accumulates, in the fixed order of every accumulator array
 * (engine semantics, "Outputs per episode and budget k"). Each is a number per budget k = 1..K.
 */
export const ENGINE_METRICS = [
  'coverage',
  'passHatK',
  'deliveredCorrect',
  'deliveredWrong',
  'abstained',
  'attempts',
  'cost',
  'latency',
  'costOverCap',
  'costOvershoot',
  'latencyOverCap',
  'latencyOvershoot',
] as const;

/** The name of one of the `ENGINE_METRICS`. */
export type EngineMetric = (typeof ENGINE_METRICS)[number];

/** Index of each metric in accumulator arrays (metric-major: [metric][k − 1]). */
export const COVERAGE = 0;
export const PASS_HAT = 1;
export const DELIVERED_CORRECT = 2;
export const DELIVERED_WRONG = 3;
export const ABSTAINED = 4;
export const ATTEMPTS = 5;
export const COST = 6;
export const LATENCY = 7;
/** 1{cost > budget.cost} and max(0, cost − budget.cost) (0 without a cost budget; 0 in hard mode). */
export const COST_OVER_CAP = 8;
export const COST_OVERSHOOT = 9;
/** 1{latency > budget.latency} and max(0, latency − budget.latency) (0 without a deadline; 0 in hard mode). */
export const LATENCY_OVER_CAP = 10;
export const LATENCY_OVERSHOOT = 11;
export const METRIC_COUNT = 12;

/** Where the between-block sums start in a block sum vector, per K: after the (2·12 + 1)·K replicate sums. */
export const BLOCK_LEVEL_OFFSET_PER_K = 2 * METRIC_COUNT + 1;

/**
 * Length of one block sum vector for K budgets: Σ_r y (12K), Σ_r y² (12K), Σ_r y_cost·y_deliveredCorrect (K),
 * where y is a replicate's total over tasks of one metric at one k; then, over blocks b of n_b
 * replicates with block totals Y_b = Σ_{r∈b} y_r, Σ_b Y_b²/n_b (12K) and Σ_b Y_cost·Y_deliveredCorrect/n_b (K):
 * the between-block sums that separate what varies from block to block (parameter draws) from
 * the Monte Carlo noise within a block (`blockVariance`).
 */
export function blockSumsLength(maxAttempts: number): number {
  requireInteger('maxAttempts', maxAttempts, 1, MAX_ATTEMPTS_LIMIT);
  return BLOCK_LEVEL_OFFSET_PER_K * maxAttempts + (METRIC_COUNT + 1) * maxAttempts;
}
