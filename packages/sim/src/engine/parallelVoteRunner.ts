import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Scenario } from '../scenario/types.js';
import type { BlockRunner } from './blockRunner.js';
import { expectedAmount } from './expectedAmount.js';
import { ABSTAINED, ATTEMPTS, COST, COVERAGE, DELIVERED_CORRECT, DELIVERED_WRONG, LATENCY, METRIC_COUNT, PASS_HAT } from './engineMetrics.js';
import { KernelsByFeatures } from './kernelsByFeatures.js';
import { REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import type { TaskParameters } from './taskParameters.js';

const TWO_POW_32 = 4294967296;
const TWO_POW_MINUS_32 = 1 / 4294967296;
/** Delivery kinds, the column of the delivery histogram: none 0, correct 1, wrong 2. */
const NONE = 0;
/** The metric row of each delivery kind (none, correct, wrong). */
const DELIVERY_ROW = [ABSTAINED, DELIVERED_CORRECT, DELIVERED_WRONG];

/**
 * Fast path for a majority vote over parallel attempts (mode parallel, selector majorityVote) on a
 * fixed benchmark with independent attempts, no budget and constant latency, any verifier, abstain
 * or deliverLast. The same law as the general episode with fewer draws:
 * - each attempt is, independently, accepted correct (p(1 − FR)), accepted wrong ((1 − p)FA),
 *   rejected correct (p·FR) or rejected wrong ((1 − p)(1 − FA)): one uniform against per-task thresholds;
 * - the wrong answers of the accepted wrong attempts: the episode's Dirichlet(α, …, α) weights
 *   integrated out, their categories in order are a Pólya urn, P(category i | counts c, n so far) =
 *   (α + c_i)/(mα + n) (the Dirichlet–multinomial; Johnson, Kotz & Balakrishnan 1997, "Discrete
 *   Multivariate Distributions", ch. 40): one uniform per accepted wrong attempt, no gamma draws;
 * - the round's tie-break uniform, as the general episode draws it.
 * Budget k: the first k attempts form the round; the most frequent answer among its accepted
 * attempts wins (ties uniformly by that uniform), else abstain or (deliverLast) attempt k as it is.
 * Costs and latency are Rao–Blackwellised (k attempts × E[cost + verifier.cost]; one round × the latency).
 */
export class ParallelVoteRunner implements BlockRunner {
  readonly path = 'parallelVote' as const;
  private readonly K: number;
  private readonly tasks: TaskParameters;
  private readonly m: number;
  private readonly alpha: number;
  private readonly deliverLast: boolean;
  private readonly attemptCost: number;
  private readonly latency: number;
  private readonly votes: Int32Array;
  private readonly hFirstSuccess: Int32Array;
  private readonly hFirstFailure: Int32Array;
  /** Per replicate and budget k: episodes delivering nothing, a correct or a wrong answer. */
  private readonly hDelivered: Int32Array;
  /** Task t's episodes (`ParallelVoteRunner.taskKernel`) for this runner's features. */
  private readonly taskEpisodes: TaskEpisodes;

  constructor(scenario: Scenario, tasks: TaskParameters) {
    const selector = scenario.selector;
    if (selector.kind !== 'majorityVote') throw new Error('ParallelVoteRunner: the selector must be majorityVote');
    this.K = scenario.policy.maxAttempts;
    this.tasks = tasks;
    this.m = selector.distinctWrong;
    this.alpha = selector.concentration;
    this.deliverLast = scenario.policy.onNoAccept === 'deliverLast';
    this.attemptCost = expectedAmount(scenario.attempts.cost) + scenario.verifier.cost;
    this.latency = expectedAmount(scenario.attempts.latency);
    this.votes = new Int32Array(this.m + 1);
    this.hFirstSuccess = new Int32Array(REPLICATES_PER_BLOCK * (this.K + 2));
    this.hFirstFailure = new Int32Array(REPLICATES_PER_BLOCK * (this.K + 2));
    this.hDelivered = new Int32Array(REPLICATES_PER_BLOCK * this.K * 3);
    this.taskEpisodes = ParallelVoteRunner.kernels.get({ small: this.K <= 30, deliverLast: this.deliverLast }, ParallelVoteRunner.taskKernel);
  }

  run(rng: Xoshiro128, _firstReplicate: number, count: number, out: Float64Array): void {
    const K = this.K;
    const H = K + 2;
    const width = METRIC_COUNT * K;
    const hG = this.hFirstSuccess,
      hF = this.hFirstFailure;
    hG.fill(0, 0, count * H);
    hF.fill(0, 0, count * H);
    const hDelivered = this.hDelivered;
    hDelivered.fill(0, 0, count * K * 3);
    const tasks = this.tasks;
    const task = this.taskEpisodes;
    for (let t = 0; t < tasks.count; t++) task(this, rng, t, count);
    // Coverage and passHatK from G, F; k attempts in one round per episode (Rao–Blackwellised amounts).
    const T = tasks.count;
    for (let r = 0; r < count; r++) {
      const base = r * width;
      let success = 0;
      let failure = 0;
      for (let k = 1; k <= K; k++) {
        success += hG[r * H + k];
        failure += hF[r * H + k];
        out[base + COVERAGE * K + k - 1] += success;
        out[base + PASS_HAT * K + k - 1] += T - failure;
        out[base + ATTEMPTS * K + k - 1] += T * k;
        out[base + COST * K + k - 1] += T * k * this.attemptCost;
        out[base + LATENCY * K + k - 1] += T * this.latency;
        for (let d = 0; d < 3; d++) out[base + DELIVERY_ROW[d] * K + k - 1] += hDelivered[(r * K + k - 1) * 3 + d];
      }
    }
  }

  /** The task loops made so far, one per combination of features (`KernelsByFeatures`). */
  private static readonly kernels = new KernelsByFeatures<TaskEpisodes>();

  /**
   * Task t's episodes for replicates 0..count − 1 into the histograms, as a loop made for one
   * combination of features (`KernelsByFeatures`). A call per task rather than one loop over all
   * tasks: V8 optimises it with the type feedback of complete calls (a long loop is compiled on the
   * fly, before the code after it has run, and then leaves the optimised code at every call).
   */
  private static taskKernel(features: { small: boolean; deliverLast: boolean }): TaskEpisodes {
    // Constants of the closure's context (a parameter would be a variable there, which V8 does not fold).
    const { small, deliverLast } = features;
    // Delivery when nothing is accepted: none (0), or with deliverLast attempt k as it is (2 − x, masked by all ones).
    const unvoted = deliverLast ? -1 : NONE;
    return function task(runner, rng, t, count) {
      const K = runner.K;
      const H = K + 2;
      const m = runner.m;
      const alpha = runner.alpha;
      const votes = runner.votes;
      const hG = runner.hFirstSuccess,
        hF = runner.hFirstFailure;
      const hDelivered = runner.hDelivered;
      const tasks = runner.tasks;
      // Up to 30 attempts (small) the outcomes also go into a bit mask, from which G and F come without branches.
      const allAttempts = small ? (2 << K) - 2 : 0;
      // "Not within K" for G and F, computed once: an addition only in a rare branch would lack type feedback.
      const none = K + 1;
      let s0 = rng.s0,
        s1 = rng.s1,
        s2 = rng.s2,
        s3 = rng.s3;
      let y = 0,
        word = 0,
        tt = 0;
      const p = tasks.successRate[t],
        fa = tasks.falseAccept[t],
        fr = tasks.falseReject[t];
      // Class thresholds on the 32-bit word: accepted correct | accepted wrong | rejected correct | rejected wrong.
      const acceptedCorrect = p * (1 - fr) * TWO_POW_32;
      const acceptedWrong = acceptedCorrect + (1 - p) * fa * TWO_POW_32;
      const rejectedCorrect = acceptedWrong + p * fr * TWO_POW_32;
      for (let r = 0; r < count; r++) {
        // The round's tie-break uniform.
        y = Math.imul(s1, 5);
        word = Math.imul((y << 7) | (y >>> 25), 9);
        tt = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= tt;
        s3 = (s3 << 11) | (s3 >>> 21);
        const tie = (word >>> 0) * TWO_POW_MINUS_32;
        for (let a = 1; a <= m; a++) votes[a] = 0;
        let wrongVotes = 0;
        let bits = 0; // bit j set: X_j correct (K ≤ 30)
        let G = none;
        let F = none;
        // Votes for the correct answer, the leading count among the wrong answers and how many share it.
        let right = 0;
        let wrongMost = 0;
        let wrongTied = 0;
        // Whether the correct answer wins a tie with the leading wrong answers (below); set when they change.
        let winsTie = 1;
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
          const w = word >>> 0;
          // Class 0 accepted correct, 1 accepted wrong, 2 rejected correct, 3 rejected wrong.
          const c = +(w >= acceptedCorrect) + +(w >= acceptedWrong) + +(w >= rejectedCorrect);
          const x = (c & 1) ^ 1; // X_j correct
          if (small) bits |= x << j;
          else {
            G = x === 1 && G > K ? j : G;
            F = x === 0 && F > K ? j : F;
          }
          right += +(c === 0);
          if (c === 1) {
            // Pólya urn over the m wrong answers.
            y = Math.imul(s1, 5);
            word = Math.imul((y << 7) | (y >>> 25), 9);
            tt = s1 << 9;
            s2 ^= s0;
            s3 ^= s1;
            s1 ^= s2;
            s0 ^= s3;
            s2 ^= tt;
            s3 = (s3 << 11) | (s3 >>> 21);
            let pick = (word >>> 0) * TWO_POW_MINUS_32 * (m * alpha + wrongVotes);
            let i = 1;
            while (i < m && pick >= alpha + votes[i]) {
              pick -= alpha + votes[i];
              i++;
            }
            wrongVotes++;
            const v = ++votes[i];
            if (v > wrongMost) {
              wrongMost = v;
              wrongTied = 1;
            } else if (v === wrongMost) wrongTied++;
            winsTie = +(tie * (1 + wrongTied) < 1);
          }
          // Budget k = j: the most frequent accepted answer, ties by the round's uniform (the
          // ⌊tie·tied⌋-th of the tied answers in answer order, the correct answer first). So the
          // correct answer is delivered iff it leads alone, or ties with the wrong leaders and
          // tie·(1 + wrongTied) < 1; nothing accepted: none, or (deliverLast) attempt k as it is.
          const voted = 2 - (+(right > wrongMost) | (+(right === wrongMost) & winsTie));
          // Without a branch: voted once some vote is in (mask all ones), else none or (deliverLast) 2 − x.
          const mask = -+((right | wrongMost) !== 0);
          const delivered = (voted & mask) | (unvoted & (2 - x) & ~mask);
          hDelivered[(r * K + j - 1) * 3 + delivered]++;
        }
        if (small) {
          // First success and first failure as the lowest set bit of the outcome mask and of its complement.
          const failures = ~bits & allAttempts;
          G = bits === 0 ? none : 31 - Math.clz32(bits & -bits);
          F = failures === 0 ? none : 31 - Math.clz32(failures & -failures);
        }
        hG[r * H + G]++;
        hF[r * H + F]++;
      }
      rng.s0 = s0;
      rng.s1 = s1;
      rng.s2 = s2;
      rng.s3 = s3;
    };
  }
}

type TaskEpisodes = (runner: ParallelVoteRunner, rng: Xoshiro128, t: number, count: number) => void;
