import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Scenario } from '../scenario/types.js';
import { TABLE_BYTES_LIMIT, type BlockRunner } from './blockRunner.js';
import { ClassTable } from './classTable.js';
import { METRIC_COUNT } from './engineMetrics.js';
import { classFirstFailure, classFirstSuccess, outcomeClassCount, outcomeClassCumulative } from './outcomeClasses.js';
import { REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import { replicateTotals, type ReplicateHistograms, type ReplicateTotalsConfig, emptyHistograms } from './replicateTotals.js';
import { runProbabilities } from './runProbabilities.js';
import { StartedAmounts } from './startedAmounts.js';
import type { TaskParameters } from './taskParameters.js';

/**
 * Fast path for a perfect verifier on a fixed benchmark, any correlation model, no cost budget
 * (see enginePlan for the exact conditions). The verifier accepts exactly the correct attempts,
 * so every output at every budget is a function of the first-success index G (and the
 * first-failure index F for passHat): the episode stops at the end M = b·⌈G/b⌉ of G's round and
 * delivers a correct answer if G ≤ k. One 32-bit uniform per episode gives (G, F) jointly
 * (`outcomeClasses`); lognormal costs/latencies are drawn as sums per attempt index (`startedAmounts`).
 */
export class PerfectVerifierRunner implements BlockRunner {
  readonly path = 'perfectVerifier' as const;
  private readonly K: number;
  private readonly T: number;
  private readonly classes: number;
  private readonly table: ClassTable;
  private readonly allTasks: boolean;
  private readonly tasks: TaskParameters;
  private readonly scenario: Scenario;
  private readonly classFirstSuccess: Int32Array;
  private readonly classFirstFailure: Int32Array;
  private readonly classStop: Int32Array;
  private readonly amounts: StartedAmounts;
  private readonly counts: Int32Array;
  private readonly histograms: ReplicateHistograms;
  private readonly totals: ReplicateTotalsConfig;
  private readonly scratchCorrect: Float64Array;
  private readonly scratchWrong: Float64Array;
  private readonly scratchCumulative: Float64Array;

  constructor(scenario: Scenario, tasks: TaskParameters) {
    const K = scenario.policy.maxAttempts;
    const b = scenario.policy.batchSize;
    this.scenario = scenario;
    this.tasks = tasks;
    this.K = K;
    this.T = tasks.count;
    this.classes = outcomeClassCount(K);
    const probe = new ClassTable(this.classes, 1);
    this.allTasks = this.T * (probe.stride * 8 + probe.guideSize * 2) <= TABLE_BYTES_LIMIT;
    this.table = this.allTasks ? new ClassTable(this.classes, this.T) : probe;
    this.scratchCorrect = new Float64Array(K + 1);
    this.scratchWrong = new Float64Array(K + 1);
    this.scratchCumulative = new Float64Array(this.classes);
    if (this.allTasks) for (let t = 0; t < this.T; t++) this.buildTask(t, t);
    this.classFirstSuccess = new Int32Array(this.classes);
    this.classFirstFailure = new Int32Array(this.classes);
    this.classStop = new Int32Array(this.classes);
    for (let c = 0; c < this.classes; c++) {
      const g = classFirstSuccess(c, K);
      this.classFirstSuccess[c] = g;
      this.classFirstFailure[c] = classFirstFailure(c, K);
      const stop = g > K ? K + 1 : Math.min(K + 1, b * Math.ceil(g / b));
      this.classStop[c] = stop;
    }
    const { cost, latency } = scenario.attempts;
    this.amounts = new StartedAmounts(cost, latency);
    this.counts = new Int32Array(REPLICATES_PER_BLOCK * this.classes);
    this.histograms = emptyHistograms(K);
    const verifierCost = scenario.verifier.cost;
    this.totals = {
      maxAttempts: K,
      batchSize: b,
      episodes: this.T,
      deliverLastWrong: scenario.policy.onNoAccept === 'deliverLast',
      attemptCost: (cost.dist === 'constant' ? cost.value : 0) + verifierCost,
      drawnCost: this.amounts.drawCost,
      verifierCost,
      attemptLatency: latency.dist === 'constant' ? latency.value : 0,
      drawnLatency: this.amounts.drawLatency,
    };
  }

  private buildTask(t: number, slot: number): void {
    runProbabilities(this.scenario.attempts.correlation, this.tasks.successRate[t], this.K, this.scratchCorrect, this.scratchWrong);
    outcomeClassCumulative(this.scratchCorrect, this.scratchWrong, this.K, this.scratchCumulative);
    this.table.set(slot, this.scratchCumulative);
  }

  run(rng: Xoshiro128, _firstReplicate: number, count: number, out: Float64Array): void {
    const C = this.classes;
    const counts = this.counts;
    counts.fill(0, 0, count * C);
    const { thresholds, guide, stride, guideSize, shift } = this.table;
    let s0 = rng.s0, s1 = rng.s1, s2 = rng.s2, s3 = rng.s3;
    for (let t = 0; t < this.T; t++) {
      let slot = t;
      if (!this.allTasks) {
        this.buildTask(t, 0);
        slot = 0;
      }
      const guideBase = slot * guideSize;
      const base = slot * stride;
      for (let r = 0, at = 0; r < count; r++, at += C) {
        // One xoshiro128** step (Xoshiro128.uint32 inlined), then the class by guided search.
        const y = Math.imul(s1, 5);
        const x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
        const u = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= u; s3 = (s3 << 11) | (s3 >>> 21);
        let c = guide[guideBase + (x >>> shift)];
        while (x >= thresholds[base + c]) c++;
        counts[at + c]++;
      }
    }
    rng.s0 = s0; rng.s1 = s1; rng.s2 = s2; rng.s3 = s3;
    this.finish(rng, count, out);
  }

  /** Per replicate: class counts → histograms of G, F, the delivery index and the stop → per-k totals. */
  private finish(rng: Xoshiro128, count: number, out: Float64Array): void {
    const C = this.classes;
    const K = this.K;
    const h = this.histograms;
    for (let r = 0; r < count; r++) {
      h.firstSuccess.fill(0);
      h.firstFailure.fill(0);
      h.deliveredCorrectAt.fill(0);
      h.stopAt.fill(0);
      for (let c = 0; c < C; c++) {
        const n = this.counts[r * C + c];
        if (n === 0) continue;
        const g = this.classFirstSuccess[c];
        h.firstSuccess[g] += n;
        h.firstFailure[this.classFirstFailure[c]] += n;
        if (g <= K) h.deliveredCorrectAt[g] += n;
        h.stopAt[this.classStop[c]] += n;
      }
      this.amounts.fill(rng, h.stopAt, K, h.costSums, h.latencySums);
      replicateTotals(this.totals, h, 0, 0, out, r * METRIC_COUNT * K);
    }
  }
}
