import { InputError } from '../errors.js';
import { requireOpenUnit } from '../checks.js';
import { ARGUMENT_LIMITS, requireList, requireObject, requireTaskSet } from '../checkArgs.js';
import { independentPassAtK, independentPassHatK } from '../analytic/independent.js';
import { JEFFREYS_PRIOR, UNIFORM_PRIOR } from '../intervals/betaPosterior.js';
import type { IntervalMethod, IntervalOptions } from '../intervals/proportionInterval.js';
import { estimateTask, type TaskEstimate } from '../estimators/estimateTask.js';
import { averageOverTasks, groupsOf, taskCountOf, type TaskSet } from '../estimators/taskAverage.js';
import { bootstrapTaskAverageSteps, type BootstrapInterval } from '../estimators/bootstrap.js';
import { clusteredNormalInterval } from '../estimators/clusteredNormalInterval.js';
import { taskAverageIntervals, ESTIMAND_METHODS } from '../taskAverage/taskAverageIntervals.js';
import { runSteps, type Steps } from '../stepwise.js';
import { documentInterval, type LabelledInterval } from '../intervals/interval.js';

/**
 * The defaults of `estimate` (and of `passk estimate`), stated once: a 95 % two-sided interval
 * (Wilson; one-sided the exact Clopper–Pearson lower bound, which holds its level at every p —
 * a one-sided Wilson bound covers as little as 79–81 % at 95 %, docs/uncertainty.md), the
 * Jeffreys prior of the Bayesian view, no bootstrap (seed "1" when asked for), k = 1..min(n, 10)
 * from counts and k = 1..8 for a known rate.
 *
 * @category Estimate
 */
export const ESTIMATE_DEFAULTS = Object.freeze({
  confidence: 0.95,
  sides: 2 as 1 | 2,
  /** The interval method for p by sides: two-sided Wilson, one-sided Clopper–Pearson. */
  interval: Object.freeze({ twoSided: 'wilson', oneSided: 'clopper-pearson' } as const),
  prior: 'jeffreys' as 'jeffreys' | 'uniform',
  bootstrap: 0,
  seed: '1',
  /** Per-task results: the this-benchmark intervals are computed. */
  benchmark: true,
  /** The largest default k from counts: k = 1..min(largest n, maxDefaultK). */
  maxDefaultK: 10,
  /** The default ks for a known rate (`{ p }`). */
  rateKs: Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]),
});

/**
 * Options of `estimate`; every field has its default in `ESTIMATE_DEFAULTS`.
 *
 * @category Estimate
 */
export interface EstimateOptions {
  /** The k values (default: 1..min(largest n, 10); for a known rate 1..8). */
  readonly ks?: readonly number[];
  /** Confidence level in (0, 1) (default 0.95). */
  readonly confidence?: number;
  /** 2: two-sided interval; 1: one-sided lower bound (default 2). */
  readonly sides?: 1 | 2;
  /** Interval method for p of one task (default: Wilson two-sided, Clopper–Pearson one-sided). */
  readonly interval?: IntervalMethod;
  /** Prior of the Bayesian view of one task (default Jeffreys). */
  readonly prior?: 'jeffreys' | 'uniform';
  /** Per-task results: also a two-stage bootstrap interval with this many replicates (default 0: off). */
  readonly bootstrap?: number;
  /** Seed of the bootstrap (default "1"). */
  readonly seed?: string | number;
  /**
   * Per-task results: also the this-benchmark intervals (default true). false leaves every row's
   * `benchmark` null and skips their fit (`npmlePrior`) and trial noise, for a view that does not
   * show them (the CLI's compact text table, without --wide).
   */
  readonly benchmark?: boolean;
}

/**
 * What `estimate` reads: one task's counts (`{ n, c }`), a known single-attempt rate (`{ p }`), or
 * per-task results (`{ tasks }`: a list of `{ n, c }` or `groupTaskCounts(n, c)`).
 *
 * @category Estimate
 */
export type EstimateInput = { readonly n: number; readonly c: number } | { readonly p: number } | { readonly tasks: TaskSet };

/**
 * The estimate of one task (the body of `passk estimate --n --c --json`, kind `passk.estimate.task`):
 * p with its interval, the Beta posterior view, and per k the unbiased and plug-in pass@k / pass^k
 * with intervals mapped from p and credible intervals.
 *
 * @category Estimate
 */
export interface TaskEstimateResult {
  readonly n: number;
  readonly c: number;
  readonly p: { readonly estimate: number; readonly sides: 1 | 2; readonly tail?: 'lower' | 'upper' } & LabelledInterval & { readonly method: IntervalMethod };
  readonly bayes: {
    readonly prior: TaskEstimate['bayes']['prior'];
    readonly posterior: TaskEstimate['bayes']['posterior'];
    readonly p: { readonly mean: number } & LabelledInterval;
  };
  readonly rows: readonly {
    readonly k: number;
    readonly passAtK: number;
    readonly passHatK: number;
    readonly plugin: { readonly passAtK: number; readonly passHatK: number };
    readonly interval: { readonly passAtK: LabelledInterval; readonly passHatK: LabelledInterval };
    readonly bayes: { readonly passAtK: { readonly mean: number } & LabelledInterval; readonly passHatK: { readonly mean: number } & LabelledInterval };
  }[];
}

/**
 * The closed forms for a known rate p (the body of `passk estimate --p --json`, kind
 * `passk.estimate.rate`): 1 − (1 − p)^k and p^k per k.
 *
 * @category Estimate
 */
export interface RateEstimateResult {
  readonly p: number;
  readonly rows: readonly { readonly k: number; readonly passAtK: number; readonly passHatK: number }[];
}

/** An interval pair of the two metrics, null where there is none. */
type Pair<T> = { readonly passAtK: T | null; readonly passHatK: T | null };

/**
 * One k of the estimate of per-task results (`passk estimate FILE --json`, `rows[]`).
 *
 * @category Estimate
 */
export interface TasksEstimateRow {
  readonly k: number;
  /** Task-averaged unbiased pass@k and pass^k (null: no task has n ≥ k). */
  readonly passAtK: number | null;
  readonly passHatK: number | null;
  readonly estimableTasks: number;
  readonly notEstimableTasks: number;
  readonly plugin: { readonly passAtK: number; readonly passHatK: number } | null;
  /** Clustered standard errors (sd of the per-task estimates / √T). */
  readonly se: Pair<number>;
  /** Interval for the task population (other tasks, other trials). */
  readonly interval: Pair<LabelledInterval>;
  /** Interval for this benchmark (the same tasks, only the trials random). */
  readonly benchmark: Pair<LabelledInterval & { readonly se: number }>;
  /** mean ± z·SE, the naive clustered-SE interval (comparison only). */
  readonly clusteredNormal: Pair<LabelledInterval>;
  readonly bootstrap: Pair<BootstrapInterval & LabelledInterval> | null;
}

/**
 * The estimate of per-task results (the body of `passk estimate FILE --json`, kind
 * `passk.estimate.file`, without its `source`, `perTask` and cost fields): task-averaged pass@k and
 * pass^k per k with an interval for each of the two estimands.
 *
 * @category Estimate
 */
export interface TasksEstimateResult {
  readonly tasks: number;
  readonly trials: { readonly min: number; readonly max: number };
  readonly uncertainty: {
    readonly confidence: number;
    readonly sides: 1 | 2;
    readonly interval: string;
    readonly estimands: {
      readonly population: { readonly field: string; readonly meaning: string; readonly method: string };
      readonly benchmark: { readonly field: string; readonly meaning: string; readonly method: string };
    };
    readonly clusteredNormal: string;
    readonly bootstrap: { readonly replicates: number; readonly seed: string; readonly method: string } | null;
  };
  readonly rows: readonly TasksEstimateRow[];
  /** The interval options for p of each task (`perTask` of the CLI's document). */
  readonly p: { readonly method: IntervalMethod; readonly confidence: number; readonly sides: 1 | 2 };
}

/**
 * The interval options for p that `estimate` uses: `method` or, without one, Wilson two-sided and
 * the exact Clopper–Pearson lower bound one-sided (`ESTIMATE_DEFAULTS.interval`).
 *
 * @category Estimate
 * @param options - `interval`, `confidence` and `sides` as `estimate` takes them.
 * @returns The options of `proportionInterval`.
 * @example
 * ```ts
 * import { estimateIntervalOptions } from '@passk/sim/internal';
 * console.log(estimateIntervalOptions({ sides: 1 }).method); // → clopper-pearson
 * ```
 */
export function estimateIntervalOptions(options: Pick<EstimateOptions, 'interval' | 'confidence' | 'sides'> = {}): IntervalOptions {
  requireObject('options', options);
  const confidence = requireOpenUnit('confidence', options.confidence ?? ESTIMATE_DEFAULTS.confidence);
  const sides = options.sides ?? ESTIMATE_DEFAULTS.sides;
  if (sides !== 1 && sides !== 2) throw new InputError('sides', 'must be 1 or 2', sides);
  const method = options.interval ?? (sides === 1 ? ESTIMATE_DEFAULTS.interval.oneSided : ESTIMATE_DEFAULTS.interval.twoSided);
  return sides === 1 ? { method, confidence, sides: 1, tail: 'lower' } : { method, confidence, sides: 2 };
}

/** The default ks from counts: 1..min(largest n, 10) (1 alone when n is not a whole number ≥ 1, which the estimators then refuse). */
export function defaultKs(maxN: number): number[] {
  const top = Number.isInteger(maxN) && maxN >= 1 ? Math.min(maxN, ESTIMATE_DEFAULTS.maxDefaultK) : 1;
  return Array.from({ length: top }, (_, i) => i + 1);
}

/** The method of the Bayesian intervals. */
export const CREDIBLE = 'equal-tailed credible';

/**
 * pass@k and pass^k with honest uncertainty, as `passk estimate` computes them: from one task's
 * counts, from a known rate, or from per-task results (both estimands: the task population and this
 * benchmark). The unbiased estimators are 1 − C(n−c, k)/C(n, k) (Chen et al. 2021) and
 * C(c, k)/C(n, k) (Yao et al. 2024); intervals in docs/uncertainty.md.
 *
 * @category Estimate
 * @param input - `{ n, c }` (one task), `{ p }` (a known rate) or `{ tasks }` (per-task results).
 * @param options - ks, confidence, sides, interval, prior, bootstrap, seed (`ESTIMATE_DEFAULTS`).
 * @returns The document `passk estimate --json` prints, without its kind and source.
 * @example
 * ```ts
 * import { estimate } from '@passk/sim';
 * const one = estimate({ n: 30, c: 27 }, { ks: [8] });
 * console.log(one.rows[0].passHatK.toFixed(3)); // → 0.379
 * const many = estimate({ tasks: [{ n: 8, c: 5 }, { n: 8, c: 3 }, { n: 8, c: 8 }] }, { ks: [1] });
 * console.log(many.rows[0].passAtK); // → 0.6666666666666666
 * ```
 */
export function estimate(input: { readonly n: number; readonly c: number }, options?: EstimateOptions): TaskEstimateResult;
export function estimate(input: { readonly p: number }, options?: EstimateOptions): RateEstimateResult;
export function estimate(input: { readonly tasks: TaskSet }, options?: EstimateOptions): TasksEstimateResult;
export function estimate(input: EstimateInput, options?: EstimateOptions): TaskEstimateResult | RateEstimateResult | TasksEstimateResult;
export function estimate(input: EstimateInput, options: EstimateOptions = {}): TaskEstimateResult | RateEstimateResult | TasksEstimateResult {
  return runSteps(estimateSteps(input, options));
}

/**
 * `estimate` step by step (one k of one task, or one bootstrap replicate, per step), for a caller
 * that shows progress or lets an interrupt in between steps (`runSteps` runs it to the end).
 *
 * @category Estimate
 * @param input - as `estimate`.
 * @param options - as `estimate`.
 * @returns The steps, whose value at the end is what `estimate` returns.
 * @example
 * ```ts
 * import { estimateSteps, runSteps } from '@passk/sim';
 * console.log(runSteps(estimateSteps({ p: 0.9 }, { ks: [2] })).rows[0].passHatK.toFixed(2)); // → 0.81
 * ```
 */
export function estimateSteps(input: { readonly n: number; readonly c: number }, options?: EstimateOptions): Steps<TaskEstimateResult>;
export function estimateSteps(input: { readonly p: number }, options?: EstimateOptions): Steps<RateEstimateResult>;
export function estimateSteps(input: { readonly tasks: TaskSet }, options?: EstimateOptions): Steps<TasksEstimateResult>;
export function estimateSteps(input: EstimateInput, options?: EstimateOptions): Steps<TaskEstimateResult | RateEstimateResult | TasksEstimateResult>;
export function* estimateSteps(input: EstimateInput, options: EstimateOptions = {}): Steps<TaskEstimateResult | RateEstimateResult | TasksEstimateResult> {
  requireObject('input', input);
  requireObject('options', options);
  if (options.ks !== undefined) requireList('ks', options.ks, 1, ARGUMENT_LIMITS.ks);
  if ('tasks' in input) return yield* tasksEstimateSteps(input.tasks, options);
  if ('p' in input) {
    if ('n' in input || 'c' in input) throw new InputError('input', 'has p and counts: give a known rate { p } or counts { n, c }, not both');
    const ks = options.ks ?? ESTIMATE_DEFAULTS.rateKs;
    const p = input.p;
    return { p, rows: ks.map((k) => ({ k, passAtK: independentPassAtK(p, k), passHatK: independentPassHatK(p, k) })) };
  }
  if (!('n' in input) || !('c' in input)) throw new InputError('input', 'must be counts { n, c }, a known rate { p } or per-task results { tasks }', input);
  return yield* taskEstimateSteps(input.n, input.c, options);
}

/** One task: one k per step (the Bayesian view sums k terms for each k). */
function* taskEstimateSteps(n: number, c: number, options: EstimateOptions): Steps<TaskEstimateResult> {
  const ks = options.ks ?? defaultKs(n);
  const interval = estimateIntervalOptions(options);
  const prior = (options.prior ?? ESTIMATE_DEFAULTS.prior) === 'uniform' ? UNIFORM_PRIOR : JEFFREYS_PRIOR;
  const first = estimateTask(n, c, { interval, prior, ks: ks.slice(0, 1) });
  const rows = [...first.rows];
  for (let i = 1; i < ks.length; i++) {
    yield { done: i, total: ks.length };
    rows.push(...estimateTask(n, c, { interval, prior, ks: [ks[i]!] }).rows);
  }
  return taskEstimateResult({ ...first, rows });
}

/** The document body of a task estimate: each interval with its level and method. */
export function taskEstimateResult(estimate: TaskEstimate): TaskEstimateResult {
  const { n, c, p, bayes, rows } = estimate;
  const method = p.method;
  const level = p.confidence;
  const credible = (value: { readonly mean: number; readonly lower: number; readonly upper: number }) => ({
    mean: value.mean,
    ...documentInterval(value, bayes.confidence, CREDIBLE),
  });
  return {
    n,
    c,
    p: { estimate: p.estimate, sides: p.sides, ...(p.tail ? { tail: p.tail } : {}), ...documentInterval(p, level, method), method },
    bayes: { prior: bayes.prior, posterior: bayes.posterior, p: credible(bayes.p) },
    rows: rows.map((row) => ({
      k: row.k,
      passAtK: row.passAtK,
      passHatK: row.passHatK,
      plugin: row.plugin,
      interval: { passAtK: documentInterval(row.passAtKInterval, level, method), passHatK: documentInterval(row.passHatKInterval, level, method) },
      bayes: { passAtK: credible(row.bayes.passAtK), passHatK: credible(row.bayes.passHatK) },
    })),
  };
}

/** What each interval of a task-averaged estimate is about, and how it is computed. */
const ESTIMANDS = {
  population: { field: 'interval', meaning: 'the task population the tasks were drawn from: other tasks, other trials', method: ESTIMAND_METHODS.population },
  benchmark: { field: 'benchmark', meaning: 'this benchmark: the same tasks again, only the trials random', method: ESTIMAND_METHODS.benchmark },
};

/** Per-task results: the task averages, both estimands' intervals, the clustered normal interval, and the bootstrap's replicates as steps. */
function* tasksEstimateSteps(tasks: TaskSet, options: EstimateOptions): Steps<TasksEstimateResult> {
  requireTaskSet('tasks', tasks);
  const interval = estimateIntervalOptions(options);
  const { confidence, sides } = interval;
  const replicates = options.bootstrap ?? ESTIMATE_DEFAULTS.bootstrap;
  const seed = String(options.seed ?? ESTIMATE_DEFAULTS.seed);
  // From the groups, not the tasks: a hundred values instead of 100 000.
  const groups = groupsOf(tasks);
  const maxN = groups.reduce((a, group) => Math.max(a, group.n), 0);
  const minN = groups.reduce((a, group) => Math.min(a, group.n), Infinity);
  const ks = options.ks ?? defaultKs(maxN);
  const average = averageOverTasks(tasks, ks);
  const benchmark = options.benchmark ?? ESTIMATE_DEFAULTS.benchmark;
  if (typeof benchmark !== 'boolean') throw new InputError('options.benchmark', 'must be true or false', benchmark);
  const estimands = taskAverageIntervals(tasks, ks, { confidence, sides }, { benchmark });
  const bootstrap = replicates > 0 ? yield* bootstrapTaskAverageSteps(tasks, { ks, replicates, seed, confidence, sides }) : null;
  const both = <T extends { readonly lower: number; readonly upper: number }>(
    pair: { readonly passAtK: T | null; readonly passHatK: T | null },
    method: string,
  ) => ({
    passAtK: pair.passAtK && { ...pair.passAtK, level: confidence, method },
    passHatK: pair.passHatK && { ...pair.passHatK, level: confidence, method },
  });
  const rows = average.map((row, i) => ({
    k: row.k,
    passAtK: row.passAtK?.value ?? null,
    passHatK: row.passHatK?.value ?? null,
    estimableTasks: row.estimableTasks,
    notEstimableTasks: row.notEstimableTasks,
    plugin: row.plugin,
    se: { passAtK: row.passAtK?.se ?? null, passHatK: row.passHatK?.se ?? null },
    interval: both({ passAtK: estimands[i]!.passAtK.population, passHatK: estimands[i]!.passHatK.population }, ESTIMAND_METHODS.population),
    benchmark: both({ passAtK: estimands[i]!.passAtK.benchmark, passHatK: estimands[i]!.passHatK.benchmark }, ESTIMAND_METHODS.benchmark),
    clusteredNormal: both(
      { passAtK: clusteredNormalInterval(row.passAtK, interval), passHatK: clusteredNormalInterval(row.passHatK, interval) },
      'normal, clustered SE',
    ),
    bootstrap: bootstrap && both({ passAtK: bootstrap[i]!.passAtK, passHatK: bootstrap[i]!.passHatK }, 'two-stage bootstrap, percentile, re-centred'),
  }));
  return {
    tasks: taskCountOf(tasks),
    trials: { min: minN, max: maxN },
    uncertainty: {
      confidence,
      sides,
      interval: ESTIMAND_METHODS.population,
      estimands: ESTIMANDS,
      clusteredNormal:
        'mean ± z·SE with the clustered SE = sd(per-task estimates)/√T (Miller 2024); shown for comparison only: it can have zero width and ' +
        'misses near 0 and 1 (docs/uncertainty.md)',
      bootstrap: bootstrap
        ? {
            replicates,
            seed,
            method: 'two-stage bootstrap (tasks with replacement, then c* ~ Binomial(n, c/n) per task), percentiles re-centred on the unbiased estimate',
          }
        : null,
    },
    rows,
    p: { method: interval.method, confidence, sides },
  };
}
