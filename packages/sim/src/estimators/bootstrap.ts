import { requireInteger, requireOpenUnit } from '../checks.js';
import { binomial } from '../distributions/binomial.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { streamRng, type Seed } from '../rng/streams.js';
import type { Rng } from '../rng/rng.js';
import { binomialRatio, oneMinusBinomialRatio } from './binomialRatio.js';
import type { TaskTrials } from './taskAverage.js';

export interface BootstrapOptions {
  readonly ks: readonly number[];
  readonly replicates: number;
  readonly seed: Seed;
  readonly confidence: number;
  /** 2: equal-tailed percentile interval; 1: one-sided lower bound (upper = 1). */
  readonly sides: 1 | 2;
}

export interface BootstrapInterval {
  readonly lower: number;
  readonly upper: number;
  /** Standard deviation of the bootstrap replicates. */
  readonly se: number;
}

export interface BootstrapRow {
  readonly k: number;
  /** null when no task has n ≥ k. */
  readonly passAtK: BootstrapInterval | null;
  readonly passHatK: BootstrapInterval | null;
}

/**
 * Two-stage (tasks, then trials within task) percentile bootstrap of the task-averaged unbiased
 * pass@k and pass^k (Davison & Hinkley 1997, §3.8, "multi-stage sampling"): each replicate
 * draws T tasks with replacement, then for each drawn task c* ~ Binomial(n, c/n), and averages
 * the unbiased estimates over drawn tasks with n ≥ k. Resampling both stages makes the interval
 * somewhat conservative (the between-task spread already contains trial noise).
 *
 * Tasks with the same (n, c) are exchangeable, so a replicate draws how many times each (n, c)
 * group is picked (a multinomial, by conditional binomials) and then how those picks spread over
 * c* = 0..n (another multinomial) — the same distribution as drawing task by task, at a cost
 * that depends on the number of distinct (n, c) pairs rather than on T. Replicate b uses its own
 * stream (seed, 'bootstrap', b), so results do not depend on how the work is split.
 */
export function bootstrapTaskAverage(tasks: readonly TaskTrials[], options: BootstrapOptions): BootstrapRow[] {
  const replicates = requireInteger('bootstrap', options.replicates, 1, 1_000_000);
  requireOpenUnit('confidence', options.confidence);
  const groups = groupTasks(tasks);
  const ks = options.ks;
  const sums = new Float64Array(2 * ks.length);
  const counts = new Float64Array(ks.length);
  const at = ks.map(() => new Float64Array(replicates));
  const hat = ks.map(() => new Float64Array(replicates));
  const estimable = ks.map((k) => groups.some((g) => g.n >= k));
  const table = new EstimateTable(ks);
  for (let b = 0; b < replicates; b++) {
    const rng = streamRng(options.seed, 'bootstrap', b);
    sums.fill(0);
    counts.fill(0);
    const picks = multinomial(rng, tasks.length, groups.map((g) => g.size / tasks.length));
    groups.forEach((group, g) => {
      if (picks[g] === 0) return;
      addGroupDraws(rng, group, picks[g]!, table, sums, counts);
    });
    // A replicate that drew no task with n ≥ k has no value at that k (NaN, left out below).
    ks.forEach((_, i) => {
      at[i]![b] = counts[i]! > 0 ? sums[2 * i]! / counts[i]! : Number.NaN;
      hat[i]![b] = counts[i]! > 0 ? sums[2 * i + 1]! / counts[i]! : Number.NaN;
    });
  }
  return ks.map((k, i) => ({
    k,
    passAtK: estimable[i] ? summarise(at[i]!, options) : null,
    passHatK: estimable[i] ? summarise(hat[i]!, options) : null,
  }));
}

interface TaskGroup {
  readonly n: number;
  readonly c: number;
  size: number;
  /** Lazily built: P(c* = v) for v = 0..n and its suffix sums. */
  pmf?: Float64Array;
  suffix?: Float64Array;
}

function groupTasks(tasks: readonly TaskTrials[]): TaskGroup[] {
  const byKey = new Map<string, TaskGroup>();
  for (const { n, c } of tasks) {
    const key = `${n},${c}`;
    const group = byKey.get(key);
    if (group) group.size++;
    else byKey.set(key, { n, c, size: 1 });
  }
  return [...byKey.values()];
}

/** Adds the estimates of `picks` tasks drawn from one (n, c) group, each with c* ~ Binomial(n, c/n). */
function addGroupDraws(rng: Rng, group: TaskGroup, picks: number, table: EstimateTable, sums: Float64Array, counts: Float64Array): void {
  const { n, c } = group;
  if (c === 0 || c === n) return table.add(n, c, picks, sums, counts);
  if (picks <= n + 1) {
    for (let j = 0; j < picks; j++) table.add(n, binomial(rng, n, c / n), 1, sums, counts);
    return;
  }
  // Many picks: split them over v = 0..n at once (multinomial by conditional binomials).
  if (!group.pmf) {
    group.pmf = Float64Array.from({ length: n + 1 }, (_, v) => binomialPmf(v, n, c / n));
    group.suffix = suffixSums(group.pmf);
  }
  let left = picks;
  for (let v = 0; v <= n && left > 0; v++) {
    const share = v === n ? 1 : Math.min(1, group.pmf[v]! / group.suffix![v]!);
    const times = share >= 1 ? left : binomial(rng, left, share);
    if (times > 0) table.add(n, v, times, sums, counts);
    left -= times;
  }
}

/**
 * The unbiased pass@k and pass^k of (n, v) for every k, remembered per n (for n up to
 * TABLE_LIMIT, where a table of (n + 1)·|ks| pairs is cheap) so replicates only add numbers.
 */
class EstimateTable {
  private readonly tables = new Map<number, Float64Array>();

  constructor(private readonly ks: readonly number[]) {}

  /** sums[2i] += times·pass@k_i(n, v), sums[2i + 1] += times·pass^k_i(n, v), counts[i] += times, for k_i ≤ n. */
  add(n: number, v: number, times: number, sums: Float64Array, counts: Float64Array): void {
    const ks = this.ks;
    const table = n <= TABLE_LIMIT ? this.tableFor(n) : null;
    for (let i = 0; i < ks.length; i++) {
      const k = ks[i]!;
      if (n < k) continue;
      counts[i]! += times;
      if (table) {
        const at = 2 * (v * ks.length + i);
        sums[2 * i]! += times * table[at]!;
        sums[2 * i + 1]! += times * table[at + 1]!;
      } else {
        sums[2 * i]! += times * oneMinusBinomialRatio(n, n - v, k);
        sums[2 * i + 1]! += times * binomialRatio(n, v, k);
      }
    }
  }

  private tableFor(n: number): Float64Array {
    let table = this.tables.get(n);
    if (!table) {
      const ks = this.ks;
      table = new Float64Array(2 * (n + 1) * ks.length);
      for (let v = 0; v <= n; v++) {
        ks.forEach((k, i) => {
          if (k > n) return;
          table![2 * (v * ks.length + i)] = oneMinusBinomialRatio(n, n - v, k);
          table![2 * (v * ks.length + i) + 1] = binomialRatio(n, v, k);
        });
      }
      this.tables.set(n, table);
    }
    return table;
  }
}

const TABLE_LIMIT = 10_000;

/** Counts of `trials` draws over categories with the given probabilities (summing to 1). */
function multinomial(rng: Rng, trials: number, probabilities: readonly number[]): number[] {
  const suffix = suffixSums(Float64Array.from(probabilities));
  const counts = new Array<number>(probabilities.length).fill(0);
  let left = trials;
  for (let i = 0; i < probabilities.length && left > 0; i++) {
    const share = i === probabilities.length - 1 ? 1 : Math.min(1, probabilities[i]! / suffix[i]!);
    counts[i] = share >= 1 ? left : binomial(rng, left, share);
    left -= counts[i]!;
  }
  return counts;
}

/** suffix[i] = Σ_{j ≥ i} values[j], summed from the small end for accuracy. */
function suffixSums(values: Float64Array): Float64Array {
  const suffix = new Float64Array(values.length);
  let total = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    total += values[i]!;
    suffix[i] = total;
  }
  return suffix;
}

/** Percentile interval (linear interpolation between order statistics, Hyndman & Fan type 7) and SE. */
function summarise(values: Float64Array, options: BootstrapOptions): BootstrapInterval {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort();
  const alpha = 1 - options.confidence;
  const lower = options.sides === 2 ? quantile(sorted, alpha / 2) : quantile(sorted, alpha);
  const upper = options.sides === 2 ? quantile(sorted, 1 - alpha / 2) : 1;
  let mean = 0;
  for (const v of sorted) mean += v;
  mean /= sorted.length;
  let squares = 0;
  for (const v of sorted) squares += (v - mean) ** 2;
  const se = sorted.length > 1 ? Math.sqrt(squares / (sorted.length - 1)) : 0;
  return { lower, upper, se };
}

function quantile(sorted: Float64Array, q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}
