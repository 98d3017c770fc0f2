import { dirichlet } from '../distributions/dirichlet.js';
import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Amount, Scenario } from '../scenario/types.js';
import { matchingTables, type BlockRunner, type RunnerTables } from './blockRunner.js';
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
  METRIC_COUNT,
  PASS_HAT,
} from './engineMetrics.js';
import { draw, perAttempt, type PerAttempt } from './generalEpisode.js';
import { drawsOutcomePatterns, OutcomePatterns } from './outcomePatterns.js';
import { REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import { expTables, INVERSE_STEP, NEAR_LIMIT, NEAR_STEPS, ROUNDER, STEP_HIGH, STEP_LOW, tableExp, type ExpTables } from './tableExp.js';
import { forTaskGroups } from './taskGroups.js';
import { KernelsByFeatures } from './kernelsByFeatures.js';
import { majorityAnswer } from './majorityAnswer.js';
import { benchmarkTasks, replicateTasks, type TaskParameters } from './taskParameters.js';
import { zigguratNormal, zigguratSlow, zigguratTables, type ZigguratTables } from './zigguratNormal.js';

const TWO_POW_MINUS_32 = 1 / 4294967296;
const TWO_POW_32 = 4294967296;
const TWO_POW_53 = 9007199254740992;
/** Delivery kinds, also the column of the final-state histogram (WRONG − x is the delivery of an attempt with outcome x). */
const NONE = 0;
const CORRECT = 1;
const WRONG = 2;
/** The metric row of each delivery kind. */
const DELIVERY_ROW = [ABSTAINED, DELIVERED_CORRECT, DELIVERED_WRONG];
/** Outcome models (the loop over attempts is chosen once per episode). */
const INDEPENDENT = 0;
const EXCHANGEABLE = 1;
const MARKOV = 2;
const FEEDBACK = 3;
/** All K outcomes as one pattern from one uniform (`OutcomePatterns`; any model, fixed tasks, K ≤ PATTERN_ATTEMPTS_LIMIT). */
const PATTERN = 4;
/** The pattern words when there are none (an Int32Array too: one array type in the kernel). */
const NO_PATTERNS = new Int32Array(0);
/** Per-attempt amount kinds the kernel draws inline. */
const CONSTANT = 0;
const LOGNORMAL = 1;

/** Selectors, as the kernel evaluates them in a round. */
const FIRST_ACCEPTED = 0;
const ORACLE = 1;
const RANDOM = 2;
const BEST_SCORE = 3;
const MAJORITY_VOTE = 4;

/**
 * The kernel's path: `sequential` for rounds of one attempt whose selector draws nothing
 * (firstAccepted, oracle), `rounds` for rounds of several attempts or a selector that draws (random,
 * bestScore, majorityVote). Same kernel; the name says which loop over attempts runs.
 */
export function episodeKernelPath(scenario: Scenario): 'sequential' | 'rounds' {
  const { policy, selector } = scenario;
  return policy.batchSize === 1 && (selector.kind === 'firstAccepted' || selector.kind === 'oracle') ? 'sequential' : 'rounds';
}

/**
 * The general episode as one specialised kernel: rounds of one attempt (`sequential`) or of
 * several (`rounds`: batches, parallel; every selector: firstAccepted, oracle, random, bestScore
 * with or without a threshold, majorityVote), any correlation model, any verifier
 * (per-task rates too), fixed or resampled tasks, any per-attempt amounts (constant, lognormal — the
 * cost's drawn inline —, a list of observed values), cost and latency budgets in soft or hard mode,
 * abstain or deliverLast. It consumes the block's stream exactly as `GeneralRunner` +
 * `GeneralEpisode` do (the same draws in the same order: outcomes X_1..X_K — one pattern from one
 * uniform on a fixed benchmark with K ≤ PATTERN_ATTEMPTS_LIMIT, else one uniform each —, the
 * episode's Dirichlet weights of the wrong answers (majorityVote), then per started attempt the
 * round's selector uniform at its first attempt (random, majorityVote), its verdict, cost and
 * latency, and for an accepted one its score (bestScore) or a wrong one's answer (majorityVote)),
 * so both give the same episodes; only the bookkeeping differs (tested: identical counts, sums
 * equal to rounding).
 *
 * Bookkeeping: an episode that starts s attempts has, at budget k ≥ s, its final state (delivery,
 * s attempts, cost S_s, latency L_s, over-cap figures; only the last attempt can end over the cost
 * cap), and at k < s the state after attempt k (attempts k, S_k, L_k, delivery none — or, for
 * deliverLast, oracle and rounds of several, the prefix's; in rounds of several the latency cap is
 * checked at a round's start only, so L_k can be over it). So per replicate it keeps histograms of
 * the first success G, the first failure F and the final state by s, and per-s tails of the
 * amounts; `finish` turns them into the per-k totals by prefix sums. The state at k < s is added
 * directly (s − 1 adds). The RNG (xoshiro128**, `Xoshiro128.uint32`) and the ziggurat's fast case
 * are inlined.
 */
export class EpisodeKernelRunner implements BlockRunner {
  readonly path: 'sequential' | 'rounds';
  private readonly scenario: Scenario;
  private readonly K: number;
  /** Attempts per round (policy.batchSize: 1 sequential, K parallel). */
  private readonly b: number;
  /** With the random selector: the outcomes of the round's accepted attempts, in order. */
  private readonly acceptedOutcomes: Uint8Array;
  /** With majorityVote: the Dirichlet concentrations of the wrong answers, the episode's weights, and the round's votes (0: the correct answer). */
  private readonly alpha: Float64Array;
  private readonly weights: Float64Array;
  private readonly votes: Int32Array;
  private readonly fixedTasks: TaskParameters | null;
  /** The outcome patterns of the fixed tasks (`drawsOutcomePatterns`), else null. */
  private readonly patterns: OutcomePatterns | null;
  private readonly outcomes: Uint8Array;
  /** Per task: the markov threshold after a wrong (0) and a correct (1) attempt; the verdict's accept interval [from, to) by outcome. */
  private readonly markovThreshold = new Float64Array(2);
  private readonly acceptFrom = new Float64Array([0, 0]);
  private readonly acceptTo = new Float64Array([0, TWO_POW_32]);
  private readonly hFirstSuccess: Int32Array;
  private readonly hFirstFailure: Int32Array;
  private readonly hFinal: Int32Array;
  private readonly costTail: Float64Array;
  private readonly latencyTail: Float64Array;
  private readonly costOverTail: Float64Array;
  private readonly costOvershootTail: Float64Array;
  private readonly latencyOverTail: Float64Array;
  private readonly latencyOvershootTail: Float64Array;
  private readonly ziggurat: ZigguratTables;
  /** Amounts drawn through `draw` (state written back): a cost given as a list of values, any non-constant latency. */
  private readonly costDrawn: PerAttempt | null;
  private readonly latencyDrawn: PerAttempt | null;
  private readonly exp: ExpTables;
  private readonly cost: AmountParameters;
  private readonly latency: AmountParameters;
  /**
   * Rounds of one, a constant latency l and no latency budget: the latency at budget k is l × the attempts started
   * (the general episode's l + l + …, equal to rounding), added in `finish` rather than per attempt.
   */
  private readonly latencyByAttempts: boolean;
  /** DELIVERY_ROW[d]·K − 2 per delivery kind d (see episodes). */
  private readonly deliveryRows: Int32Array;
  /** The episode loop for this scenario's features (`EpisodeKernelRunner.kernel`, one per combination). */
  private readonly episodes: Episodes;
  /** Whether the kernel has been called (forTaskGroups). */
  warm = false;

  /** `prebuilt`: the `tables()` of a runner of the same scenario (the outcome patterns, used when they fit), else built here. */
  constructor(scenario: Scenario, prebuilt?: RunnerTables) {
    this.scenario = scenario;
    this.path = episodeKernelPath(scenario);
    const K = scenario.policy.maxAttempts;
    this.K = K;
    this.b = scenario.policy.batchSize;
    this.acceptedOutcomes = new Uint8Array(K);
    const selector = scenario.selector;
    const wrongAnswers = selector.kind === 'majorityVote' ? selector.distinctWrong : 0;
    this.alpha = new Float64Array(wrongAnswers).fill(selector.kind === 'majorityVote' ? selector.concentration : 0);
    this.weights = new Float64Array(wrongAnswers);
    this.votes = new Int32Array(wrongAnswers + 1);
    const fixed = scenario.tasks.resample ? null : benchmarkTasks(scenario);
    this.fixedTasks = fixed;
    if (fixed !== null && drawsOutcomePatterns(scenario)) {
      const words = matchingTables(prebuilt, this.path, [fixed.count * 2 ** K])?.[0];
      this.patterns = new OutcomePatterns(scenario.attempts.correlation, fixed, K, words instanceof Int32Array ? words : null);
    } else this.patterns = null;
    this.outcomes = new Uint8Array(K + 1);
    const slots = REPLICATES_PER_BLOCK * (K + 2);
    this.hFirstSuccess = new Int32Array(slots);
    this.hFirstFailure = new Int32Array(slots);
    this.hFinal = new Int32Array(slots * 3);
    this.costTail = new Float64Array(slots);
    this.latencyTail = new Float64Array(slots);
    this.costOverTail = new Float64Array(slots);
    this.costOvershootTail = new Float64Array(slots);
    this.latencyOverTail = new Float64Array(slots);
    this.latencyOvershootTail = new Float64Array(slots);
    this.ziggurat = zigguratTables();
    const { cost, latency } = scenario.attempts;
    this.costDrawn = cost.dist === 'empirical' ? perAttempt(cost) : null;
    this.latencyDrawn = latency.dist === 'constant' ? null : perAttempt(latency);
    this.exp = expTables();
    this.cost = amountParameters(cost);
    this.latency = amountParameters(latency);
    this.latencyByAttempts = latency.dist === 'constant' && scenario.policy.budget.latency === null && this.path === 'sequential';
    this.deliveryRows = Int32Array.from(DELIVERY_ROW, (row) => row * K - 2);
    this.episodes = EpisodeKernelRunner.kernels.get(this.features(), EpisodeKernelRunner.kernel);
  }

  /** What the episode loop branches on, fixed for this runner. */
  private features(): KernelFeatures {
    const { attempts, verifier, policy, selector } = this.scenario;
    const { falseAccept, falseReject } = verifier;
    const correlation = attempts.correlation;
    return {
      model:
        this.patterns !== null
          ? PATTERN
          : correlation.model === 'markov'
            ? MARKOV
            : correlation.model === 'feedback'
              ? FEEDBACK
              : correlation.model === 'exchangeable' && correlation.icc > 0
                ? EXCHANGEABLE
                : INDEPENDENT,
      judged: !(falseAccept.dist === 'point' && falseAccept.p === 0 && falseReject.dist === 'point' && falseReject.p === 0),
      costLognormal: this.cost.kind === LOGNORMAL,
      costFromValues: this.costDrawn !== null,
      latencyNotConstant: this.latencyDrawn !== null,
      hasCostCap: policy.budget.cost !== null,
      hasLatencyCap: policy.budget.latency !== null,
      hard: policy.budget.mode === 'hard',
      deliverLast: policy.onNoAccept === 'deliverLast',
      rounds: this.path === 'rounds',
      selector:
        selector.kind === 'oracle'
          ? ORACLE
          : selector.kind === 'random'
            ? RANDOM
            : selector.kind === 'bestScore'
              ? BEST_SCORE
              : selector.kind === 'majorityVote'
                ? MAJORITY_VOTE
                : FIRST_ACCEPTED,
      scoreThreshold: selector.kind === 'bestScore' && selector.threshold !== null,
      latencyByAttempts: this.latencyByAttempts,
      small: this.K <= 30,
    };
  }

  /** The outcome patterns of all tasks (a copy), when it draws them. */
  tables(): RunnerTables | null {
    const patterns = this.patterns;
    return patterns === null ? null : { path: this.path, arrays: [patterns.words.slice()] };
  }

  run(rng: Xoshiro128, firstReplicate: number, count: number, out: Float64Array): void {
    const slots = count * (this.K + 2);
    for (const h of [
      this.hFirstSuccess,
      this.hFirstFailure,
      this.costTail,
      this.latencyTail,
      this.costOverTail,
      this.costOvershootTail,
      this.latencyOverTail,
      this.latencyOvershootTail,
    ]) {
      h.fill(0, 0, slots);
    }
    this.hFinal.fill(0, 0, 3 * slots);
    const fixed = this.fixedTasks;
    // A fixed benchmark in groups of tasks (forTaskGroups: V8 then optimises the kernel with the type feedback of complete calls).
    const episodes = this.episodes;
    if (fixed !== null) forTaskGroups(fixed.count, true, this, (t, n) => episodes(this, rng, fixed, t, t + n, 0, count, out));
    else
      for (let r = 0; r < count; r++) {
        const tasks = replicateTasks(this.scenario, firstReplicate + r);
        episodes(this, rng, tasks, 0, tasks.count, r, r + 1, out);
      }
    this.finish(count, out);
  }

  /** The episode loops made so far, one per combination of features (`KernelsByFeatures`). */
  private static readonly kernels = new KernelsByFeatures<Episodes>();

  /**
   * The episode loop for one combination of the features it branches on (`KernelFeatures`): they
   * are constants of the closure's context, so V8, which specialises a function made by one
   * closure on that closure's context, compiles the loop without the branches of the features
   * the scenario does not have. Runs tasks [firstTask, endTask) of `tasks` (outer) × replicates
   * [from, to) (inner), in the order GeneralRunner uses the stream.
   */
  private static kernel(features: KernelFeatures): Episodes {
    const {
      model,
      judged,
      costLognormal,
      costFromValues,
      latencyNotConstant,
      hasCostCap,
      hasLatencyCap,
      hard,
      deliverLast,
      rounds,
      selector,
      scoreThreshold,
      latencyByAttempts,
      small,
    } = features;
    const oracle = selector === ORACLE;
    // The state after attempt k < s carries its own delivery (else none, added in finish).
    const prefixDelivery = deliverLast || oracle || rounds;
    return function episodes(runner, rng, tasks, firstTask, endTask, from, to, out) {
      const K = runner.K;
      const H = K + 2;
      const width = METRIC_COUNT * K;
      const { attempts, verifier, policy } = runner.scenario;
      const correlation = attempts.correlation;
      // A pattern kernel runs only on the runner's fixed tasks (resampled tasks are never those).
      const patterns = model === PATTERN ? runner.patterns! : null;
      const patternWords = patterns === null ? NO_PATTERNS : patterns.words;
      const patternMask = (1 << K) - 1,
        patternHalf = patternMask >>> 1;
      const stay = correlation.model === 'markov' ? correlation.stickiness : 0;
      // Feedback after a failure: rate ← rate + up(1 − rate) − down·rate (`feedbackStep`, inlined).
      const eta = correlation.model === 'feedback' ? correlation.afterFailure : 0;
      const up = eta > 0 ? eta : 0,
        down = eta < 0 ? -eta : 0;
      const scale = correlation.model === 'exchangeable' && correlation.icc > 0 ? 1 / correlation.icc - 1 : 0;
      const cost = runner.cost;
      const latency = runner.latency;
      const costValue = cost.value,
        costMedian = cost.median,
        costSigma = cost.sigma;
      const latencyValue = latency.value;
      const latencyDrawn = runner.latencyDrawn;
      const costDrawn = runner.costDrawn;
      const checkCost = verifier.cost;
      const costCap = policy.budget.cost;
      const latencyCap = policy.budget.latency;
      const costLimit = costCap ?? Infinity;
      const latencyLimit = latencyCap ?? Infinity;
      const X = runner.outcomes;
      // "Not within K" for G and F, computed once: an addition only in a rare branch would lack type feedback.
      const none = K + 1;
      const markovThreshold = runner.markovThreshold;
      const acceptFrom = runner.acceptFrom;
      const acceptTo = runner.acceptTo;
      // Up to 30 attempts (small) the outcomes also go into a bit mask, from which G and F come without branches.
      const allAttempts = small ? (2 << K) - 2 : 0;
      const hG = runner.hFirstSuccess,
        hF = runner.hFirstFailure,
        hFinal = runner.hFinal;
      const costTail = runner.costTail,
        latencyTail = runner.latencyTail;
      const costOverTail = runner.costOverTail,
        costOvershootTail = runner.costOvershootTail;
      const latencyOverTail = runner.latencyOverTail,
        latencyOvershootTail = runner.latencyOvershootTail;
      const { kn, wn } = runner.ziggurat;
      const exp = runner.exp;
      const near = exp.near;
      // Module constants as locals: V8 loads an imported or module-level binding from its context,
      // with a check, at every use in the loop; a local is a register or a stack slot.
      const nearLimit = NEAR_LIMIT,
        nearSteps = NEAR_STEPS,
        inverseStep = INVERSE_STEP,
        rounder = ROUNDER,
        stepHigh = STEP_HIGH,
        stepLow = STEP_LOW,
        twoPowMinus32 = TWO_POW_MINUS_32;
      // Where budget k = j − 1 of replicate r adds its amounts and delivery: out[r·width + row·K + j − 2].
      const costRow = COST * K - 2,
        latencyRow = LATENCY * K - 2,
        latencyOverRow = LATENCY_OVER_CAP * K - 2,
        latencyOvershootRow = LATENCY_OVERSHOOT * K - 2;
      const b = runner.b;
      const scoring = runner.scenario.selector;
      const separation = scoring.kind === 'bestScore' ? scoring.separation : 0;
      const threshold = scoring.kind === 'bestScore' && scoring.threshold !== null ? scoring.threshold : 0;
      const acceptedOutcomes = runner.acceptedOutcomes;
      const alpha = runner.alpha,
        weights = runner.weights,
        votes = runner.votes;
      const twoPow53 = TWO_POW_53;
      let weightTotal = 0;
      const deliveryRows = runner.deliveryRows;
      let s0 = rng.s0,
        s1 = rng.s1,
        s2 = rng.s2,
        s3 = rng.s3;
      let y = 0,
        word = 0,
        tt = 0;

      for (let t = firstTask; t < endTask; t++) {
        const p = tasks.successRate[t],
          fa = tasks.falseAccept[t],
          fr = tasks.falseReject[t];
        // Thresholds on the 32-bit word: u·2^-32 < q ⇔ word < q·2^32 (exact: a power of two).
        const first = p * TWO_POW_32;
        // Indexed by the previous outcome (markov) and by the outcome (verdict), so no branch on it.
        markovThreshold[0] = (stay * 0 + (1 - stay) * p) * TWO_POW_32;
        markovThreshold[1] = (stay * 1 + (1 - stay) * p) * TWO_POW_32;
        // Accepted iff acceptFrom[x] ≤ word < acceptTo[x]: a wrong attempt iff word < FA·2^32, a correct one iff word ≥ FR·2^32.
        acceptTo[0] = fa * TWO_POW_32;
        acceptFrom[1] = fr * TWO_POW_32;
        const a = p * scale;
        const patternsAt = patterns === null ? 0 : patterns.at(t);
        for (let r = from; r < to; r++) {
          // ---- outcomes X_1..X_K (drawOutcomes), with the first success G and first failure F ----
          let G = none;
          let F = none;
          let bits = 0; // bit j set: X_j correct (K ≤ 30)
          if (model === PATTERN) {
            y = Math.imul(s1, 5);
            word = Math.imul((y << 7) | (y >>> 25), 9);
            tt = s1 << 9;
            s2 ^= s0;
            s3 ^= s1;
            s1 ^= s2;
            s0 ^= s3;
            s2 ^= tt;
            s3 = (s3 << 11) | (s3 >>> 21);
            // patternOf, inlined: column i = x & (C − 1), the pattern i or its alias (K ≤ 10, so small).
            const i = word & patternMask;
            const w = patternWords[patternsAt + i];
            const alias = w & patternMask;
            bits = (alias ^ ((i ^ alias) & ((((word >>> 1) | patternHalf) - (w >>> 1)) >> 31))) << 1;
          } else if (model === INDEPENDENT) {
            for (let j = 1; j <= K; j++) {
              y = Math.imul(s1, 5);
              word = Math.imul((y << 7) | (y >>> 25), 9);
              tt = s1 << 9;
              s2 ^= s0;
              s3 ^= s1;
              s1 ^= s2;
              s0 ^= s3;
              s2 ^= tt;
              s3 = (s3 << 11) | (s3 >>> 21);
              const x = +(word >>> 0 < first);
              if (small) bits |= x << j;
              else {
                X[j] = x;
                G = x === 1 && G > K ? j : G;
                F = x === 0 && F > K ? j : F;
              }
            }
          } else if (model === MARKOV) {
            // P(X_j = 1 | X_{j−1}) = λ·X_{j−1} + (1 − λ)p, as drawOutcomes computes it.
            let threshold = first;
            for (let j = 1; j <= K; j++) {
              y = Math.imul(s1, 5);
              word = Math.imul((y << 7) | (y >>> 25), 9);
              tt = s1 << 9;
              s2 ^= s0;
              s3 ^= s1;
              s1 ^= s2;
              s0 ^= s3;
              s2 ^= tt;
              s3 = (s3 << 11) | (s3 >>> 21);
              const x = +(word >>> 0 < threshold);
              threshold = markovThreshold[x];
              if (small) bits |= x << j;
              else {
                X[j] = x;
                G = x === 1 && G > K ? j : G;
                F = x === 0 && F > K ? j : F;
              }
            }
          } else if (model === EXCHANGEABLE) {
            let correctSoFar = 0;
            for (let j = 1; j <= K; j++) {
              y = Math.imul(s1, 5);
              word = Math.imul((y << 7) | (y >>> 25), 9);
              tt = s1 << 9;
              s2 ^= s0;
              s3 ^= s1;
              s1 ^= s2;
              s0 ^= s3;
              s2 ^= tt;
              s3 = (s3 << 11) | (s3 >>> 21);
              const x = +((word >>> 0) * twoPowMinus32 < (a + correctSoFar) / (scale + j - 1));
              correctSoFar += x;
              if (small) bits |= x << j;
              else {
                X[j] = x;
                G = x === 1 && G > K ? j : G;
                F = x === 0 && F > K ? j : F;
              }
            }
          } else {
            let rate = p;
            for (let j = 1; j <= K; j++) {
              y = Math.imul(s1, 5);
              word = Math.imul((y << 7) | (y >>> 25), 9);
              tt = s1 << 9;
              s2 ^= s0;
              s3 ^= s1;
              s1 ^= s2;
              s0 ^= s3;
              s2 ^= tt;
              s3 = (s3 << 11) | (s3 >>> 21);
              const x = +((word >>> 0) * twoPowMinus32 < rate);
              if (x === 0) rate = rate + up * (1 - rate) - down * rate;
              if (small) bits |= x << j;
              else {
                X[j] = x;
                G = x === 1 && G > K ? j : G;
                F = x === 0 && F > K ? j : F;
              }
            }
          }

          if (small) {
            // First success and first failure as the lowest set bit of the outcome mask and of its complement.
            const failures = ~bits & allAttempts;
            G = bits === 0 ? none : 31 - Math.clz32(bits & -bits);
            F = failures === 0 ? none : 31 - Math.clz32(failures & -failures);
          }

          if (selector === MAJORITY_VOTE) {
            // The episode's weights of the wrong answers, after the outcomes (GeneralEpisode's order).
            rng.s0 = s0;
            rng.s1 = s1;
            rng.s2 = s2;
            rng.s3 = s3;
            dirichlet(rng, alpha, weights);
            s0 = rng.s0;
            s1 = rng.s1;
            s2 = rng.s2;
            s3 = rng.s3;
            weightTotal = 0;
            for (let i = 0; i < weights.length; i++) weightTotal += weights[i];
          }

          // ---- attempts, in rounds of b (one for `sequential`), while the budgets let them start ----
          // spend, took: S_j and L_j after attempt j; elapsed: the latency of the rounds completed
          // (before the next round); roundMax: the longest attempt of the current round so far.
          let spend = 0;
          let elapsed = 0;
          let took = 0;
          let started = 0;
          let final = NONE;
          let completedCorrect = 0;
          let lastCompleted = NONE;
          // The current round (rounds): its last attempt, accepted attempts, the outcome of the first
          // accepted, the selector's uniform, and the best score with its outcome.
          let roundEnd = 0;
          let roundMax = 0;
          let acceptedCount = 0;
          let firstAcceptedOutcome = 0;
          let roundUniform = 0;
          let bestScore = -Infinity;
          let bestOutcome = 0;
          const base = r * width;
          for (let j = 1; j <= K; j++) {
            if (hasCostCap && !(spend < costLimit)) break;
            if (!rounds || j > roundEnd) {
              // A round starts (each attempt, in rounds of one) while the elapsed latency is under its cap.
              if (hasLatencyCap && !(elapsed < latencyLimit)) break;
              if (rounds) {
                roundEnd = j + b - 1 < K ? j + b - 1 : K;
                acceptedCount = 0;
                bestScore = -Infinity;
                bestOutcome = 0;
                if (selector === MAJORITY_VOTE) votes.fill(0);
                if (selector === RANDOM || selector === MAJORITY_VOTE) {
                  y = Math.imul(s1, 5);
                  word = Math.imul((y << 7) | (y >>> 25), 9);
                  tt = s1 << 9;
                  s2 ^= s0;
                  s3 ^= s1;
                  s1 ^= s2;
                  s0 ^= s3;
                  s2 ^= tt;
                  s3 = (s3 << 11) | (s3 >>> 21);
                  roundUniform = (word >>> 0) * twoPowMinus32;
                }
              }
            }
            if (j > 1) {
              // Attempt j − 1 was not the last: budget k = j − 1 ends in the state after it (amounts S, L; for
              // deliverLast, oracle and rounds its delivery; otherwise none, added in finish).
              out[base + costRow + j] += spend;
              if (!latencyByAttempts) out[base + latencyRow + j] += took;
              if (prefixDelivery) out[base + deliveryRows[final] + j] += 1;
              if (rounds && hasLatencyCap && took > latencyLimit) {
                // Within a round attempts start whatever the latency: the state after j − 1 can be over its cap.
                out[base + latencyOverRow + j] += 1;
                out[base + latencyOvershootRow + j] += took - latencyLimit;
              }
            }
            // Outcome X_j: bit j of the mask (K ≤ 30), else the array.
            const x = small ? (bits >>> j) & 1 : X[j];
            let accept = x;
            if (judged) {
              y = Math.imul(s1, 5);
              word = Math.imul((y << 7) | (y >>> 25), 9);
              tt = s1 << 9;
              s2 ^= s0;
              s3 ^= s1;
              s1 ^= s2;
              s0 ^= s3;
              s2 ^= tt;
              s3 = (s3 << 11) | (s3 >>> 21);
              const w = word >>> 0;
              accept = +(w >= acceptFrom[x]) & +(w < acceptTo[x]);
            }
            // Cost, then latency: the constant, or median·e^{σZ} with Z by the ziggurat (LognormalSum of one,
            // inlined for the cost).
            let c = costValue;
            if (costLognormal) {
              y = Math.imul(s1, 5);
              word = Math.imul((y << 7) | (y >>> 25), 9);
              tt = s1 << 9;
              s2 ^= s0;
              s3 ^= s1;
              s1 ^= s2;
              s0 ^= s3;
              s2 ^= tt;
              s3 = (s3 << 11) | (s3 >>> 21);
              const layer = word & 127;
              const v = word >> 7;
              let z = 0;
              if (Math.abs(v) < kn[layer]) z = v * wn[layer];
              else {
                rng.s0 = s0;
                rng.s1 = s1;
                rng.s2 = s2;
                rng.s3 = s3;
                z = zigguratSlow(runner.ziggurat, rng, word);
                s0 = rng.s0;
                s1 = rng.s1;
                s2 = rng.s2;
                s3 = rng.s3;
              }
              // e^x as tableExp computes it, inlined for |x| < NEAR_LIMIT (the call is not: the kernel exceeds
              // V8's inlining budget); beyond, the call.
              const x = costSigma * z;
              let e: number;
              if (x < nearLimit && x > -nearLimit) {
                const rounded = x * inverseStep + rounder - rounder;
                const rest = x - rounded * stepHigh - rounded * stepLow;
                const rest2 = rest * rest;
                const f = near[(rounded | 0) + nearSteps];
                e = f + f * (rest + rest2 * (0.5 + rest * (1 / 6) + rest2 * (1 / 24)));
              } else e = tableExp(exp, x);
              c = costMedian * e;
            }
            if (costFromValues) {
              rng.s0 = s0;
              rng.s1 = s1;
              rng.s2 = s2;
              rng.s3 = s3;
              c = draw(costDrawn!, rng);
              s0 = rng.s0;
              s1 = rng.s1;
              s2 = rng.s2;
              s3 = rng.s3;
            }
            c += checkCost;
            let l = latencyValue;
            if (latencyNotConstant) {
              // A drawn latency (rarer) by the general episode's own draw (`draw`: LognormalSum of one, or a value of the list).
              rng.s0 = s0;
              rng.s1 = s1;
              rng.s2 = s2;
              rng.s3 = s3;
              l = draw(latencyDrawn!, rng);
              s0 = rng.s0;
              s1 = rng.s1;
              s2 = rng.s2;
              s3 = rng.s3;
            }
            let cut = false;
            if (hard && hasCostCap && spend + c > costLimit) {
              spend = costLimit;
              cut = true;
            } else spend += c;
            if (hard && hasLatencyCap && elapsed + l > latencyLimit) {
              l = latencyLimit - elapsed;
              cut = true;
            }
            started = j;
            if (cut) accept = 0;
            else {
              completedCorrect |= x;
              lastCompleted = WRONG - x;
            }
            if (!rounds) {
              took = elapsed + (l > 0 ? l : 0);
              if (accept === 1) {
                final = oracle ? WRONG - completedCorrect : WRONG - x;
                break;
              }
              final = oracle && completedCorrect === 1 ? CORRECT : deliverLast ? lastCompleted : NONE;
              elapsed = took;
              continue;
            }
            // A round's latency is its longest attempt's; what it delivers after attempt j is the
            // selector's pick among its accepted attempts so far (GeneralEpisode.evaluateRound).
            if (l > roundMax) roundMax = l;
            took = elapsed + roundMax;
            let delivered = NONE;
            if (accept === 1) {
              acceptedCount++;
              if (selector === FIRST_ACCEPTED) {
                if (acceptedCount === 1) firstAcceptedOutcome = x;
              } else if (selector === RANDOM) acceptedOutcomes[acceptedCount - 1] = x;
              else if (selector === BEST_SCORE) {
                // The score's normal variate by the ziggurat (`zigguratNormal`, the call: rarer than the cost's draw).
                rng.s0 = s0;
                rng.s1 = s1;
                rng.s2 = s2;
                rng.s3 = s3;
                const z = zigguratNormal(runner.ziggurat, rng);
                s0 = rng.s0;
                s1 = rng.s1;
                s2 = rng.s2;
                s3 = rng.s3;
                const score = x * separation + z;
                if (score > bestScore) {
                  bestScore = score;
                  bestOutcome = x;
                }
              } else if (selector === MAJORITY_VOTE) {
                let answer = 0;
                if (x === 0) {
                  // A wrong attempt's answer: `categorical` over the episode's weights (their sum
                  // weightTotal), inlined: U from 53 bits of two steps (`Xoshiro128.uniform`), then the
                  // smallest i with U·Σw < w_0 + … + w_i among the positive weights.
                  y = Math.imul(s1, 5);
                  word = Math.imul((y << 7) | (y >>> 25), 9);
                  tt = s1 << 9;
                  s2 ^= s0;
                  s3 ^= s1;
                  s1 ^= s2;
                  s0 ^= s3;
                  s2 ^= tt;
                  s3 = (s3 << 11) | (s3 >>> 21);
                  const high = word >>> 5;
                  y = Math.imul(s1, 5);
                  word = Math.imul((y << 7) | (y >>> 25), 9);
                  tt = s1 << 9;
                  s2 ^= s0;
                  s3 ^= s1;
                  s1 ^= s2;
                  s0 ^= s3;
                  s2 ^= tt;
                  s3 = (s3 << 11) | (s3 >>> 21);
                  let u = ((high * 67108864 + (word >>> 6)) / twoPow53) * weightTotal;
                  let last = 0;
                  for (let i = 0; i < weights.length; i++) {
                    const w = weights[i];
                    if (w > 0) {
                      last = i;
                      if (u < w) break;
                      u -= w;
                    }
                  }
                  answer = 1 + last;
                }
                votes[answer]++;
              }
            }
            if (acceptedCount > 0) {
              if (selector === FIRST_ACCEPTED) delivered = WRONG - firstAcceptedOutcome;
              else if (selector === ORACLE) delivered = WRONG - completedCorrect;
              else if (selector === RANDOM) delivered = WRONG - acceptedOutcomes[Math.floor(roundUniform * acceptedCount)];
              else if (selector === MAJORITY_VOTE) delivered = majorityAnswer(votes, roundUniform) === 0 ? CORRECT : WRONG;
              else if (!scoreThreshold || bestScore >= threshold) delivered = WRONG - bestOutcome;
            }
            const roundComplete = j === roundEnd;
            if (delivered !== NONE) {
              final = delivered;
              if (roundComplete) break;
            } else {
              final = oracle && completedCorrect === 1 ? CORRECT : deliverLast ? lastCompleted : NONE;
              if (roundComplete) {
                elapsed += roundMax;
                roundMax = 0;
              }
            }
          }

          // ---- bookkeeping: histograms, tails, and the amounts of the budgets k < started ----
          hG[r * H + G]++;
          hF[r * H + F]++;
          const at = r * H + started;
          hFinal[3 * at + final]++;
          costTail[at] += spend;
          if (!latencyByAttempts) latencyTail[at] += took;
          if (hasCostCap) {
            // Only the last attempt can end above the cap: over = 1{S_s > cap} (without a branch; 0·(S_s − cap) adds ±0).
            const over = +(spend > costLimit);
            costOverTail[at] += over;
            costOvershootTail[at] += over * (spend - costLimit);
          }
          if (hasLatencyCap) {
            const over = +(took > latencyLimit);
            latencyOverTail[at] += over;
            latencyOvershootTail[at] += over * (took - latencyLimit);
          }
        }
      }
      rng.s0 = s0;
      rng.s1 = s1;
      rng.s2 = s2;
      rng.s3 = s3;
    };
  }

  /** Per replicate: the per-k totals from the histograms and tails (prefix sums over s ≤ k and G, F ≤ k). */
  private finish(count: number, out: Float64Array): void {
    const K = this.K;
    const H = K + 2;
    const width = METRIC_COUNT * K;
    // Without its own delivery (added in the kernel) the state after attempt k < s delivers nothing.
    const plain = !(this.scenario.policy.onNoAccept === 'deliverLast' || this.scenario.selector.kind === 'oracle' || this.path === 'rounds');
    const latencyByAttempts = this.latencyByAttempts;
    const latencyValue = this.latency.value;
    for (let r = 0; r < count; r++) {
      const base = r * width;
      let episodes = 0;
      for (let s = 0; s < H; s++) episodes += this.hFirstSuccess[r * H + s];
      let firstSuccess = 0,
        firstFailure = 0;
      let correct = 0,
        wrong = 0,
        none = 0,
        stopped = 0,
        usedBySome = 0;
      let cost = 0,
        latency = 0,
        costOver = 0,
        costOvershoot = 0,
        latencyOver = 0,
        latencyOvershoot = 0;
      for (let k = 1; k <= K; k++) {
        const at = r * H + k;
        firstSuccess += this.hFirstSuccess[at];
        firstFailure += this.hFirstFailure[at];
        const c = this.hFinal[3 * at + CORRECT],
          w = this.hFinal[3 * at + WRONG],
          n = this.hFinal[3 * at + NONE];
        correct += c;
        wrong += w;
        none += n;
        stopped += c + w + n;
        usedBySome += k * (c + w + n);
        cost += this.costTail[at];
        latency += this.latencyTail[at];
        costOver += this.costOverTail[at];
        costOvershoot += this.costOvershootTail[at];
        latencyOver += this.latencyOverTail[at];
        latencyOvershoot += this.latencyOvershootTail[at];
        const i = k - 1;
        const running = episodes - stopped; // episodes that started more than k attempts
        out[base + COVERAGE * K + i] += firstSuccess;
        out[base + PASS_HAT * K + i] += episodes - firstFailure;
        out[base + DELIVERED_CORRECT * K + i] += correct;
        out[base + DELIVERED_WRONG * K + i] += wrong;
        out[base + ABSTAINED * K + i] += none + (plain ? running : 0);
        out[base + ATTEMPTS * K + i] += usedBySome + k * running;
        out[base + COST * K + i] += cost;
        out[base + LATENCY * K + i] += latencyByAttempts ? latencyValue * (usedBySome + k * running) : latency;
        out[base + COST_OVER_CAP * K + i] += costOver;
        out[base + COST_OVERSHOOT * K + i] += costOvershoot;
        out[base + LATENCY_OVER_CAP * K + i] += latencyOver;
        out[base + LATENCY_OVERSHOOT * K + i] += latencyOvershoot;
      }
    }
  }
}

interface AmountParameters {
  readonly kind: number;
  readonly value: number;
  readonly median: number;
  readonly sigma: number;
}

/** The kernel's inline form of a per-attempt amount: a constant, or a lognormal drawn inline (others go through `draw`). */
function amountParameters(amount: Amount): AmountParameters {
  if (amount.dist === 'lognormal') return { kind: LOGNORMAL, value: 0, median: amount.median, sigma: amount.sigma };
  return { kind: CONSTANT, value: amount.dist === 'constant' ? amount.value : 0, median: 0, sigma: 0 };
}

/** What `EpisodeKernelRunner`'s episode loop branches on: one kernel per combination (`KernelsByFeatures`). */
interface KernelFeatures {
  /** Outcome model: INDEPENDENT, EXCHANGEABLE, MARKOV, FEEDBACK, or PATTERN (the runner's fixed tasks, K ≤ 10). */
  readonly model: number;
  /** A verifier that can err (else every outcome is its verdict). */
  readonly judged: boolean;
  /** The cost is lognormal (drawn inline). */
  readonly costLognormal: boolean;
  /** The cost is drawn from a list of observed values (by `draw`). */
  readonly costFromValues: boolean;
  /** The latency is not constant (drawn by `draw`). */
  readonly latencyNotConstant: boolean;
  readonly hasCostCap: boolean;
  readonly hasLatencyCap: boolean;
  /** Budgets cut an attempt off at the cap (mode hard). */
  readonly hard: boolean;
  readonly deliverLast: boolean;
  /** Rounds of several attempts, or a selector that draws (the `rounds` path). */
  readonly rounds: boolean;
  /** FIRST_ACCEPTED, ORACLE, RANDOM, BEST_SCORE or MAJORITY_VOTE. */
  readonly selector: number;
  /** bestScore with a threshold (below it the round delivers nothing). */
  readonly scoreThreshold: boolean;
  /** A constant latency without a latency budget, added from the attempts in `finish`. */
  readonly latencyByAttempts: boolean;
  /** K ≤ 30: the outcomes as a bit mask. */
  readonly small: boolean;
}

type Episodes = (
  runner: EpisodeKernelRunner,
  rng: Xoshiro128,
  tasks: TaskParameters,
  firstTask: number,
  endTask: number,
  from: number,
  to: number,
  out: Float64Array,
) => void;
