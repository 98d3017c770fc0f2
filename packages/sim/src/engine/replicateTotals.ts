import { ABSTAINED, ATTEMPTS, COST, COVERAGE, DELIVERED_CORRECT, DELIVERED_WRONG, LATENCY, PASS_HAT } from './engineMetrics.js';

/** How the fast paths turn a replicate's histograms into per-k totals. */
export interface ReplicateTotalsConfig {
  readonly maxAttempts: number;
  readonly batchSize: number;
  /** Episodes per replicate (the number of tasks). */
  readonly episodes: number;
  /** onNoAccept deliverLast with a perfect verifier: an episode without a correct attempt delivers its (wrong) last attempt. */
  readonly deliverLastWrong: boolean;
  /**
   * Expected cost of each attempt, E[cost_j] + verifier.cost: cost_k = attempts_k × this, the
   * conditional expectation of the episode cost given the attempts started (Rao–Blackwellised:
   * the fast paths have no cost budget, so costs never change what happens).
   */
  readonly attemptCost: number;
  /** Expected latency of each round, E[latency_j] (constant latency, or one attempt per round): latency_k = rounds_k × this. */
  readonly attemptLatency: number;
}

/** One replicate's histograms over indices 1..K + 1 (K + 1 = none within K), each at its own offset. */
export interface ReplicateHistograms {
  /** First correct attempt G. */
  readonly firstSuccess: Int32Array;
  /** First wrong attempt F. */
  readonly firstFailure: Int32Array;
  /** Index j ≤ K of the delivered accepted attempt, correct deliveries. */
  readonly deliveredCorrectAt: Int32Array;
  /** Same for wrong deliveries. */
  readonly deliveredWrongAt: Int32Array;
  /** End M of the round that delivered (K + 1 when none did within K): budget k starts min(k, M) attempts. */
  readonly stopAt: Int32Array;
}

/** Zeroed histograms for budgets up to K. */
export function emptyHistograms(K: number): ReplicateHistograms {
  return {
    firstSuccess: new Int32Array(K + 2),
    firstFailure: new Int32Array(K + 2),
    deliveredCorrectAt: new Int32Array(K + 2),
    deliveredWrongAt: new Int32Array(K + 2),
    stopAt: new Int32Array(K + 2),
  };
}

/**
 * Per-k totals of one replicate from the fast paths' histograms (every k at once, O(K)):
 * coverage_k = #{G ≤ k}, passHat_k = #{F > k}, deliveredCorrect_k = #{delivered at j ≤ k, correct},
 * attempts_k = Σ min(k, M), rounds_k = Σ ⌈min(k, M)/b⌉, cost_k = attempts_k·(E[cost_j] + verifier.cost),
 * latency_k = rounds_k·E[latency_j] (expected amounts given the attempts: see attemptCost).
 * Example: K = 2, b = 1, three episodes with (G, F) = (1, 3), (2, 1), (3, 1), cost 0.5: at k = 2,
 * coverage 2, passHatK 1, deliveredCorrect 2, abstained 1, attempts 1 + 2 + 2 = 5, cost 2.5 (tested).
 * `histogramOffset` indexes the histograms (stride K + 2, index 0 unused), `out` is [metric][k − 1]
 * at `outOffset`.
 */
export function replicateTotals(config: ReplicateTotalsConfig, h: ReplicateHistograms, histogramOffset: number, out: Float64Array, outOffset: number): void {
  const K = config.maxAttempts;
  const b = config.batchSize;
  const T = config.episodes;
  let successes = 0;
  let failures = 0;
  let correct = 0;
  let wrong = 0;
  let stoppedAttempts = 0; // Σ m·#{M = m} over m ≤ k
  let stoppedRounds = 0; // Σ (m/b)·#{M = m} over m ≤ k
  let stopped = 0; // #{M ≤ k}
  for (let k = 1; k <= K; k++) {
    const at = histogramOffset + k;
    successes += h.firstSuccess[at];
    failures += h.firstFailure[at];
    correct += h.deliveredCorrectAt[at];
    wrong += h.deliveredWrongAt[at];
    const stopsHere = h.stopAt[at];
    stopped += stopsHere;
    stoppedAttempts += stopsHere * k;
    stoppedRounds += stopsHere * Math.ceil(k / b);
    const running = T - stopped;
    const attempts = stoppedAttempts + k * running;
    const rounds = stoppedRounds + Math.ceil(k / b) * running;
    let deliveredWrong = wrong;
    let abstained = T - correct - wrong;
    if (config.deliverLastWrong) {
      deliveredWrong += abstained;
      abstained = 0;
    }
    const i = k - 1;
    out[outOffset + COVERAGE * K + i] = successes;
    out[outOffset + PASS_HAT * K + i] = T - failures;
    out[outOffset + DELIVERED_CORRECT * K + i] = correct;
    out[outOffset + DELIVERED_WRONG * K + i] = deliveredWrong;
    out[outOffset + ABSTAINED * K + i] = abstained;
    out[outOffset + ATTEMPTS * K + i] = attempts;
    out[outOffset + COST * K + i] = config.attemptCost * attempts;
    out[outOffset + LATENCY * K + i] = config.attemptLatency * rounds;
  }
}
