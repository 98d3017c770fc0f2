import { requireInteger, requireOpenUnit, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import { ARGUMENT_LIMITS, requireKs, requireList, requireObject, requireSeed, requireSides, requireString } from '../checkArgs.js';
import type { Seed } from '../rng/streams.js';
import { partOfSteps, runSteps, type Steps } from '../stepwise.js';
import { K_METRICS, taskMetricValue, type CompareMetric } from './compareMetric.js';
import { matchTasks, type TaskPair } from './matchTasks.js';
import type { MeanAndSe } from '../math/meanAndSe.js';
import { bootstrapBounds, differenceReplicateSteps, type BootstrapSlot } from './pairedBootstrap.js';
import { pairedDifferenceInterval, PopulationFits } from '../taskAverage/differenceInterval.js';
import { benchmarkDifferenceInterval, withinPopulationInterval } from '../taskAverage/benchmarkDifferenceInterval.js';
import { countGroups } from '../estimators/taskAverage.js';
import { groupsPopulationInterval } from '../taskAverage/taskAverageIntervals.js';
import { pairedDifference } from './pairedDifference.js';
import type { Run, RunTask, TaskId } from './runTasks.js';
import type { PValue } from './signFlipTest.js';
import { pairedPValueSteps } from './pairedPValue.js';
import { taskChanges, type TaskChanges } from './taskChanges.js';
import { unpairedDifference } from './unpairedDifference.js';
import type { Interval } from '../intervals/interval.js';
import { COMPARE_DEFAULTS } from './compareDefaults.js';

/** Options of `compareRuns`: the ks, the confidence and sides of the intervals, the bootstrap and permutation test, and the overlap needed to pair by task. */
export interface CompareRunsOptions {
  /** The k values (integers ≥ 1). */
  readonly ks: readonly number[];
  /** Confidence level of the intervals, in (0, 1); default 0.95. */
  readonly confidence?: number;
  /** 2: two-sided intervals (default); 1: one-sided lower bounds (upper = 1). */
  readonly sides?: 1 | 2;
  /** Bootstrap replicates (0: no bootstrap); default 1000. */
  readonly bootstrap?: number;
  /** Seed of the bootstrap and of Monte Carlo permutations; default 1. */
  readonly seed?: Seed;
  /** Random sign patterns when the permutation test is not exact; default 10 000. */
  readonly permutations?: number;
  /** Enumerate all 2^m sign patterns when at most this many tasks differ (≤ 40); default 30. */
  readonly exactLimit?: number;
  /** Pair only when common / |A ∪ B| reaches this share; otherwise compare unpaired. Default 0.5. */
  readonly minOverlap?: number;
  /** false: no permutation test (every `pValue` null), for callers that use only the intervals (`judgeRequirement`). Default true. */
  readonly pValues?: boolean;
}

/** One metric at one k (or the mean per-attempt success): both runs, B − A, its uncertainty and test. */
export interface MetricComparison {
  /**
   * Each run's task-averaged unbiased estimate over the compared tasks, with its own SE and its
   * task-population interval (CI (tasks), `groupsPopulationInterval` as `estimate` computes it;
   * null with < 2 tasks or for the mean success rate's judge-corrected values).
   */
  readonly baseline: RunEstimate;
  readonly candidate: RunEstimate;
  /** candidate − baseline. */
  readonly difference: number;
  /** Paired: sd of per-task differences / √T. Unpaired: √(SE_A² + SE_B²). Null with < 2 tasks. */
  readonly se: number | null;
  /**
   * The task population's difference (tasks like these: which tasks were sampled, and the trials).
   * Paired: `pairedDifferenceInterval` (score interval of the per-task differences with a design
   * effect and variance floors from the fitted task populations; its coverage is measured in
   * docs/uncertainty.md). Unpaired: Welch t. Within [−1, 1]; null with < 2 tasks.
   */
  readonly interval: Interval | null;
  /**
   * This benchmark's difference (the same tasks rerun, only the trials random):
   * `benchmarkDifferenceInterval`, each run's trial noise under its fitted task population, with
   * `se` = √(se_A² + se_B²), kept within `interval` (`withinPopulationInterval`). Paired or unpaired
   * alike; null when a run has no task with n ≥ k.
   */
  readonly benchmark: (Interval & { readonly se: number }) | null;
  /** Re-centred percentile bootstrap interval of the difference, `se` the sd of its replicates; null when off. */
  readonly bootstrap: (Interval & { readonly se: number }) | null;
  /** Two-sided p-value of "no difference": sign-flip permutation (unpaired: Welch). */
  readonly pValue: PValue | null;
  /** The p-value after Holm's correction over the comparisons against the same baseline (= pValue with one). */
  readonly adjustedPValue: number | null;
}

/** One run's side of a comparison: its task average, SE and CI (tasks) over the compared tasks. */
export interface RunEstimate extends MeanAndSe {
  readonly interval: Interval | null;
}

/** One k of a `RunComparison`: the tasks counted and the comparisons of pass@k and pass^k. */
export interface CompareRow {
  readonly k: number;
  /** Tasks counted at this k: paired, common tasks with n ≥ k in both runs; unpaired, each run's tasks with n ≥ k. */
  readonly tasks: { readonly baseline: number; readonly candidate: number };
  /** Tasks left out at this k (n < k in a run): how many and which. */
  readonly notEstimable: { readonly count: number; readonly tasks: readonly TaskId[] };
  /** null when no task is counted. */
  readonly passAtK: MetricComparison | null;
  readonly passHatK: MetricComparison | null;
}

/** How two runs were matched: by task when they share enough tasks, else unpaired; the overlap and the tasks only one run has. */
export interface Pairing {
  /** `paired` by task, or `unpaired` when the runs share fewer tasks than `minOverlap`. */
  readonly mode: 'paired' | 'unpaired';
  /** common / |A ∪ B|. */
  readonly overlap: number;
  readonly minOverlap: number;
  readonly tasks: { readonly baseline: number; readonly candidate: number; readonly common: number };
  /** Tasks in one run only: never used in a paired comparison. */
  readonly onlyInBaseline: readonly TaskId[];
  readonly onlyInCandidate: readonly TaskId[];
}

/** What `compareRuns` returns: how the runs were paired and, per k, the difference candidate − baseline with its interval and p-value. */
export interface RunComparison {
  readonly baseline: string;
  readonly candidate: string;
  readonly pairing: Pairing;
  readonly confidence: number;
  readonly sides: 1 | 2;
  /** Mean per-attempt success c/n (every counted task with n ≥ 1). */
  readonly meanSuccess: MetricComparison;
  readonly rows: readonly CompareRow[];
  readonly perTask: TaskChanges;
  readonly bootstrap: { readonly replicates: number; readonly seed: Seed } | null;
  readonly permutations: { readonly exactLimit: number; readonly replicates: number; readonly seed: Seed };
}

interface Resolved {
  readonly ks: readonly number[];
  readonly confidence: number;
  readonly sides: 1 | 2;
  readonly bootstrap: number;
  readonly seed: Seed;
  readonly permutations: number;
  readonly exactLimit: number;
  readonly minOverlap: number;
  readonly pValues: boolean;
}

/**
 * Is run B better than run A? Per k and metric (pass@k, pass^k; and the mean per-attempt success),
 * each run's task-averaged unbiased estimate, the difference B − A and its uncertainty.
 *
 * Paired by task (the default): only tasks in both runs with n ≥ k in both enter at k; the others
 * are counted and listed. d_t = θ̂_B,t − θ̂_A,t per task, SE = sd(d)/√T (pairedDifference), the
 * interval of `pairedDifferenceInterval` (not the paired t interval d̄ ± t·SE, which has zero width
 * when every d_t is equal and under-covers near 0 and 1), a seeded two-stage paired bootstrap (pairedBootstrap) and a
 * two-sided sign-flip permutation p-value, exact for small T (signFlipTest). Each θ̂_t is unbiased
 * for its task, so d̄ is unbiased for the benchmark-level difference (Miller 2024, §4).
 * When the runs share less than `minOverlap` of their tasks, pairing would compare a few tasks and
 * drop the rest: the comparison is then unpaired (unpairedDifference, Welch) and says so.
 * Example (seeds, "Averaging over tasks"): A = 8, 8, 8, 0, 0 and B = 5, 5, 4, 3, 3 of n = 8 →
 * pass@4: A 0.600, B 0.969; pass^4: A 0.600, B 0.031; mean success A 0.60, B 0.50.
 */
export function compareRuns(a: Run, b: Run, options: CompareRunsOptions): RunComparison {
  return runSteps(compareRunsSteps(a, b, options));
}

/** `compareRuns` step by step: it yields within the bootstrap and the Monte Carlo permutations (done of total: the replicates, then every slot's patterns). */
export function* compareRunsSteps(a: Run, b: Run, options: CompareRunsOptions): Steps<RunComparison> {
  requireRun('a', a);
  requireRun('b', b);
  const resolved = resolveOptions(options);
  const match = matchTasks(a, b);
  const mode = match.overlap >= resolved.minOverlap ? 'paired' : 'unpaired';
  const comparisons = 2 * resolved.ks.length + 1;
  if (mode === 'paired' && !(resolved.permutations * comparisons * match.pairs.length <= MAX_SIGNS)) {
    throw new InputError(
      'permutations',
      `must be at most ${Math.floor(MAX_SIGNS / (comparisons * match.pairs.length))} for ${match.pairs.length} paired tasks and ${resolved.ks.length} k values (random signs drawn: permutations × ${comparisons} comparisons × tasks, at most ${MAX_SIGNS}, 0.5 ns each: about 8 minutes)`,
      resolved.permutations,
    );
  }
  // Where trial counts differ the tasks are relabelled; a relabelling costs at most its tasks' splits.
  const splits = match.pairs.some((pair) => pair.a.n !== pair.b.n) ? match.pairs.reduce((sum, pair) => sum + Math.min(pair.a.n, pair.b.n) + 1, 0) : 0;
  if (mode === 'paired' && !(resolved.permutations * comparisons * splits <= MAX_SPLIT_DRAWS)) {
    throw new InputError(
      'permutations',
      `must be at most ${Math.floor(MAX_SPLIT_DRAWS / (comparisons * splits))} for ${match.pairs.length} paired tasks whose trial counts differ and ${resolved.ks.length} k values (permutations × ${comparisons} comparisons × the tasks' possible splits, ${splits}, at most ${MAX_SPLIT_DRAWS}: about 8 minutes)`,
      resolved.permutations,
    );
  }
  const pairing: Pairing = {
    mode,
    overlap: match.overlap,
    minOverlap: resolved.minOverlap,
    tasks: { baseline: a.tasks.length, candidate: b.tasks.length, common: match.pairs.length },
    onlyInBaseline: match.onlyInA,
    onlyInCandidate: match.onlyInB,
  };
  const slots: BootstrapSlot[] = [{ metric: 'meanSuccess', k: 1 }, ...resolved.ks.flatMap((k) => K_METRICS.map((metric) => ({ metric, k })))];
  // Steps count the bootstrap's replicates, then each slot's random sign patterns (at most: an exact test draws none).
  const permutationsPerSlot = mode === 'paired' && resolved.pValues ? resolved.permutations : 0;
  const total = resolved.bootstrap + slots.length * permutationsPerSlot;
  const replicates =
    resolved.bootstrap === 0
      ? null
      : yield* partOfSteps(
          differenceReplicateSteps(
            mode === 'paired' ? match.pairs.map((pair) => [pair.a, pair.b] as const) : null,
            mode === 'paired' ? null : { a: a.tasks, b: b.tasks },
            slots,
            { replicates: resolved.bootstrap, seed: resolved.seed },
          ),
          0,
          total,
        );
  const compared: (MetricComparison | null)[] = [];
  // Each run's task population is fitted once for all metrics and k (on the same counts).
  const fits = new PopulationFits();
  for (const [index, { metric, k }] of slots.entries()) {
    const comparison =
      mode === 'paired'
        ? yield* partOfSteps(pairedAt(match.pairs, metric, k, resolved, fits), resolved.bootstrap + index * permutationsPerSlot, total)
        : unpairedAt(a.tasks, b.tasks, metric, k, resolved, fits);
    const bootstrap = replicates && comparison ? bootstrapBounds(replicates[index]!, comparison.difference, resolved.confidence, resolved.sides) : null;
    compared.push(comparison && { ...comparison, bootstrap, adjustedPValue: comparison.pValue?.value ?? null });
  }
  const rows = resolved.ks.map((k, i): CompareRow => {
    const left =
      mode === 'paired'
        ? match.pairs.filter((pair) => pair.a.n < k || pair.b.n < k).map((pair) => pair.id)
        : [...a.tasks, ...b.tasks].filter((task) => task.n < k).map((task) => task.id);
    const tasks =
      mode === 'paired'
        ? { baseline: match.pairs.length - left.length, candidate: match.pairs.length - left.length }
        : { baseline: a.tasks.filter((task) => task.n >= k).length, candidate: b.tasks.filter((task) => task.n >= k).length };
    return { k, tasks, notEstimable: { count: left.length, tasks: [...new Set(left)] }, passAtK: compared[1 + 2 * i]!, passHatK: compared[2 + 2 * i]! };
  });
  const meanSuccess = compared[0]!;
  if (meanSuccess === null) throw new InputError(b.name, `has no task with trials in common with ${a.name}`);
  return {
    baseline: a.name,
    candidate: b.name,
    pairing,
    confidence: resolved.confidence,
    sides: resolved.sides,
    meanSuccess,
    rows,
    perTask: taskChanges(match.pairs),
    bootstrap: resolved.bootstrap === 0 ? null : { replicates: resolved.bootstrap, seed: resolved.seed },
    permutations: { exactLimit: resolved.exactLimit, replicates: resolved.permutations, seed: resolved.seed },
  };
}

type Computed = Omit<MetricComparison, 'bootstrap' | 'adjustedPValue'>;

function* pairedAt(pairs: readonly TaskPair[], metric: CompareMetric, k: number, options: Resolved, fits: PopulationFits): Steps<Computed | null> {
  const counted = pairs.filter((pair) => pair.a.n >= k && pair.b.n >= k);
  if (counted.length === 0) return null;
  const a = Float64Array.from(counted, (pair) => taskMetricValue(metric, pair.a.n, pair.a.c, k));
  const b = Float64Array.from(counted, (pair) => taskMetricValue(metric, pair.b.n, pair.b.c, k));
  const paired = pairedDifference(a, b);
  const [taskMetric, taskK] = intervalMetric(metric, k);
  const interval = pairedDifferenceInterval(
    counted.map((pair) => ({ a: { n: pair.a.n, c: pair.a.c }, b: { n: pair.b.n, c: pair.b.c } })),
    taskMetric,
    taskK,
    { confidence: options.confidence, sides: options.sides },
    fits,
  );
  const benchmark = benchmarkDifference(
    counted.map((pair) => pair.a),
    counted.map((pair) => pair.b),
    metric,
    k,
    options,
    fits,
  );
  const pValue = options.pValues ? yield* pairedPValueSteps(counted, metric, k, options) : null;
  const population = interval && { lower: interval.lower, upper: interval.upper };
  const sides = {
    baseline: {
      ...paired.baseline,
      interval: runInterval(
        counted.map((pair) => pair.a),
        metric,
        k,
        options,
      ),
    },
    candidate: {
      ...paired.candidate,
      interval: runInterval(
        counted.map((pair) => pair.b),
        metric,
        k,
        options,
      ),
    },
  };
  return { ...paired, ...sides, interval: population, benchmark: benchmark && withinPopulationInterval(benchmark, population), pValue };
}

function unpairedAt(
  tasksA: readonly RunTask[],
  tasksB: readonly RunTask[],
  metric: CompareMetric,
  k: number,
  options: Resolved,
  fits: PopulationFits,
): Computed | null {
  const countedA = tasksA.filter((task) => task.n >= k);
  const countedB = tasksB.filter((task) => task.n >= k);
  if (countedA.length === 0 || countedB.length === 0) return null;
  const a = Float64Array.from(countedA, (task) => taskMetricValue(metric, task.n, task.c, k));
  const b = Float64Array.from(countedB, (task) => taskMetricValue(metric, task.n, task.c, k));
  const { df: _df, ...unpaired } = unpairedDifference(a, b, options.confidence, options.sides);
  const benchmark = benchmarkDifference(countedA, countedB, metric, k, options, fits);
  return {
    ...unpaired,
    baseline: { ...unpaired.baseline, interval: runInterval(countedA, metric, k, options) },
    candidate: { ...unpaired.candidate, interval: runInterval(countedB, metric, k, options) },
    benchmark: benchmark && withinPopulationInterval(benchmark, unpaired.interval),
  };
}

/** One run's CI (tasks) over its counted tasks: the interval `estimate` prints (`groupsPopulationInterval`). */
function runInterval(tasks: readonly { readonly n: number; readonly c: number }[], metric: CompareMetric, k: number, options: Resolved): Interval | null {
  const [taskMetric, taskK] = intervalMetric(metric, k);
  const bounds = groupsPopulationInterval(countGroups(tasks), taskMetric, taskK, { confidence: options.confidence, sides: options.sides });
  return bounds && { lower: bounds.lower, upper: bounds.upper };
}

/** The task metric and k of an interval: mean success c/n is the unbiased pass@1. */
function intervalMetric(metric: CompareMetric, k: number): ['passAtK' | 'passHatK', number] {
  return metric === 'meanSuccess' ? ['passAtK', 1] : [metric, k];
}

/** This benchmark's difference B − A over the counted tasks of each run (`benchmarkDifferenceInterval`). */
function benchmarkDifference(
  tasksA: readonly { readonly n: number; readonly c: number }[],
  tasksB: readonly { readonly n: number; readonly c: number }[],
  metric: CompareMetric,
  k: number,
  options: Resolved,
  fits: PopulationFits,
): MetricComparison['benchmark'] {
  const [taskMetric, taskK] = intervalMetric(metric, k);
  const groupsA = countGroups(tasksA);
  const groupsB = countGroups(tasksB);
  const bounds = benchmarkDifferenceInterval(
    { groups: groupsA, prior: fits.grid(groupsA) },
    { groups: groupsB, prior: fits.grid(groupsB) },
    taskMetric,
    taskK,
    { confidence: options.confidence, sides: options.sides },
  );
  return bounds && { lower: bounds.lower, upper: bounds.upper, se: bounds.se };
}

/** A run `{ name, tasks }`: a name and a list of task objects (their ids and counts are checked as they are matched, `matchTasks`). */
export function requireRun(where: string, value: unknown): Run {
  const run = requireObject(where, value);
  requireString(`${where}.name`, run.name);
  requireList(`${where}.tasks`, run.tasks).forEach((task, i) => requireObject(`${where}.tasks[${i}]`, task));
  return value as Run;
}

function resolveOptions(options: CompareRunsOptions): Resolved {
  requireObject('options', options);
  if (!Array.isArray(options.ks) || options.ks.length === 0) throw new InputError('ks', 'must list at least one k', options.ks);
  const ks = requireKs('ks', options.ks);
  const sides = requireSides('sides', options.sides ?? COMPARE_DEFAULTS.sides);
  // Every k compares two metrics, and the mean success rate is one more: each a bootstrap slot and a permutation test.
  const slots = 2 * ks.length + 1;
  const bootstrap = requireInteger('bootstrap', options.bootstrap ?? COMPARE_DEFAULTS.bootstrap, 0, 1_000_000);
  if (!(bootstrap * slots <= ARGUMENT_LIMITS.bootstrapCells)) {
    throw new InputError(
      'bootstrap',
      `must be at most ${Math.floor(ARGUMENT_LIMITS.bootstrapCells / slots)} with ${ks.length} k values (each replicate keeps a number for each of the ${slots} comparisons: ${ARGUMENT_LIMITS.bootstrapCells} in all take 80 MB)`,
      bootstrap,
    );
  }
  const permutations = requireInteger('permutations', options.permutations ?? COMPARE_DEFAULTS.permutations, 1, 10_000_000);
  if (!(permutations * slots <= MAX_PATTERNS)) {
    throw new InputError(
      'permutations',
      `must be at most ${Math.floor(MAX_PATTERNS / slots)} with ${ks.length} k values (random sign patterns for each of the ${slots} comparisons, each a pass over the tasks: ${MAX_PATTERNS} in all)`,
      permutations,
    );
  }
  const pValues = options.pValues ?? true;
  if (typeof pValues !== 'boolean') throw new InputError('pValues', 'must be true or false', pValues);
  return {
    ks,
    confidence: requireOpenUnit('confidence', options.confidence ?? COMPARE_DEFAULTS.confidence),
    sides,
    bootstrap,
    seed: requireSeed('seed', options.seed ?? COMPARE_DEFAULTS.seed),
    permutations,
    exactLimit: requireInteger('exactLimit', options.exactLimit ?? COMPARE_DEFAULTS.exactLimit, 0, 40),
    minOverlap: requireUnit('minOverlap', options.minOverlap ?? COMPARE_DEFAULTS.minOverlap),
    pValues,
  };
}

/** Most random sign patterns of one comparison, over all its metrics and ks (10⁷ per test, the most `permutations` allows alone). */
const MAX_PATTERNS = 100_000_000;

/**
 * Most random signs of one comparison's permutation tests (patterns × tasks): 0.5 ns each (a 10⁵-task
 * test of 1000 patterns took 53 ms), so about 8 minutes; 10⁴ patterns of 21 comparisons (k = 1..10)
 * reach it at 4.8·10⁶ tasks.
 */
const MAX_SIGNS = 1_000_000_000_000;

/**
 * Most split draws of one comparison's trial-permutation tests, where the runs' trial counts differ
 * (relabellings × Σ_t (min(n_A, n_B) + 1), a bound on the splits a relabelling walks): about 23 ns
 * each when every task is a group of its own (20 000 tasks with 7 splits each: 140 ns per task and
 * relabelling), so about 8 minutes, as MAX_SIGNS.
 */
const MAX_SPLIT_DRAWS = 20_000_000_000;
