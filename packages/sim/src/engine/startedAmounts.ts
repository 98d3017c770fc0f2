import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Amount } from '../scenario/types.js';
import { LognormalSum } from './lognormalSum.js';

/**
 * The fast paths' lognormal costs and latencies: for one replicate, the sum over its episodes of
 * the amount of attempt i, for every i = 1..K, given how many episodes started attempt i under the
 * largest budget (N_i = #{episodes with min(K, stop) ≥ i}, from the stop histogram). Draw order:
 * i = 1..K, the cost sum then the latency sum. Constant amounts draw nothing (the totals multiply
 * them by the attempts or rounds).
 * Example: a stop histogram with 3 episodes stopping at 1 and 2 at 3 (K = 3) draws 5, 2, 2 amounts (tested).
 */
export class StartedAmounts {
  readonly drawCost: boolean;
  readonly drawLatency: boolean;
  private readonly cost: LognormalSum | null;
  private readonly latency: LognormalSum | null;

  constructor(cost: Amount, latency: Amount) {
    this.cost = cost.dist === 'lognormal' ? new LognormalSum(cost.median, cost.sigma) : null;
    this.latency = latency.dist === 'lognormal' ? new LognormalSum(latency.median, latency.sigma) : null;
    this.drawCost = this.cost !== null;
    this.drawLatency = this.latency !== null;
  }

  /** Writes costSums[1..K] and latencySums[1..K] (index 0 unused) for one replicate. */
  fill(rng: Xoshiro128, stopAt: Int32Array, maxAttempts: number, costSums: Float64Array, latencySums: Float64Array): void {
    if (!this.drawCost && !this.drawLatency) return;
    let started = 0;
    for (let m = 1; m <= maxAttempts + 1; m++) started += stopAt[m];
    for (let i = 1; i <= maxAttempts; i++) {
      costSums[i] = this.cost === null ? 0 : this.cost.sum(rng, started);
      latencySums[i] = this.latency === null ? 0 : this.latency.sum(rng, started);
      started -= stopAt[i]; // episodes that stopped at attempt i do not start attempt i + 1
    }
  }
}
