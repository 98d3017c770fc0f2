import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Scenario } from '../scenario/types.js';
import { matchingTables, TABLE_BYTES_LIMIT, type BlockRunner, type RunnerTables } from './blockRunner.js';
import { ClassTable } from './classTable.js';
import { expectedAmount } from './expectedAmount.js';
import { METRIC_COUNT } from './engineMetrics.js';
import { firstAcceptCumulative, rejectedCorrectRate } from './firstAcceptClasses.js';
import { classFirstFailure, classFirstSuccess, outcomeClassCount, outcomeClassCumulative } from './outcomeClasses.js';
import { REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import { replicateTotals, type ReplicateHistograms, type ReplicateTotalsConfig, emptyHistograms } from './replicateTotals.js';
import { runProbabilities } from './runProbabilities.js';
import { forTaskGroups } from './taskGroups.js';
import type { TaskParameters } from './taskParameters.js';

const INDEPENDENT = { model: 'independent' } as const;

/**
 * Fast path for independent attempts judged by an imperfect verifier on a fixed benchmark, the
 * first accepted attempt delivered (sequential, or firstAccepted in rounds), abstain, no cost budget.
 * Each attempt is accepted-correct (a), accepted-wrong (b) or rejected (β), independently, so:
 * 1. (J, kind) — the first accepted index and whether it is correct — from one uniform (`firstAcceptClasses`);
 * 2. given J, attempts 1..J − 1 are rejected and each correct w.p. ρ = p·FR/β independently: their
 *    first correct G' and first wrong F' from one uniform (`outcomeClasses` at rate ρ);
 * 3. attempts after J are fresh Bernoulli(p): when G (or F) is not found before J, it is J plus the
 *    first success (failure) index after J, from one more uniform (`outcomeClasses` at rate p).
 * That is the exact joint law of (J, kind, G, F), so all outputs at all budgets follow with 2–3
 * uniforms per episode; budget k delivers iff J ≤ k, and starts min(k, b·⌈J/b⌉) attempts. Costs
 * and latencies are Rao–Blackwellised: the started attempts (rounds) times the expected amount.
 */
export class IndependentVerifierRunner implements BlockRunner {
  readonly path = 'independentVerifier' as const;
  private readonly K: number;
  private readonly T: number;
  private readonly tasks: TaskParameters;
  private readonly allTasks: boolean;
  private readonly accept: ClassTable;
  private readonly prefix: ClassTable;
  private readonly after: ClassTable;
  private readonly acceptIndex: Int32Array;
  private readonly acceptWrong: Int32Array;
  private readonly stopOf: Int32Array;
  private readonly firstSuccess: Int32Array;
  private readonly firstFailure: Int32Array;
  private readonly acceptCounts: Int32Array;
  private readonly successCounts: Int32Array;
  private readonly failureCounts: Int32Array;
  private readonly histograms: ReplicateHistograms;
  private readonly totals: ReplicateTotalsConfig;
  private readonly scratch: { correct: Float64Array; wrong: Float64Array; cumulative: Float64Array };
  /** Whether the kernel has been called (forTaskGroups). */
  warm = false;

  /** `prebuilt`: the `tables()` of a runner of the same scenario (used when they fit), else built here. */
  constructor(scenario: Scenario, tasks: TaskParameters, prebuilt?: RunnerTables) {
    const K = scenario.policy.maxAttempts;
    const b = scenario.policy.batchSize;
    this.K = K;
    this.T = tasks.count;
    this.tasks = tasks;
    const outcomeClasses = outcomeClassCount(K);
    const probe = [new ClassTable(2 * K + 1, 1), new ClassTable(outcomeClasses, 1), new ClassTable(outcomeClasses, 1)];
    const bytesPerTask = probe.reduce((sum, table) => sum + table.stride * 8 + table.guideSize * 2, 0);
    this.allTasks = this.T * bytesPerTask <= TABLE_BYTES_LIMIT;
    const slots = this.allTasks ? this.T : 1;
    this.accept = this.allTasks ? new ClassTable(2 * K + 1, slots) : probe[0];
    this.prefix = this.allTasks ? new ClassTable(outcomeClasses, slots) : probe[1];
    this.after = this.allTasks ? new ClassTable(outcomeClasses, slots) : probe[2];
    this.scratch = { correct: new Float64Array(K + 1), wrong: new Float64Array(K + 1), cumulative: new Float64Array(2 * K + 1) };
    const own = this.classTables().flat();
    const copied = this.allTasks
      ? matchingTables(
          prebuilt,
          this.path,
          own.map((array) => array.length),
        )
      : null;
    if (copied !== null) own.forEach((array, i) => array.set(copied[i] as typeof array));
    else if (this.allTasks) for (let t = 0; t < this.T; t++) this.buildTask(t, t);

    this.acceptIndex = new Int32Array(2 * K + 1);
    this.acceptWrong = new Int32Array(2 * K + 1);
    this.stopOf = new Int32Array(K + 2);
    for (let c = 0; c <= 2 * K; c++) {
      this.acceptIndex[c] = c < 2 * K ? (c >> 1) + 1 : K + 1;
      this.acceptWrong[c] = c & 1;
    }
    for (let j = 1; j <= K + 1; j++) this.stopOf[j] = j > K ? K + 1 : Math.min(K + 1, b * Math.ceil(j / b));
    this.firstSuccess = new Int32Array(outcomeClasses);
    this.firstFailure = new Int32Array(outcomeClasses);
    for (let c = 0; c < outcomeClasses; c++) {
      this.firstSuccess[c] = classFirstSuccess(c, K);
      this.firstFailure[c] = classFirstFailure(c, K);
    }
    const { cost, latency } = scenario.attempts;
    this.acceptCounts = new Int32Array(REPLICATES_PER_BLOCK * (2 * K + 1));
    this.successCounts = new Int32Array(REPLICATES_PER_BLOCK * (K + 2));
    this.failureCounts = new Int32Array(REPLICATES_PER_BLOCK * (K + 2));
    this.histograms = emptyHistograms(K);
    // Rao–Blackwellised costs and latencies: the expected amount per attempt (round), not draws.
    this.totals = {
      maxAttempts: K,
      batchSize: b,
      episodes: this.T,
      deliverLastWrong: false,
      attemptCost: expectedAmount(cost) + scenario.verifier.cost,
      attemptLatency: expectedAmount(latency),
    };
  }

  tables(): RunnerTables | null {
    return this.allTasks ? { path: this.path, arrays: this.classTables().flatMap((pair) => pair.map((array) => array.slice())) } : null;
  }

  /** Thresholds and guide of the three class tables, in a fixed order (tables()). */
  private classTables(): [Float64Array, Uint16Array][] {
    return [this.accept, this.prefix, this.after].map((table) => [table.thresholds, table.guide]);
  }

  private buildTask(t: number, slot: number): void {
    const K = this.K;
    const p = this.tasks.successRate[t];
    const fa = this.tasks.falseAccept[t];
    const fr = this.tasks.falseReject[t];
    const { correct, wrong, cumulative } = this.scratch;
    firstAcceptCumulative(p, fa, fr, K, cumulative);
    this.accept.set(slot, cumulative);
    runProbabilities(INDEPENDENT, rejectedCorrectRate(p, fa, fr), K, correct, wrong);
    outcomeClassCumulative(correct, wrong, K, cumulative);
    this.prefix.set(slot, cumulative);
    runProbabilities(INDEPENDENT, p, K, correct, wrong);
    outcomeClassCumulative(correct, wrong, K, cumulative);
    this.after.set(slot, cumulative);
  }

  run(rng: Xoshiro128, _firstReplicate: number, count: number, out: Float64Array): void {
    const K = this.K;
    this.acceptCounts.fill(0, 0, count * (2 * K + 1));
    this.successCounts.fill(0, 0, count * (K + 2));
    this.failureCounts.fill(0, 0, count * (K + 2));
    // Groups of tasks (forTaskGroups); without the tables of all tasks, each task's tables rebuilt in slot 0.
    forTaskGroups(this.T, this.allTasks, this, (t, n) => {
      let from = t;
      if (!this.allTasks) {
        this.buildTask(t, 0);
        from = 0;
      }
      this.taskEpisodes(rng, from, from + n, count);
    });
    this.finish(count, out);
  }

  /**
   * The episodes of the tasks in table slots [from, to) for replicates 0..count − 1 into the
   * counters. Some tasks per call rather than all of the block: V8 optimises it with the type
   * feedback of complete calls (one long loop is compiled on the fly, before the code after it has
   * run, and then leaves the optimised code at every call).
   */
  private taskEpisodes(rng: Xoshiro128, from: number, to: number, count: number): void {
    const K = this.K;
    const none = K + 1;
    const AC = 2 * K + 1;
    const HC = K + 2;
    const acceptCounts = this.acceptCounts;
    const successCounts = this.successCounts;
    const failureCounts = this.failureCounts;
    const acceptIndex = this.acceptIndex,
      acceptWrong = this.acceptWrong;
    const firstSuccess = this.firstSuccess,
      firstFailure = this.firstFailure;
    const A = this.accept,
      P = this.prefix,
      Q = this.after;
    const aThr = A.thresholds,
      aGuide = A.guide,
      aStride = A.stride,
      aSize = A.guideSize,
      aShift = A.shift;
    const pThr = P.thresholds,
      pGuide = P.guide,
      pStride = P.stride,
      pSize = P.guideSize,
      pShift = P.shift;
    const qThr = Q.thresholds,
      qGuide = Q.guide,
      qStride = Q.stride,
      qSize = Q.guideSize,
      qShift = Q.shift;
    let s0 = rng.s0,
      s1 = rng.s1,
      s2 = rng.s2,
      s3 = rng.s3;
    for (let slot = from; slot < to; slot++) {
      const aG = slot * aSize,
        aB = slot * aStride;
      const pG = slot * pSize,
        pB = slot * pStride;
      const qG = slot * qSize,
        qB = slot * qStride;
      for (let r = 0; r < count; r++) {
        // (J, kind): one xoshiro128** step (Xoshiro128.uint32 inlined), guided search.
        let y = Math.imul(s1, 5);
        let x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
        let u = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= u;
        s3 = (s3 << 11) | (s3 >>> 21);
        let c = aGuide[aG + (x >>> aShift)];
        while (x >= aThr[aB + c]) c++;
        const J = acceptIndex[c];
        let G = none;
        let F = none;
        if (J >= 2) {
          // First correct / first wrong among the rejected attempts before J.
          y = Math.imul(s1, 5);
          x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
          u = s1 << 9;
          s2 ^= s0;
          s3 ^= s1;
          s1 ^= s2;
          s0 ^= s3;
          s2 ^= u;
          s3 = (s3 << 11) | (s3 >>> 21);
          let d = pGuide[pG + (x >>> pShift)];
          while (x >= pThr[pB + d]) d++;
          G = firstSuccess[d];
          F = firstFailure[d];
        }
        if (J <= K) {
          // J is the first of its own kind unless one came before; the other kind, if not found
          // before J, is J plus the first of that kind among the fresh attempts after J.
          const wrong = acceptWrong[c] === 1;
          if (wrong ? F >= J : G >= J) {
            if (wrong) F = J;
            else G = J;
          }
          if (wrong ? G >= J : F >= J) {
            y = Math.imul(s1, 5);
            x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
            u = s1 << 9;
            s2 ^= s0;
            s3 ^= s1;
            s1 ^= s2;
            s0 ^= s3;
            s2 ^= u;
            s3 = (s3 << 11) | (s3 >>> 21);
            let e = qGuide[qG + (x >>> qShift)];
            while (x >= qThr[qB + e]) e++;
            if (wrong) G = Math.min(none, J + firstSuccess[e]);
            else F = Math.min(none, J + firstFailure[e]);
          }
        }
        acceptCounts[r * AC + c]++;
        successCounts[r * HC + G]++;
        failureCounts[r * HC + F]++;
      }
    }
    rng.s0 = s0;
    rng.s1 = s1;
    rng.s2 = s2;
    rng.s3 = s3;
  }

  private finish(count: number, out: Float64Array): void {
    const K = this.K;
    const AC = 2 * K + 1;
    const h = this.histograms;
    for (let r = 0; r < count; r++) {
      h.deliveredCorrectAt.fill(0);
      h.deliveredWrongAt.fill(0);
      h.stopAt.fill(0);
      for (let j = 1; j <= K; j++) {
        const correct = this.acceptCounts[r * AC + 2 * j - 2];
        const wrong = this.acceptCounts[r * AC + 2 * j - 1];
        h.deliveredCorrectAt[j] = correct;
        h.deliveredWrongAt[j] = wrong;
        h.stopAt[this.stopOf[j]] += correct + wrong;
      }
      h.stopAt[K + 1] += this.acceptCounts[r * AC + 2 * K];
      h.firstSuccess.set(this.successCounts.subarray(r * (K + 2), (r + 1) * (K + 2)));
      h.firstFailure.set(this.failureCounts.subarray(r * (K + 2), (r + 1) * (K + 2)));
      replicateTotals(this.totals, h, 0, out, r * METRIC_COUNT * K);
    }
  }
}
