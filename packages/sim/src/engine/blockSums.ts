import { blockSumsLength, COST, DELIVERED_CORRECT, METRIC_COUNT } from './engineMetrics.js';

/**
 * The sums one block contributes, from its replicates' per-k totals y (over tasks):
 * [Σ_r y[m][k]] (8K), then [Σ_r y[m][k]²] (8K), then [Σ_r y[cost][k]·y[deliveredCorrect][k]] (K),
 * summed over replicates in order. These are all the summary needs (means, SEs over replicate
 * means, and the covariance for the cost-per-correct ratio).
 * Example: one replicate with all totals 2 gives 2 (8K times), 4 (8K times), 4 (K times) (tested).
 */
export function blockSums(totals: Float64Array, count: number, maxAttempts: number): Float64Array {
  const K = maxAttempts;
  const width = METRIC_COUNT * K;
  const sums = new Float64Array(blockSumsLength(K));
  for (let r = 0; r < count; r++) {
    const base = r * width;
    for (let i = 0; i < width; i++) {
      const y = totals[base + i];
      sums[i] += y;
      sums[width + i] += y * y;
    }
    for (let i = 0; i < K; i++) sums[2 * width + i] += totals[base + COST * K + i] * totals[base + DELIVERED_CORRECT * K + i];
  }
  return sums;
}
