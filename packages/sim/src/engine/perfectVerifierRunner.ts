import type { Xoshiro128 } from '../rng/xoshiro128.js';
import type { Scenario } from '../scenario/types.js';
import { matchingTables, TABLE_BYTES_LIMIT, type BlockRunner, type RunnerTables } from './blockRunner.js';
import { AliasTable } from './aliasTable.js';
import { expectedAmount } from './expectedAmount.js';
import { METRIC_COUNT } from './engineMetrics.js';
import { classFirstFailure, classFirstSuccess, outcomeClassCount, outcomeClassCumulative } from './outcomeClasses.js';
import { REPLICATES_PER_BLOCK } from './replicateBlocks.js';
import { replicateTotals, type ReplicateHistograms, type ReplicateTotalsConfig, emptyHistograms } from './replicateTotals.js';
import { runProbabilities } from './runProbabilities.js';
import { forTaskGroups } from './taskGroups.js';
import { packedAliasKernel, type PackedAliasKernel } from './packedAliasKernel.js';
import type { TaskParameters } from './taskParameters.js';

/**
 * Fast path for a perfect verifier on a fixed benchmark, any correlation model, no cost budget
 * (see enginePlan for the exact conditions). The verifier accepts exactly the correct attempts,
 * so every output at every budget is a function of the first-success index G (and the
 * first-failure index F for passHatK): the episode stops at the end M = b·⌈G/b⌉ of G's round and
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
  /** C is a power of two: the hot loop reads AliasTable.pack words (else the table's entries). */
  private readonly packed: boolean;
  /** With packed words: the kernel (packedAliasKernel), whose words `memory` is (else aliasTasks). */
  private readonly kernel: PackedAliasKernel | null;
  /**
   * One typed array for the tables the hot loop reads and the counters [replicate][class]
   * (REPLICATES_PER_BLOCK × C) after them, from countsStart: V8 re-checks every typed array on
   * each loop iteration, so one array is cheaper than two.
   */
  private readonly memory: Int32Array;
  private readonly countsStart: number;
  private readonly histograms: ReplicateHistograms;
  private readonly totals: ReplicateTotalsConfig;
  private readonly scratchCorrect: Float64Array;
  private readonly scratchWrong: Float64Array;
  private readonly scratchCumulative: Float64Array;
  /** Whether forTaskGroups has made its first (one-task) call of a kernel. */
  warm = false;

  /** `prebuilt`: the `tables()` of a runner of the same scenario (used when they fit), else built here. */
  constructor(scenario: Scenario, tasks: TaskParameters, prebuilt?: RunnerTables) {
    const K = scenario.policy.maxAttempts;
    const b = scenario.policy.batchSize;
    this.scenario = scenario;
    this.tasks = tasks;
    this.K = K;
    this.T = tasks.count;
    const C = outcomeClassCount(K);
    this.classes = C;
    this.packed = (C & (C - 1)) === 0;
    this.allTasks = this.T * C * (this.packed ? 12 : 8) <= TABLE_BYTES_LIMIT;
    const slots = this.allTasks ? this.T : 1;
    const counters = REPLICATES_PER_BLOCK * C;
    this.table = new AliasTable(C, slots, this.packed ? 0 : counters);
    this.kernel = this.packed ? packedAliasKernel(slots * C + counters) : null;
    this.memory = this.kernel !== null ? this.kernel.words : this.table.entries;
    this.countsStart = (this.packed ? 1 : 2) * C * slots;
    this.scratchCorrect = new Float64Array(K + 1);
    this.scratchWrong = new Float64Array(K + 1);
    this.scratchCumulative = new Float64Array(this.classes);
    const copied = this.allTasks ? matchingTables(prebuilt, this.path, [this.countsStart]) : null;
    if (copied !== null) this.memory.set(copied[0]!);
    else if (this.allTasks) for (let t = 0; t < this.T; t++) this.buildTask(t, t);
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

  tables(): RunnerTables | null {
    // The hot loop reads only memory[0, countsStart): the packed words, or (any C) the alias table's entries.
    return this.allTasks ? { path: this.path, arrays: [this.memory.slice(0, this.countsStart)] } : null;
  }

  private buildTask(t: number, slot: number): void {
    runProbabilities(this.scenario.attempts.correlation, this.tasks.successRate[t], this.K, this.scratchCorrect, this.scratchWrong);
    outcomeClassCumulative(this.scratchCorrect, this.scratchWrong, this.K, this.scratchCumulative);
    this.table.set(slot, this.scratchCumulative);
    if (this.packed) this.table.pack(slot, this.memory, slot * this.classes);
  }

  run(rng: Xoshiro128, _firstReplicate: number, count: number, out: Float64Array): void {
    const C = this.classes;
    const memory = this.memory;
    const first = this.countsStart;
    const end = first + count * C;
    memory.fill(0, first, end);
    // The kernel takes all tasks in one call: WebAssembly is compiled ahead, with no type feedback to
    // wait for (forTaskGroups). Its JavaScript fallback, where WebAssembly cannot run, then pays one
    // deoptimisation on its first long call.
    if (this.kernel !== null && this.allTasks) this.kernel.run(rng, 0, this.T, first, end, C);
    // Else groups of tasks (forTaskGroups); without the tables of all tasks, each task's table rebuilt in slot 0.
    else
      forTaskGroups(this.T, this.allTasks, this, (t, n) => {
        let from = t;
        if (!this.allTasks) {
          this.buildTask(t, 0);
          from = 0;
        }
        if (this.kernel !== null) this.kernel.run(rng, from, from + n, first, end, C);
        else aliasTasks(rng, memory, from, from + n, first, end, C);
      });
    this.finish(count, out);
  }

  /** Per replicate: class counts → histograms of G, F, the delivery index and the stop → per-k totals. */
  private finish(count: number, out: Float64Array): void {
    const C = this.classes;
    const K = this.K;
    const h = this.histograms;
    const { firstSuccess, firstFailure, deliveredCorrectAt, stopAt } = h;
    const classFirstSuccess = this.classFirstSuccess;
    const classFirstFailure = this.classFirstFailure;
    const classStop = this.classStop;
    const memory = this.memory;
    for (let r = 0, at = this.countsStart; r < count; r++, at += C) {
      for (let j = 0; j <= K + 1; j++) {
        firstSuccess[j] = 0;
        firstFailure[j] = 0;
        deliveredCorrectAt[j] = 0;
        stopAt[j] = 0;
      }
      for (let c = 0; c < C; c++) {
        const n = memory[at + c];
        if (n === 0) continue;
        const g = classFirstSuccess[c];
        firstSuccess[g] += n;
        firstFailure[classFirstFailure[c]] += n;
        if (g <= K) deliveredCorrectAt[g] += n;
        stopAt[classStop[c]] += n;
      }
      replicateTotals(this.totals, h, 0, out, r * METRIC_COUNT * K);
    }
  }
}

/**
 * The replicates (counters memory[first..end), C per replicate) of the tasks in table slots
 * [from, to), for any C: per replicate one xoshiro128** step (Xoshiro128.uint32 inlined), then the
 * class by the alias table's entries at memory[2·slot·C..2·slot·C + 2C) (cut, alias); column
 * i = ⌊x·C/2^32⌋, ⌊(x·C mod 2^32)/2⌋ against its cut, an arithmetic select (for a power of two C,
 * packedAliasKernel). Some tasks per call rather than all of the block: V8 optimises it with the
 * type feedback of complete calls (one long loop is compiled on the fly, before the code after it
 * has run, and then leaves the optimised code at every call).
 */
function aliasTasks(rng: Xoshiro128, memory: Int32Array, from: number, to: number, first: number, end: number, C: number): void {
  let s0 = rng.s0,
    s1 = rng.s1,
    s2 = rng.s2,
    s3 = rng.s3;
  for (let slot = from; slot < to; slot++) {
    const base = 2 * slot * C;
    for (let at = first; at < end; at += C) {
      const y = Math.imul(s1, 5);
      const x = Math.imul((y << 7) | (y >>> 25), 9) >>> 0;
      const u = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= u;
      s3 = (s3 << 11) | (s3 >>> 21);
      const xc = x * C;
      const i = (xc * 2.3283064365386963e-10) | 0;
      const e = base + 2 * i;
      const alias = memory[e + 1];
      memory[at + (alias ^ ((i ^ alias) & ((((xc | 0) >>> 1) - memory[e]) >> 31)))]++;
    }
  }
  rng.s0 = s0;
  rng.s1 = s1;
  rng.s2 = s2;
  rng.s3 = s3;
}
