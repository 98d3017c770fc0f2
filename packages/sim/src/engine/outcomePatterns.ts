import { feedbackStep } from '../analytic/feedbackRate.js';
import type { AttemptCorrelation, Scenario } from '../scenario/types.js';
import { AliasTable } from './aliasTable.js';
import type { TaskParameters } from './taskParameters.js';

/** Up to this many attempts an episode on a fixed benchmark draws its outcomes as one pattern (2^K classes per task). */
export const PATTERN_ATTEMPTS_LIMIT = 10;
/** ... and when the tables of all tasks (T·2^K int32) take at most this many bytes (16 MiB: T ≤ 16 384 at K = 8, 4 096 at K = 10). */
export const PATTERN_BYTES_LIMIT = 16 * 1024 * 1024;

/**
 * Whether the episodes of a scenario draw their outcomes X_1..X_K as one pattern from one 32-bit
 * uniform (`OutcomePatterns`) rather than one uniform per attempt (`drawOutcomes`): on a fixed
 * benchmark (the tables are built once per task) with K ≤ PATTERN_ATTEMPTS_LIMIT and tables that fit
 * in PATTERN_BYTES_LIMIT (a property of the scenario alone, so every thread and path decides alike).
 */
export function drawsOutcomePatterns(scenario: Scenario): boolean {
  const K = scenario.policy.maxAttempts;
  return !scenario.tasks.resample && K <= PATTERN_ATTEMPTS_LIMIT && scenario.tasks.count * 2 ** K * 4 <= PATTERN_BYTES_LIMIT;
}

/**
 * P(X_1..X_K = pattern m) for every m = 0..2^K − 1 (bit j − 1 of m is X_j), into out[0..2^K).
 *
 * Formula: the product of the conditional rates of `drawOutcomes` (docs/design.md §3) along the
 * pattern, P(m) = Π_j q_j^{x_j}(1 − q_j)^{1 − x_j} with q_j = P(X_j = 1 | X_1..X_{j−1}):
 * independent p; markov {λ} p for j = 1, else λ·x_{j−1} + (1 − λ)p; exchangeable {icc} the Pólya
 * urn (a + s)/(a + b + j − 1), s correct so far, a = p(1/icc − 1), a + b = 1/icc − 1; feedback {η}
 * q_1 = p, q ← q + η(1 − q) after each wrong attempt (q(1 + η) for η < 0, `feedbackStep`).
 * Example: independent p = 0.5 gives 2^-K for every pattern; p = 1 puts all mass on m = 2^K − 1 (tested).
 */
export function patternProbabilities(correlation: AttemptCorrelation, p: number, K: number, out: Float64Array): void {
  // Level by level: after level j, out[m] for m < 2^j is P(X_1..X_j = m); each prefix splits into X_{j+1} = 0 (m) and 1 (m + 2^j).
  const stay = correlation.model === 'markov' ? correlation.stickiness : 0;
  const fresh = (1 - stay) * p;
  const afterCorrect = stay * 1 + fresh;
  const afterWrong = stay * 0 + fresh;
  const urn = correlation.model === 'exchangeable' && correlation.icc > 0;
  const scale = urn ? 1 / correlation.icc - 1 : 0;
  const a = p * scale;
  // Feedback: the rate after f wrong attempts, updated as drawOutcomes does.
  const eta = correlation.model === 'feedback' ? correlation.afterFailure : 0;
  const repaired = new Float64Array(K);
  repaired[0] = p;
  for (let f = 1; f < K; f++) repaired[f] = feedbackStep(repaired[f - 1], eta);
  out[0] = 1;
  for (let j = 1; j <= K; j++) {
    const half = 1 << (j - 1);
    for (let m = 0; m < half; m++) {
      let q = p;
      if (correlation.model === 'markov') q = j === 1 ? p : (m >>> (j - 2)) & 1 ? afterCorrect : afterWrong;
      else if (urn) q = (a + ones(m)) / (scale + j - 1);
      else if (correlation.model === 'feedback') q = repaired[j - 1 - ones(m)];
      const before = out[m];
      out[m] = before * (1 - q);
      out[m + half] = before * q;
    }
  }
}

/** The number of set bits of a 32-bit integer. */
function ones(m: number): number {
  let v = m - ((m >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
}

/**
 * Per task of a fixed benchmark, the alias table of its 2^K outcome patterns (Walker's alias method,
 * `AliasTable`, packed one int32 per column: `AliasTable.pack`), so that one 32-bit uniform x gives
 * all K outcomes: column i = x & (C − 1), pattern i if (x >>> K) < n_i, else alias_i; task t's
 * columns at words[t·C..t·C + C). `prebuilt`: the words from another `OutcomePatterns` of the same
 * scenario (e.g. built in another thread), used as they are when the length fits.
 * Resolution: the pattern weights are integers summing to C·2^32 (`AliasTable`), so a pattern's
 * probability is exact to a few 2^-32 and a pattern of probability 0 is never drawn.
 */
export class OutcomePatterns {
  readonly attempts: number;
  /** Packed alias words: task t's column i at words[t·2^K + i]. */
  readonly words: Int32Array;
  private readonly tasks: TaskParameters;
  private readonly correlation: AttemptCorrelation;
  private readonly alias: AliasTable;
  private readonly probabilities: Float64Array;
  private readonly cumulative: Float64Array;

  constructor(correlation: AttemptCorrelation, tasks: TaskParameters, K: number, prebuilt: Int32Array | null = null) {
    const C = 2 ** K;
    this.attempts = K;
    this.tasks = tasks;
    this.correlation = correlation;
    this.alias = new AliasTable(C, 1);
    this.probabilities = new Float64Array(C);
    this.cumulative = new Float64Array(C);
    const length = tasks.count * C;
    if (prebuilt !== null && prebuilt.length === length) this.words = prebuilt;
    else {
      this.words = new Int32Array(length);
      for (let t = 0; t < tasks.count; t++) this.build(t, t * C);
    }
  }

  /** Where task t's words start. */
  at(t: number): number {
    return t * this.alias.classes;
  }

  /** The pattern (bit j − 1 = X_j) of task t drawn by the 32-bit uniform x (reference form of the inlined draw). */
  draw(t: number, x: number): number {
    return patternOf(this.words, this.at(t), this.attempts, x);
  }

  private build(t: number, at: number): void {
    const C = this.alias.classes;
    patternProbabilities(this.correlation, this.tasks.successRate[t], this.attempts, this.probabilities);
    // Cumulative sums normalised, exactly 1 from the last pattern of positive probability on (so that
    // round-off never gives weight to a later pattern of probability 0).
    let total = 0;
    let lastPositive = 0;
    for (let m = 0; m < C; m++) {
      total += this.probabilities[m];
      if (this.probabilities[m] > 0) lastPositive = m;
    }
    let sum = 0;
    for (let m = 0; m < C; m++) {
      sum += this.probabilities[m];
      this.cumulative[m] = m >= lastPositive ? 1 : sum / total;
    }
    this.alias.set(0, this.cumulative);
    this.alias.pack(0, this.words, at);
  }
}

/** The pattern of the packed alias words at words[at..at + 2^K) for the 32-bit uniform x (`AliasTable.pack`'s select). */
export function patternOf(words: Int32Array, at: number, K: number, x: number): number {
  const mask = (1 << K) - 1;
  const i = x & mask;
  const w = words[at + i];
  const a = w & mask;
  return a ^ ((i ^ a) & ((((x >>> 1) | (mask >>> 1)) - (w >>> 1)) >> 31));
}
