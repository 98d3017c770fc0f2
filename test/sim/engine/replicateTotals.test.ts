import { describe, expect, it } from 'vitest';
import { METRIC_COUNT } from '../../../packages/sim/src/engine/engineMetrics.js';
import { replicateTotals, type ReplicateTotalsConfig } from '../../../packages/sim/src/engine/replicateTotals.js';

// Three episodes, K = 2, sequential, perfect verifier, cost 0.5, latency 1 (worked by hand):
// X = (1, 1): G = 1, F = 3, stops at 1;  X = (0, 1): G = 2, F = 1, stops at 2;  X = (0, 0): G = 3, F = 1, never stops.
const histograms = {
  firstSuccess: Int32Array.from([0, 1, 1, 1]),
  firstFailure: Int32Array.from([0, 2, 0, 1]),
  deliveredCorrectAt: Int32Array.from([0, 1, 1, 0]),
  deliveredWrongAt: Int32Array.from([0, 0, 0, 0]),
  stopAt: Int32Array.from([0, 1, 1, 1]),
};
const config: ReplicateTotalsConfig = {
  maxAttempts: 2,
  batchSize: 1,
  episodes: 3,
  deliverLastWrong: false,
  attemptCost: 0.5,
  attemptLatency: 1,
};
const byMetric = (out: Float64Array) => Array.from({ length: METRIC_COUNT }, (_, m) => [out[m * 2], out[m * 2 + 1]]);

describe('replicateTotals', () => {
  it('per-k totals from the histograms (coverage, passHatK, delivered, abstained, attempts, cost, latency)', () => {
    const out = new Float64Array(METRIC_COUNT * 2);
    replicateTotals(config, histograms, 0, out, 0);
    expect(byMetric(out)).toEqual([
      [1, 2],
      [1, 1],
      [1, 2],
      [0, 0],
      [2, 1],
      [3, 5],
      [1.5, 2.5],
      [3, 5],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('deliverLast with a perfect verifier: episodes without a correct attempt deliver their wrong last attempt', () => {
    const out = new Float64Array(METRIC_COUNT * 2);
    replicateTotals({ ...config, deliverLastWrong: true }, histograms, 0, out, 0);
    expect(byMetric(out).slice(2, 5)).toEqual([
      [1, 2],
      [2, 1],
      [0, 0],
    ]);
  });

  it('batches of 2: the episode stopping at 1 still starts attempt 2; latency counts rounds', () => {
    const out = new Float64Array(METRIC_COUNT * 2);
    const batched = { ...histograms, stopAt: Int32Array.from([0, 0, 2, 1]) }; // stops at round ends 2, 2, never
    replicateTotals({ ...config, batchSize: 2 }, batched, 0, out, 0);
    expect(byMetric(out).slice(5, 8)).toEqual([
      [3, 6],
      [1.5, 3],
      [3, 3],
    ]);
  });
});
