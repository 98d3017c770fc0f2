import { categorical } from '../distributions/categorical.js';
import { dirichlet } from '../distributions/dirichlet.js';
import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Amount, Scenario } from '../scenario/types.js';
import { drawOutcomes } from './drawOutcomes.js';
import { LognormalSum } from './lognormalSum.js';
import { majorityAnswer } from './majorityAnswer.js';
import { patternOf } from './outcomePatterns.js';
import { zigguratNormal, zigguratTables, type ZigguratTables } from './zigguratNormal.js';
import {
  ABSTAINED,
  ATTEMPTS,
  COST,
  COST_OVER_CAP,
  COST_OVERSHOOT,
  COVERAGE,
  DELIVERED_CORRECT,
  DELIVERED_WRONG,
  LATENCY,
  LATENCY_OVER_CAP,
  LATENCY_OVERSHOOT,
  PASS_HAT,
} from './engineMetrics.js';

const TWO_POW_MINUS_32 = 1 / 4294967296;
const NONE = 0;
const CORRECT = 1;
const WRONG = 2;

/**
 * One episode simulated attempt by attempt, exactly as the engine semantics describe, for every
 * budget k = 1..K at once on the same draws (common random numbers).
 *
 * Draw order: the outcomes X_1..X_K (on a fixed benchmark with K ≤ PATTERN_ATTEMPTS_LIMIT all K as one
 * pattern from one uniform, `OutcomePatterns`; otherwise one uniform each, `drawOutcomes`); for
 * majorityVote the episode's Dirichlet
 * weights of the wrong answers; then, for attempt j = 1, 2, … as long as some budget still runs it:
 * at the first attempt of a round the round's selector uniform (random, majorityVote), then the
 * verdict (one uniform; none for a perfect verifier), the cost and latency (when lognormal, by the
 * ziggurat as in `LognormalSum`), and,
 * if accepted, the answer of a wrong attempt (majorityVote) or the score (bestScore: its normal
 * variate by the ziggurat, `zigguratNormal`).
 *
 * This class is the executable definition of the engine semantics (docs/engine-semantics.md): the
 * specialised kernels (`EpisodeKernelRunner`, the fast paths) are checked against it, exactly where
 * they consume the same stream and statistically otherwise.
 *
 * Budget k runs the policy with maxAttempts = k: rounds of b attempts (the last cut at k), attempt
 * j starts while j ≤ k and the spend Σ_{i<j} cost_i < budget.cost, a round starts while the
 * elapsed latency (the rounds before it) < budget.latency. In hard mode an attempt whose cost would
 * take the spend above budget.cost, or that would end after budget.latency, is cut off at the cap
 * (the spend or the round's end is the cap), is not accepted and has no answer (deliverLast and
 * oracle consider completed attempts only). The budgets share attempts, so
 * one pass j = 1..K evaluates the round as it grows: budget k sees rounds 1..⌈k/b⌉ with the last
 * one holding attempts up to k. Once a complete round delivers, or the cost budget stops attempt j,
 * every larger budget repeats the result.
 */
export class GeneralEpisode {
  private readonly scenario: Scenario;
  private readonly K: number;
  private readonly b: number;
  private readonly judged: boolean;
  private readonly outcomes: Uint8Array;
  private readonly accepted: Int32Array;
  private readonly votes: Int32Array;
  private readonly alpha: Float64Array;
  private readonly weights: Float64Array;
  private readonly cost: PerAttempt;
  private readonly latency: PerAttempt;
  /** The scores' normal variates (bestScore), by the ziggurat. */
  private readonly ziggurat: ZigguratTables;

  constructor(scenario: Scenario) {
    this.scenario = scenario;
    this.K = scenario.policy.maxAttempts;
    this.b = scenario.policy.batchSize;
    const { falseAccept, falseReject } = scenario.verifier;
    this.judged = !(falseAccept.dist === 'point' && falseAccept.p === 0 && falseReject.dist === 'point' && falseReject.p === 0);
    this.outcomes = new Uint8Array(this.K + 1);
    this.accepted = new Int32Array(this.K);
    const selector = scenario.selector;
    const m = selector.kind === 'majorityVote' ? selector.distinctWrong : 0;
    this.votes = new Int32Array(m + 1);
    this.alpha = new Float64Array(m).fill(selector.kind === 'majorityVote' ? selector.concentration : 0);
    this.weights = new Float64Array(m);
    this.cost = perAttempt(scenario.attempts.cost);
    this.latency = perAttempt(scenario.attempts.latency);
    this.ziggurat = zigguratTables();
  }

  /**
   * Simulates one episode of a task (success rate p, verifier error rates fa, fr) and adds its
   * per-k outputs to out[offset + metric·K + k − 1]. `patterns`: the task's outcome patterns
   * (`OutcomePatterns` words from `patternsAt`) when the scenario draws them (`drawsOutcomePatterns`), else null.
   */
  run(p: number, fa: number, fr: number, rng: Xoshiro128, out: Float64Array, offset: number, patterns: Int32Array | null = null, patternsAt = 0): void {
    const K = this.K;
    const b = this.b;
    const X = this.outcomes;
    const { attempts, verifier, policy, selector } = this.scenario;
    if (patterns === null) drawOutcomes(attempts.correlation, p, K, rng, X);
    else {
      const pattern = patternOf(patterns, patternsAt, K, rng.uint32());
      for (let j = 1; j <= K; j++) X[j] = (pattern >>> (j - 1)) & 1;
    }
    let G = K + 1;
    let F = K + 1;
    for (let j = K; j >= 1; j--) {
      if (X[j] === 1) G = j;
      else F = j;
    }
    const voting = selector.kind === 'majorityVote';
    if (voting) dirichlet(rng, this.alpha, this.weights);
    const needsRoundUniform = voting || selector.kind === 'random';
    const costCap = policy.budget.cost;
    const latencyCap = policy.budget.latency;
    const hard = policy.budget.mode === 'hard';
    const deliverLast = policy.onNoAccept === 'deliverLast';

    let done = false;
    let spend = 0;
    let completedLatency = 0;
    let roundMax = 0;
    let roundStart = 1;
    let roundUniform = 0;
    // The current round's accepted attempts.
    let acceptedCount = 0;
    let bestScore = -Infinity;
    let bestCorrect = false;
    // Completed (not cut-off) attempts: some correct one, and the last one's answer.
    let completedCorrect = false;
    let lastCompleted = NONE;
    // Results for the latest budget (repeated once done).
    let delivered = NONE;
    let used = 0;
    let cost = 0;
    let latency = 0;

    for (let k = 1; k <= K; k++) {
      if (!done && costCap !== null && !(spend < costCap)) done = true;
      if (!done && k === roundStart && latencyCap !== null && !(completedLatency < latencyCap)) done = true;
      if (!done) {
        if (k === roundStart) {
          acceptedCount = 0;
          bestScore = -Infinity;
          bestCorrect = false;
          if (voting) this.votes.fill(0);
          roundUniform = needsRoundUniform ? rng.uint32() * TWO_POW_MINUS_32 : 0;
        }
        const correct = X[k] === 1;
        let accept = correct;
        if (this.judged) {
          const u = rng.uint32() * TWO_POW_MINUS_32;
          accept = correct ? u >= fr : u < fa;
        }
        const c = draw(this.cost, rng) + verifier.cost;
        let l = draw(this.latency, rng);
        let cut = false;
        if (hard && costCap !== null && spend + c > costCap) {
          spend = costCap;
          cut = true;
        } else spend += c;
        if (hard && latencyCap !== null && completedLatency + l > latencyCap) {
          l = latencyCap - completedLatency;
          cut = true;
        }
        if (l > roundMax) roundMax = l;
        if (cut) accept = false;
        else {
          if (correct) completedCorrect = true;
          lastCompleted = correct ? CORRECT : WRONG;
        }
        if (accept) {
          this.accepted[acceptedCount++] = k;
          if (voting) this.votes[correct ? 0 : 1 + categorical(rng, this.weights)]++;
          else if (selector.kind === 'bestScore') {
            const score = (correct ? selector.separation : 0) + zigguratNormal(this.ziggurat, rng);
            if (score > bestScore) {
              bestScore = score;
              bestCorrect = correct;
            }
          }
        }
        delivered = this.evaluateRound(acceptedCount, roundUniform, bestScore, bestCorrect, completedCorrect);
        used = k;
        cost = spend;
        latency = completedLatency + roundMax;
        const roundComplete = k === Math.min(roundStart + b - 1, K);
        if (delivered !== NONE) {
          if (roundComplete) done = true;
        } else {
          if (selector.kind === 'oracle' && completedCorrect) delivered = CORRECT;
          else if (deliverLast) delivered = lastCompleted;
          if (roundComplete) {
            completedLatency += roundMax;
            roundMax = 0;
            roundStart = k + 1;
          }
        }
      }
      const i = k - 1;
      out[offset + COVERAGE * K + i] += G <= k ? 1 : 0;
      out[offset + PASS_HAT * K + i] += F > k ? 1 : 0;
      out[offset + DELIVERED_CORRECT * K + i] += delivered === CORRECT ? 1 : 0;
      out[offset + DELIVERED_WRONG * K + i] += delivered === WRONG ? 1 : 0;
      out[offset + ABSTAINED * K + i] += delivered === NONE ? 1 : 0;
      out[offset + ATTEMPTS * K + i] += used;
      out[offset + COST * K + i] += cost;
      out[offset + LATENCY * K + i] += latency;
      if (costCap !== null && cost > costCap) {
        out[offset + COST_OVER_CAP * K + i] += 1;
        out[offset + COST_OVERSHOOT * K + i] += cost - costCap;
      }
      if (latencyCap !== null && latency > latencyCap) {
        out[offset + LATENCY_OVER_CAP * K + i] += 1;
        out[offset + LATENCY_OVERSHOOT * K + i] += latency - latencyCap;
      }
    }
  }

  /**
   * What the current round (accepted attempts so far) delivers when the episode stops after
   * attempt k: the selector's pick among its accepted attempts, or NONE (engine semantics, "Selectors").
   */
  private evaluateRound(count: number, uniform: number, bestScore: number, bestCorrect: boolean, completedCorrect: boolean): number {
    if (count === 0) return NONE;
    const X = this.outcomes;
    const selector = this.scenario.selector;
    switch (selector.kind) {
      case 'firstAccepted':
        return X[this.accepted[0]] === 1 ? CORRECT : WRONG;
      case 'random':
        return X[this.accepted[Math.floor(uniform * count)]] === 1 ? CORRECT : WRONG;
      case 'oracle':
        return completedCorrect ? CORRECT : WRONG;
      case 'bestScore':
        return selector.threshold === null || bestScore >= selector.threshold ? (bestCorrect ? CORRECT : WRONG) : NONE;
      case 'majorityVote':
        // count > 0: some answer has votes.
        return majorityAnswer(this.votes, uniform) === 0 ? CORRECT : WRONG;
    }
  }
}

/** A per-attempt amount: a constant, a lognormal sampler, or the observed values to draw from. */
export type PerAttempt = number | LognormalSum | readonly number[];

export function perAttempt(spec: Amount): PerAttempt {
  if (spec.dist === 'constant') return spec.value;
  return spec.dist === 'empirical' ? spec.values : new LognormalSum(spec.median, spec.sigma);
}

/** One draw of a per-attempt amount: the constant, median·e^{σZ} (`LognormalSum` of one), or a value drawn uniformly. */
export function draw(amount: PerAttempt, rng: Xoshiro128): number {
  if (typeof amount === 'number') return amount;
  if (amount instanceof LognormalSum) return amount.sum(rng, 1);
  return amount[Math.floor(rng.uniform() * amount.length)]!;
}
