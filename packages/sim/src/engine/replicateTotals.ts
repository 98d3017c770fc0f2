import { ABSTAINED, ATTEMPTS, COST, COVERAGE, DELIVERED_CORRECT, DELIVERED_WRONG, LATENCY, PASS_HAT } from './engineMetrics.js';

/** How the fast paths turn a replicate's histograms into per-k totals. */
export interface ReplicateTotalsConfig {
  readonly maxAttempts: number;
  readonly batchSize: number;
  /** Episodes per replicate (the number of tasks). */
  readonly episodes: number;
  /** onNoAccept deliverLast with a perfect verifier: an episode without a correct attempt delivers its (wrong) last attempt. */
  readonly deliverLastWrong: boolean;
  /** Cost of each attempt when costs are constant (attempt + verifier); ignored when `drawnCost`. */
  readonly attemptCost: number;
  /** Attempt costs were drawn into the cost sums; the verifier cost is added per attempt here. */
  readonly drawnCost: boolean;
  readonly verifierCost: number;
  /** Latency of each attempt when constant (latency = rounds × this); ignored when `drawnLatency`. */
  readonly attemptLatency: number;
  /** Attempt latencies were drawn into the latency sums (sequential mode only: one attempt per round). */
  readonly drawnLatency: boolean;
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
  /** Σ over episodes of the drawn cost (latency) of attempt i, for attempts started under budget K. */
  readonly costSums: Float64Array;
  readonly latencySums: Float64Array;
}

/** Zeroed histograms for budgets up to K. */
export function emptyHistograms(K: number): ReplicateHistograms {
  return {
    firstSuccess: new Int32Array(K + 2),
    firstFailure: new Int32Array(K + 2),
    deliveredCorrectAt: new Int32Array(K + 2),
    deliveredWrongAt: new Int32Array(K + 2),
    stopAt: new Int32Array(K + 2),
    costSums: new Float64Array(K + 1),
    latencySums: new Float64Array(K + 1),
  };
}

/**
 * Per-k totals of one replicate from the fast paths' histograms (every k at once, O(K)):
 * coverage_k = #{G ≤ k}, passHat_k = #{F > k}, deliveredCorrect_k = #{delivered at j ≤ k, correct},
 * attempts_k = Σ min(k, M), rounds_k = Σ ⌈min(k, M)/b⌉, cost_k = Σ_{i≤k} costSums_i (+ verifier cost
 * per attempt) or attempts_k·cost, latency_k likewise (constant latency: rounds_k·latency).
 * Example: K = 2, b = 1, three episodes with (G, F) = (1, 3), (2, 1), (3, 1), cost 0.5: at k = 2,
 * coverage 2, passHat 1, deliveredCorrect 2, abstained 1, attempts 1 + 2 + 2 = 5, cost 2.5 (tested).
 * `histogramOffset` indexes the Int32 histograms (stride K + 2, index 0 unused), `sumsOffset` the
 * amount sums (stride K + 1), `out` is [metric][k − 1] at `outOffset`.
 */
export function replicateTotals(
  config: ReplicateTotalsConfig,
  h: ReplicateHistograms,
  histogramOffset: number,
  sumsOffset: number,
  out: Float64Array,
  outOffset: number,
): void {
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
  let drawnCost = 0;
  let drawnLatency = 0;
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
    if (config.drawnCost) {
      drawnCost += h.costSums[sumsOffset + k];
      out[outOffset + COST * K + i] = drawnCost + config.verifierCost * attempts;
    } else {
      out[outOffset + COST * K + i] = config.attemptCost * attempts;
    }
    if (config.drawnLatency) {
      drawnLatency += h.latencySums[sumsOffset + k];
      out[outOffset + LATENCY * K + i] = drawnLatency;
    } else {
      out[outOffset + LATENCY * K + i] = config.attemptLatency * rounds;
    }
  }
}
