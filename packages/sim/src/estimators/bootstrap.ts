import { requireInteger, requireOpenUnit } from '../checks.js';
import { binomial } from '../distributions/binomial.js';
import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, requireKs, requireObject, requireSeed, requireSides, requireTaskSet } from '../checkArgs.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { streamRng, type Seed } from '../rng/streams.js';
import { runSteps, type Steps } from '../stepwise.js';
import type { Rng } from '../rng/rng.js';
import { binomialRatio, oneMinusBinomialRatio } from './binomialRatio.js';
import type { Interval } from '../intervals/interval.js';
import { averageOverGroups, groupsOf, taskCountOf, type CountGroup, type TaskSet } from './taskAverage.js';

/** Options of `bootstrapTaskAverage`: the ks, how many bootstrap replicates, the seed of their stream and the confidence level. */
export interface BootstrapOptions {
  readonly ks: readonly number[];
  readonly replicates: number;
  readonly seed: Seed;
  readonly confidence: number;
  /** 2: equal-tailed interval; 1: one-sided lower bound (upper = 1). */
  readonly sides: 1 | 2;
}

/** A percentile bootstrap interval of one run's task average, with the standard deviation of the replicates. */
export interface BootstrapInterval extends Interval {
  /** Standard deviation of the bootstrap replicates. */
  readonly se: number;
  /** Mean of the replicates minus the estimate: the plug-in bias the interval was re-centred by. */
  readonly shift: number;
}

/** One k of `bootstrapTaskAverage`: percentile intervals for the task-averaged pass@k and pass^k. */
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
 * Re-centred percentile interval: the within-task stage draws at p = c/n, so each replicate
 * estimates θ(c/n) — the plug-in value — rather than θ (E*[C(c*, k)/C(n, k)] = (c/n)^k). Plain
 * percentiles would therefore sit around the plug-in value (for pass^10 on 10^5 tasks they can
 * miss the estimate entirely). We keep the replicates' spread and centre it on the unbiased
 * estimate: [θ̂ + q_{α/2} − m*, θ̂ + q_{1−α/2} − m*], m* the replicates' mean, clipped to [0, 1].
 *
 * A pick of a task with n trials lands on (n, c*) with probability q(n, v) = Σ (share of tasks
 * with that (n, c)) · P(c* = v), so a replicate is one multinomial over the cells (n, v)
 * (`pickCategories`) — the same distribution as drawing task by task, at a cost that depends on
 * the number of cells rather than on T. Replicate b uses its own stream (seed, 'bootstrap', b), so
 * results do not depend on how the work is split.
 */
export function bootstrapTaskAverage(tasks: TaskSet, options: BootstrapOptions): BootstrapRow[] {
  return runSteps(bootstrapTaskAverageSteps(tasks, options));
}

/** `bootstrapTaskAverage` step by step: it yields after every block of replicates (done of total), for progress and a Ctrl-C. */
export function* bootstrapTaskAverageSteps(tasks: TaskSet, options: BootstrapOptions): Steps<BootstrapRow[]> {
  requireTaskSet('tasks', tasks);
  requireObject('options', options);
  requireOpenUnit('confidence', options.confidence);
  requireSides('sides', options.sides);
  const groups = checkedGroups(tasks, options);
  const taskCount = taskCountOf(tasks);
  if (taskCount === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  const replicates = yield* groupReplicates(groups, taskCount, options);
  // The estimates the interval is re-centred on, from the same groups (as averageOverTasks computes them).
  const estimates = averageOverGroups(groups, taskCount, options.ks);
  return options.ks.map((k, i) => {
    const { passAtK, passHatK } = estimates[i]!;
    return {
      k,
      passAtK: passAtK ? summarise(replicates.passAtK[i]!, passAtK.value, options) : null,
      passHatK: passHatK ? summarise(replicates.passHatK[i]!, passHatK.value, options) : null,
    };
  });
}

/** The raw replicates behind `bootstrapTaskAverage`, one array per k. */
export interface BootstrapReplicates {
  /** Whether any task has n ≥ k (otherwise the row is null). */
  readonly estimable: readonly boolean[];
  /** Replicate b of pass@k_i at [i][b]; NaN when replicate b drew no task with n ≥ k_i. */
  readonly passAtK: readonly Float64Array[];
  readonly passHatK: readonly Float64Array[];
}

/** The replicates of the two-stage bootstrap described at `bootstrapTaskAverage`, before summarising (internal; used by tests). */
export function bootstrapReplicates(tasks: TaskSet, options: Pick<BootstrapOptions, 'ks' | 'replicates' | 'seed'>): BootstrapReplicates {
  return runSteps(groupReplicates(checkedGroups(tasks, options), taskCountOf(tasks), options));
}

/** Checks the replicate count, the tasks (requireCounts, where = `tasks[i]`) and the ks; the tasks' (n, c) groups. */
function checkedGroups(tasks: TaskSet, options: Pick<BootstrapOptions, 'ks' | 'replicates' | 'seed'>): readonly TaskGroup[] {
  requireObject('options', options);
  const replicates = requireInteger('bootstrap', options.replicates, 1, 1_000_000);
  // Copies: the draws cache each group's tables on it, and the caller's groups stay as they were.
  const groups = groupsOf(tasks).map((group) => ({ ...group }));
  const ks = requireKs('ks', options.ks);
  const mostReplicates = Math.floor(ARGUMENT_LIMITS.bootstrapCells / ks.length);
  if (replicates > mostReplicates) {
    throw new InputError(
      'bootstrap',
      `must be at most ${mostReplicates} with ${ks.length} k values (each replicate keeps two numbers per k: ${ARGUMENT_LIMITS.bootstrapCells} replicates × k values take 160 MB)`,
      replicates,
    );
  }
  requireSeed('seed', options.seed);
  return groups;
}

/** Replicates drawn between two yields of `groupReplicates` (each has its own stream: the blocks change nothing). */
const REPLICATES_PER_STEP = 1000;

/** `bootstrapReplicates` from checked groups of `taskCount` tasks, yielding after every REPLICATES_PER_STEP replicates. */
function* groupReplicates(
  groups: readonly TaskGroup[],
  taskCount: number,
  options: Pick<BootstrapOptions, 'ks' | 'replicates' | 'seed'>,
): Steps<BootstrapReplicates> {
  const replicates = options.replicates;
  const ks = options.ks;
  const categories = pickCategories(groups, taskCount);
  const suffix = suffixSums(Float64Array.from(categories, (category) => category.probability));
  const sums = new Float64Array(2 * ks.length);
  const counts = new Float64Array(ks.length);
  const at = ks.map(() => new Float64Array(replicates));
  const hat = ks.map(() => new Float64Array(replicates));
  const estimable = ks.map((k) => groups.some((g) => g.n >= k));
  const table = new EstimateTable(ks);
  for (let b = 0; b < replicates; b++) {
    if (b > 0 && b % REPLICATES_PER_STEP === 0) yield { done: b, total: replicates };
    const rng = streamRng(options.seed, 'bootstrap', b);
    sums.fill(0);
    counts.fill(0);
    // T picks spread over the categories (a multinomial, by conditional binomials).
    let left = taskCount;
    for (let i = 0; i < categories.length && left > 0; i++) {
      const share = i === categories.length - 1 ? 1 : Math.min(1, categories[i]!.probability / suffix[i]!);
      const picks = share >= 1 ? left : binomial(rng, left, share);
      left -= picks;
      if (picks === 0) continue;
      const category = categories[i]!;
      if (category.group) addGroupDraws(rng, category.group, picks, table, sums, counts);
      else table.add(category.n, category.v, picks, sums, counts);
    }
    // A replicate that drew no task with n ≥ k has no value at that k (NaN, left out when summarised).
    ks.forEach((_, i) => {
      at[i]![b] = counts[i]! > 0 ? sums[2 * i]! / counts[i]! : Number.NaN;
      hat[i]![b] = counts[i]! > 0 ? sums[2 * i + 1]! / counts[i]! : Number.NaN;
    });
  }
  return { estimable, passAtK: at, passHatK: hat };
}

/** An (n, c) group of tasks (see countGroups). */
interface TaskGroup extends CountGroup {
  /** Lazily built: P(c* = v) for v = 0..n and its suffix sums. */
  pmf?: Float64Array;
  suffix?: Float64Array;
}

/**
 * What one pick of the two-stage bootstrap can land on. A pick chooses a task uniformly, then
 * c* ~ Binomial(n, c/n); for tasks with the same n the pair is one draw from the mixture
 * q(n, v) = Σ_{groups with this n} (size/T)·P(c* = v), so a replicate's T picks are one multinomial
 * over the cells (n, v) — a few hundred binomial draws instead of T. Cells are used while their
 * count stays small (CELL_LIMIT); tasks with other n stay (n, c) groups drawn pick by pick.
 */
interface PickCategory {
  readonly probability: number;
  readonly n: number;
  readonly v: number;
  readonly group: TaskGroup | null;
}

const CELL_LIMIT = 65_536;

function pickCategories(groups: readonly TaskGroup[], taskCount: number): PickCategory[] {
  const byN = new Map<number, TaskGroup[]>();
  for (const group of groups) byN.set(group.n, [...(byN.get(group.n) ?? []), group]);
  const categories: PickCategory[] = [];
  let cells = 0;
  for (const n of [...byN.keys()].sort((a, b) => a - b)) {
    const members = byN.get(n)!;
    if (cells + n + 1 > Math.max(CELL_LIMIT, members.length)) {
      for (const group of members) categories.push({ probability: group.size / taskCount, n, v: group.c, group });
      continue;
    }
    cells += n + 1;
    const mixture = new Float64Array(n + 1);
    for (const group of members) {
      const weight = group.size / taskCount;
      if (group.c === 0 || group.c === n) mixture[group.c]! += weight;
      else for (let v = 0; v <= n; v++) mixture[v]! += weight * binomialPmf(v, n, group.c / n);
    }
    mixture.forEach((probability, v) => {
      if (probability > 0) categories.push({ probability, n, v, group: null });
    });
  }
  return categories;
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

/** suffix[i] = Σ_{j ≥ i} values[j], summed from the small end for accuracy (internal; shared with the compare bootstrap). */
export function suffixSums(values: Float64Array): Float64Array {
  const suffix = new Float64Array(values.length);
  let total = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    total += values[i]!;
    suffix[i] = total;
  }
  return suffix;
}

/**
 * Percentiles of the replicates (linear interpolation between order statistics, Hyndman & Fan
 * type 7) shifted so the replicates' mean lands on the estimate, clipped to [0, 1]; and their sd.
 */
function summarise(values: Float64Array, estimate: number, options: BootstrapOptions): BootstrapInterval {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort();
  let mean = 0;
  for (const v of sorted) mean += v;
  mean /= sorted.length;
  let squares = 0;
  for (const v of sorted) squares += (v - mean) ** 2;
  const se = sorted.length > 1 ? Math.sqrt(squares / (sorted.length - 1)) : 0;
  const shift = estimate - mean;
  const clip = (x: number) => Math.min(1, Math.max(0, x + shift));
  const alpha = 1 - options.confidence;
  const lower = clip(quantile(sorted, options.sides === 2 ? alpha / 2 : alpha));
  const upper = options.sides === 2 ? clip(quantile(sorted, 1 - alpha / 2)) : 1;
  return { lower, upper, se, shift: mean - estimate };
}

function quantile(sorted: Float64Array, q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}
