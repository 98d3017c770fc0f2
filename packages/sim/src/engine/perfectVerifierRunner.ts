import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Scenario } from '../scenario/types.js';
import { TABLE_BYTES_LIMIT, type BlockRunner } from './blockRunner.js';
import { AliasTable } from './aliasTable.js';
import { expectedAmount } from './expectedAmount.js';
import { METRIC_COUNT } from './engineMetrics.js';
import { classFirstFailure, classFirstSuccess, outcomeClassCount, outcomeClassCumulative } from './outcomeClasses.js';
import { REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import { replicateTotals, type ReplicateHistograms, type ReplicateTotalsConfig, emptyHistograms } from './replicateTotals.js';
import { runProbabilities } from './runProbabilities.js';
import type { TaskParameters } from './taskParameters.js';

/**
 * Fast path for a perfect verifier on a fixed benchmark, any correlation model, no cost budget
 * (see enginePlan for the exact conditions). The verifier accepts exactly the correct attempts,
 * so every output at every budget is a function of the first-success index G (and the
 * first-failure index F for passHat): the episode stops at the end M = b·⌈G/b⌉ of G's round and
 * delivers a correct answer if G ≤ k. One 32-bit uniform per episode gives (G, F) jointly
 * (`outcomeClasses`, drawn by an `AliasTable`). Costs and latencies are Rao–Blackwellised:
 * attempts_k (rounds_k) times the expected amount (`expectedAmount`), the conditional expectation
 * given the attempts started.
 */
export class PerfectVerifierRunner implements BlockRunner {
  readonly path = 'perfectVerifier' as const;
  private readonly K: number;
  private readonly T: number;
  private readonly classes: number;
  private readonly table: AliasTable;
  private readonly allTasks: boolean;
  private readonly tasks: TaskParameters;
  private readonly scenario: Scenario;
  private readonly classFirstSuccess: Int32Array;
  private readonly classFirstFailure: Int32Array;
  private readonly classStop: Int32Array;
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
    this.allTasks = this.T * this.classes * 8 <= TABLE_BYTES_LIMIT;
    this.table = new AliasTable(this.classes, this.allTasks ? this.T : 1);
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
    this.counts = new Int32Array(REPLICATES_PER_BLOCK * this.classes);
    this.histograms = emptyHistograms(K);
    // Rao–Blackwellised costs and latencies: the expected amount per attempt (round), not draws.
    this.totals = {
      maxAttempts: K,
      batchSize: b,
      episodes: this.T,
      deliverLastWrong: scenario.policy.onNoAccept === 'deliverLast',
      attemptCost: expectedAmount(cost) + scenario.verifier.cost,
      attemptLatency: expectedAmount(latency),
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
    const entries = this.table.entries;
    let s0 = rng.s0, s1 = rng.s1, s2 = rng.s2, s3 = rng.s3;
    for (let t = 0; t < this.T; t++) {
      let slot = t;
      if (!this.allTasks) {
        this.buildTask(t, 0);
        slot = 0;
      }
      const base = 2 * slot * C;
      for (let r = 0, at = 0; r < count; r++, at += C) {
        // One xoshiro128** step (Xoshiro128.uint32 inlined), then the class by the alias table:
        // column i = ⌊x·C/2^32⌋, ⌊(x·C mod 2^32)/2⌋ against its cut, an arithmetic select (AliasTable).
        const y = Math.imul(s1, 5);
        const x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
        const u = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= u; s3 = (s3 << 11) | (s3 >>> 21);
        const xc = x * C;
        const i = (xc * 2.3283064365386963e-10) | 0;
        const e = base + 2 * i;
        const alias = entries[e + 1];
        const c = alias ^ ((i ^ alias) & ((((xc | 0) >>> 1) - entries[e]) >> 31));
        counts[at + c]++;
      }
    }
    rng.s0 = s0; rng.s1 = s1; rng.s2 = s2; rng.s3 = s3;
    this.finish(count, out);
  }

  /** Per replicate: class counts → histograms of G, F, the delivery index and the stop → per-k totals. */
  private finish(count: number, out: Float64Array): void {
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
      replicateTotals(this.totals, h, 0, out, r * METRIC_COUNT * K);
    }
  }
}
