import { binomial } from '../distributions/binomial.js';
import { streamRng, type Seed } from '../rng/streams.js';
import type { Rng } from '../rng/rng.js';
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
 */
export function differenceReplicates(
  pairs: readonly (readonly [RunTask, RunTask])[] | null,
  unpaired: { readonly a: readonly RunTask[]; readonly b: readonly RunTask[] } | null,
  slots: readonly BootstrapSlot[],
  options: DifferenceBootstrapOptions,
): Float64Array[] {
  const out = slots.map(() => new Float64Array(options.replicates));
  const table = new ValueTable(slots);
  const sumA = new Float64Array(slots.length);
  const sumB = new Float64Array(slots.length);
  const countA = new Float64Array(slots.length);
  const countB = new Float64Array(slots.length);
  for (let r = 0; r < options.replicates; r++) {
    const rng = streamRng(options.seed, 'compare', 'bootstrap', r);
    sumA.fill(0);
    sumB.fill(0);
    countA.fill(0);
    countB.fill(0);
    if (pairs) {
      for (let i = 0; i < pairs.length; i++) {
        const [a, b] = pairs[Math.floor(rng.uniform() * pairs.length)]!;
        const va = table.values(a.n, redraw(rng, a));
        const vb = table.values(b.n, redraw(rng, b));
        slots.forEach(({ k }, s) => {
          if (a.n < k || b.n < k) return;
          sumA[s]! += va[s]!;
          sumB[s]! += vb[s]!;
          countA[s]!++;
        });
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
  private readonly scratch: Float64Array;

  constructor(private readonly slots: readonly BootstrapSlot[]) {
    this.scratch = new Float64Array(slots.length);
  }

  /** The slot values of (n, v) (0 where k > n; such slots are skipped by the caller). */
  values(n: number, v: number): Float64Array {
    if (n > TABLE_LIMIT) return this.fill(this.scratch, n, v);
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

/** A bootstrap interval of a difference. */
export interface BootstrapBounds {
  readonly lower: number;
  readonly upper: number;
  /** sd of the replicates. */
  readonly se: number;
}

/**
 * Percentile interval (Hyndman & Fan type 7) of the replicates, re-centred on the unbiased estimate:
 * the trial stage draws at p = c/n, so replicates centre on the plug-in difference; their spread is
 * kept and moved by estimate − mean* (as estimators/bootstrap.ts does for one run). Clipped to
 * [−1, 1]; one-sided: [q_α, 1]. Replicates that drew no task (NaN) are left out; null if all are.
 */
export function bootstrapBounds(replicates: Float64Array, estimate: number, confidence: number, sides: 1 | 2): BootstrapBounds | null {
  const values = replicates.filter((x) => !Number.isNaN(x)).sort();
  if (values.length === 0) return null;
  let sum = 0;
  for (const x of values) sum += x;
  const mean = sum / values.length;
  let squares = 0;
  for (const x of values) squares += (x - mean) ** 2;
  const alpha = 1 - confidence;
  const shift = estimate - mean;
  const lower = quantile(values, sides === 2 ? alpha / 2 : alpha) + shift;
  const upper = sides === 2 ? quantile(values, 1 - alpha / 2) + shift : 1;
  return { lower: Math.max(-1, lower), upper: Math.min(1, upper), se: values.length > 1 ? Math.sqrt(squares / (values.length - 1)) : 0 };
}

function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
