import { BLOCK_LEVEL_OFFSET_PER_K, blockSumsLength, COST, DELIVERED_CORRECT, METRIC_COUNT } from './engineMetrics.js';

/**
 * The sums one block contributes, from its replicates' per-k totals y (over tasks):
 * [Σ_r y[m][k]] (12K), then [Σ_r y[m][k]²] (12K), then [Σ_r y[cost][k]·y[deliveredCorrect][k]] (K),
 * summed over replicates in order; then the block's own terms Y²/n (12K) and Y_cost·Y_correct/n (K)
 * with Y = Σ_r y the block total over its n replicates. These are all the summary needs (means, SEs
 * over replicate or block means, the covariance for the cost-per-correct ratio, and the variance
 * between blocks when each block simulates its own draw of measured parameters).
 * Example: one replicate with all totals 2 gives 2 (12K times), 4 (12K times), 4 (K times), 4 (12K times), 4 (K times) (tested).
 */
export function blockSums(totals: Float64Array, count: number, maxAttempts: number): Float64Array {
  const K = maxAttempts;
  const width = METRIC_COUNT * K;
  const sums = new Float64Array(blockSumsLength(K));
  // Column by column, each sum in a register: the same additions in the same order (replicates in order from 0).
  for (let i = 0; i < width; i++) {
    let sum = 0;
    let squares = 0;
    for (let at = i, end = count * width; at < end; at += width) {
      const y = totals[at];
      sum += y;
      squares += y * y;
    }
    sums[i] = sum;
    sums[width + i] = squares;
  }
  for (let i = 0; i < K; i++) {
    let product = 0;
    for (let base = 0, end = count * width; base < end; base += width) product += totals[base + COST * K + i] * totals[base + DELIVERED_CORRECT * K + i];
    sums[2 * width + i] = product;
  }
  // Between blocks: this block's total squared over its size, and the cost × correct cross term.
  const between = BLOCK_LEVEL_OFFSET_PER_K * K;
  for (let i = 0; i < width; i++) sums[between + i] = (sums[i] * sums[i]) / count;
  for (let i = 0; i < K; i++) sums[between + width + i] = (sums[COST * K + i] * sums[DELIVERED_CORRECT * K + i]) / count;
  return sums;
}
