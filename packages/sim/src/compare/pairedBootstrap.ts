import { binomial } from '../distributions/binomial.js';
import { suffixSums } from '../estimators/bootstrap.js';
import type { Interval } from '../intervals/interval.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { streamRng, type Seed } from '../rng/streams.js';
import type { Rng } from '../rng/rng.js';
import { runSteps, type Steps } from '../stepwise.js';
import { taskMetricValue, type CompareMetric } from './compareMetric.js';
import type { RunTask } from './runTasks.js';

/** One quantity the bootstrap resamples: a metric at a k (meanSuccess: k = 1, every task counts). */
export interface BootstrapSlot {
  readonly metric: CompareMetric;
  readonly k: number;
}

export interface DifferenceBootstrapOptions {
  readonly replicates: number;
  readonly seed: Seed;
  /** Cells of the paired pick mixture kept at most (default 65 536; 0 draws every pick on its own — for tests). */
  readonly cellLimit?: number;
}

/**
 * Bootstrap replicates of B − A for each slot (internal to compareRuns).
 * Paired (`b` = null, `a` holds [baseline, candidate] pairs): each replicate draws T tasks with
 * replacement from the common tasks, and for each drawn task fresh counts of both sides,
 * c*_A ~ Binomial(n_A, c_A/n_A) and c*_B ~ Binomial(n_B, c_B/n_B) — the two-stage (tasks, then
 * trials) scheme of Davison & Hinkley 1997 §3.8, with the task draw shared by both runs so the
 * pairing is kept. Unpaired: each run's tasks are drawn on their own.
 * At each slot a replicate averages over drawn tasks with n ≥ k (on both sides when paired); NaN
 * when it drew none. Replicate b uses the stream (seed, 'compare', 'bootstrap', b).
 *
 * Paired picks are independent draws from one mixture: a pick lands on the cell (n_A, v_A, n_B, v_B)
 * with probability Σ_pairs (1/T)·P(c*_A = v_A)·P(c*_B = v_B), so a replicate's T picks are one
 * multinomial over the cells (pairCategories) — the same distribution as drawing task by task, at a
 * cost set by the number of cells (≤ 121 for 10 trials a side) rather than by T.
 */
export function differenceReplicates(
  pairs: readonly (readonly [RunTask, RunTask])[] | null,
  unpaired: { readonly a: readonly RunTask[]; readonly b: readonly RunTask[] } | null,
  slots: readonly BootstrapSlot[],
  options: DifferenceBootstrapOptions,
): Float64Array[] {
  return runSteps(differenceReplicateSteps(pairs, unpaired, slots, options));
}

/** Replicates drawn between two yields of `differenceReplicateSteps` (each has its own stream: the steps change nothing). */
const REPLICATES_PER_STEP = 1000;

/** `differenceReplicates` step by step: it yields after every REPLICATES_PER_STEP replicates (done of total). */
export function* differenceReplicateSteps(
  pairs: readonly (readonly [RunTask, RunTask])[] | null,
  unpaired: { readonly a: readonly RunTask[]; readonly b: readonly RunTask[] } | null,
  slots: readonly BootstrapSlot[],
  options: DifferenceBootstrapOptions,
): Steps<Float64Array[]> {
  const out = slots.map(() => new Float64Array(options.replicates));
  const table = new ValueTable(slots);
  const sumA = new Float64Array(slots.length);
  const sumB = new Float64Array(slots.length);
  const countA = new Float64Array(slots.length);
  const countB = new Float64Array(slots.length);
  const categories = pairs ? pairCategories(pairs, options.cellLimit ?? CELL_LIMIT) : null;
  const suffix = categories ? suffixSums(Float64Array.from(categories, (category) => category.probability)) : null;
  for (let r = 0; r < options.replicates; r++) {
    if (r > 0 && r % REPLICATES_PER_STEP === 0) yield { done: r, total: options.replicates };
    const rng = streamRng(options.seed, 'compare', 'bootstrap', r);
    sumA.fill(0);
    sumB.fill(0);
    countA.fill(0);
    countB.fill(0);
    if (pairs) {
      const add = (nA: number, vA: number, nB: number, vB: number, times: number) => {
        const va = table.values(nA, vA);
        const vb = table.values(nB, vB, 1);
        slots.forEach(({ k }, s) => {
          if (nA < k || nB < k) return;
          sumA[s]! += times * va[s]!;
          sumB[s]! += times * vb[s]!;
          countA[s]! += times;
        });
      };
      // T picks spread over the categories (a multinomial, by conditional binomials).
      let left = pairs.length;
      for (let i = 0; i < categories!.length && left > 0; i++) {
        const share = i === categories!.length - 1 ? 1 : Math.min(1, categories![i]!.probability / suffix![i]!);
        const picks = share >= 1 ? left : binomial(rng, left, share);
        left -= picks;
        if (picks === 0) continue;
        const category = categories![i]!;
        if (category.pair === null) add(category.nA, category.vA, category.nB, category.vB, picks);
        else for (let j = 0; j < picks; j++) add(category.nA, redraw(rng, category.pair[0]), category.nB, redraw(rng, category.pair[1]), 1);
      }
      slots.forEach((_, s) => {
        out[s]![r] = countA[s]! > 0 ? (sumB[s]! - sumA[s]!) / countA[s]! : Number.NaN;
      });
    } else {
      drawRun(rng, unpaired!.a, table, slots, sumA, countA);
      drawRun(rng, unpaired!.b, table, slots, sumB, countB);
      slots.forEach((_, s) => {
        out[s]![r] = countA[s]! > 0 && countB[s]! > 0 ? sumB[s]! / countB[s]! - sumA[s]! / countA[s]! : Number.NaN;
      });
    }
  }
  return out;
}

/** What one paired pick can land on: a cell of the pick mixture (pair null), or one pair drawn pick by pick. */
interface PairCategory {
  readonly probability: number;
  readonly nA: number;
  readonly vA: number;
  readonly nB: number;
  readonly vB: number;
  readonly pair: readonly [RunTask, RunTask] | null;
}

const CELL_LIMIT = 65_536;

/**
 * The categories of a paired pick: for each (n_A, n_B) whose (n_A + 1)(n_B + 1) cells fit within
 * `cellLimit` in total, the mixture over (v_A, v_B) of its pairs; the pairs of other (n_A, n_B) stay
 * pairs, each with probability 1/T.
 */
function pairCategories(pairs: readonly (readonly [RunTask, RunTask])[], cellLimit: number): PairCategory[] {
  const byN = new Map<string, (readonly [RunTask, RunTask])[]>();
  for (const pair of pairs) {
    const key = `${pair[0].n},${pair[1].n}`;
    const group = byN.get(key);
    if (group) group.push(pair);
    else byN.set(key, [pair]);
  }
  const weight = 1 / pairs.length;
  const categories: PairCategory[] = [];
  let cells = 0;
  for (const group of byN.values()) {
    const nA = group[0]![0].n;
    const nB = group[0]![1].n;
    const size = (nA + 1) * (nB + 1);
    if (cells + size > cellLimit) {
      for (const pair of group) categories.push({ probability: weight, nA, vA: pair[0].c, nB, vB: pair[1].c, pair });
      continue;
    }
    cells += size;
    const mixture = new Float64Array(size);
    for (const [a, b] of group) {
      const pmfA = redrawPmf(a);
      const pmfB = redrawPmf(b);
      pmfA.forEach((pa, vA) => {
        if (pa === 0) return;
        pmfB.forEach((pb, vB) => {
          if (pb !== 0) mixture[vA * (nB + 1) + vB]! += weight * pa * pb;
        });
      });
    }
    mixture.forEach((probability, cell) => {
      if (probability > 0) categories.push({ probability, nA, vA: Math.floor(cell / (nB + 1)), nB, vB: cell % (nB + 1), pair: null });
    });
  }
  return categories;
}

/** P(c* = v) for v = 0..n under c* ~ Binomial(n, c/n) (a point mass when c = 0 or c = n). */
function redrawPmf(task: RunTask): Float64Array {
  const pmf = new Float64Array(task.n + 1);
  if (task.c === 0 || task.c === task.n) pmf[task.c] = 1;
  else for (let v = 0; v <= task.n; v++) pmf[v] = binomialPmf(v, task.n, task.c / task.n);
  return pmf;
}

function drawRun(rng: Rng, tasks: readonly RunTask[], table: ValueTable, slots: readonly BootstrapSlot[], sums: Float64Array, counts: Float64Array): void {
  for (let i = 0; i < tasks.length; i++) {
    const task = tasks[Math.floor(rng.uniform() * tasks.length)]!;
    const values = table.values(task.n, redraw(rng, task));
    slots.forEach(({ k }, s) => {
      if (task.n < k) return;
      sums[s]! += values[s]!;
      counts[s]!++;
    });
  }
}

/** c* ~ Binomial(n, c/n); n = 0 stays 0 (such a task counts at no slot). */
function redraw(rng: Rng, task: RunTask): number {
  if (task.c === 0 || task.c === task.n) return task.c;
  return binomial(rng, task.n, task.c / task.n);
}

/** Every slot's unbiased value of (n, v), remembered per n up to TABLE_LIMIT so replicates only add numbers. */
class ValueTable {
  private readonly tables = new Map<number, Float64Array[]>();
  /** Buffers for n beyond the table, one per side of a pair (both may be in use at once). */
  private readonly scratch: readonly [Float64Array, Float64Array];

  constructor(private readonly slots: readonly BootstrapSlot[]) {
    this.scratch = [new Float64Array(slots.length), new Float64Array(slots.length)];
  }

  /** The slot values of (n, v) (0 where k > n; such slots are skipped by the caller); `side` 1 for the second run of a pair. */
  values(n: number, v: number, side: 0 | 1 = 0): Float64Array {
    if (n > TABLE_LIMIT) return this.fill(this.scratch[side], n, v);
    let rows = this.tables.get(n);
    if (!rows) {
      rows = new Array<Float64Array>(n + 1);
      this.tables.set(n, rows);
    }
    return (rows[v] ??= this.fill(new Float64Array(this.slots.length), n, v));
  }

  private fill(target: Float64Array, n: number, v: number): Float64Array {
    this.slots.forEach(({ metric, k }, s) => {
      target[s] = n >= k && n > 0 ? taskMetricValue(metric, n, v, k) : 0;
    });
    return target;
  }
}

const TABLE_LIMIT = 10_000;

/**
 * Percentile interval (Hyndman & Fan type 7) of the replicates, re-centred on the unbiased estimate:
 * the trial stage draws at p = c/n, so replicates centre on the plug-in difference; their spread is
 * kept and moved by estimate − mean* (as estimators/bootstrap.ts does for one run). Clipped to
 * [−1, 1]; one-sided: [q_α, 1]. Replicates that drew no task (NaN) are left out; null if all are.
 */
export function bootstrapBounds(replicates: Float64Array, estimate: number, confidence: number, sides: 1 | 2): (Interval & { readonly se: number }) | null {
  const values = replicates.filter((x) => !Number.isNaN(x)).sort();
  if (values.length === 0) return null;
  let sum = 0;
  for (const x of values) sum += x;
  const mean = sum / values.length;
  let squares = 0;
  for (const x of values) squares += (x - mean) ** 2;
  const alpha = 1 - confidence;
  const recentre = estimate - mean;
  const lower = quantile(values, sides === 2 ? alpha / 2 : alpha) + recentre;
  const upper = sides === 2 ? quantile(values, 1 - alpha / 2) + recentre : 1;
  const se = values.length > 1 ? Math.sqrt(squares / (values.length - 1)) : 0;
  return { lower: Math.max(-1, lower), upper: Math.min(1, upper), se };
}

function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
