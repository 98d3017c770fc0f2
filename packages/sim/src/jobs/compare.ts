import { InputError } from '../errors.js';
import { requireList, requireObject } from '../checkArgs.js';
import { COMPARE_DEFAULTS } from '../compare/compareDefaults.js';
import { compareManySteps, type ManyComparison } from '../compare/compareMany.js';
import { requireRun, type CompareRunsOptions } from '../compare/compareRuns.js';
import { answerSentences, compareVerdict, headlineK, verdict } from '../compare/compareAnswer.js';
import type { DifferenceVerdict } from '../compare/differenceVerdict.js';
import type { Run } from '../compare/runTasks.js';
import { runSteps, type Steps } from '../stepwise.js';

export { COMPARE_DEFAULTS };

/**
 * Options of `compare`; every field has its default in `COMPARE_DEFAULTS`.
 *
 * @category Compare
 */
export type ComparisonOptions = Omit<CompareRunsOptions, 'ks' | 'pValues'> & {
  /** The k values (default: 1..min(10, the smaller of the runs' largest n)). */
  readonly ks?: readonly number[];
};

/**
 * The answer of one comparison (a candidate against the baseline), as `passk compare` words it.
 *
 * @category Compare
 */
export interface ComparisonAnswer {
  /** The candidate run's name. */
  readonly candidate: string;
  /** The headline k: the largest k at which no compared task is left out (null: none estimable). */
  readonly headlineK: number | null;
  /**
   * The verdict on the most telling metric (pass^k at the headline k, else the mean success):
   * `better`/`worse` when the interval excludes 0 and the test rejects, `intervalOnly`/`testOnly`
   * when only one does, `unclear` otherwise; null when that metric is not estimable.
   */
  readonly verdict: DifferenceVerdict | null;
  /** The verdict in a few words, the last line of `passk compare` ("B better on pass^5 (+7.5 pt …)"). */
  readonly summary: string;
  /** The answer in sentences, most telling first: pass^k and pass@k at the headline k, then the mean success. */
  readonly sentences: readonly string[];
}

/**
 * What `compare` returns: the comparisons of every run with the first (Holm-adjusted p-values when
 * there are several), the ks, and each comparison's answer in words.
 *
 * @category Compare
 */
export interface ComparisonResult extends ManyComparison {
  readonly ks: readonly number[];
  /** One answer per comparison, in the order of `comparisons`. */
  readonly answers: readonly ComparisonAnswer[];
}

/**
 * Is B better than A? Every run against the first, paired by task (unpaired when they share too
 * few tasks): per k the difference B − A of the task-averaged unbiased pass@k and pass^k and of the
 * mean success, with the task-population interval (paired-difference score interval), the
 * this-benchmark interval, a paired bootstrap and a sign-flip permutation p-value (Holm 1979 over
 * several candidates), and the verdict and sentences `passk compare` prints (docs/compare.md).
 *
 * @category Compare
 * @param runs - Two or more runs `{ name, tasks: [{ id, n, c }] }`; the first is the baseline.
 * @param options - ks, confidence, sides, bootstrap, seed, permutations, exactLimit, minOverlap (`COMPARE_DEFAULTS`).
 * @returns The comparisons with their answers (`ComparisonResult`).
 * @example
 * ```ts
 * import { compare } from '@passk/sim';
 * const ids = Array.from({ length: 20 }, (_, i) => `t${i}`);
 * const a = { name: 'A', tasks: ids.map((id, i) => ({ id, n: 4, c: i % 4 })) };
 * const b = { name: 'B', tasks: ids.map((id) => ({ id, n: 4, c: 4 })) };
 * const result = compare([a, b], { bootstrap: 0 });
 * console.log(result.answers[0].verdict); // → better
 * ```
 */
export function compare(runs: readonly Run[], options: ComparisonOptions = {}): ComparisonResult {
  return runSteps(compareSteps(runs, options));
}

/**
 * `compare` step by step (the bootstrap's replicates and the random sign patterns), for a caller
 * that shows progress or lets an interrupt in between steps (`runSteps` runs it to the end).
 *
 * @category Compare
 * @param runs - as `compare`.
 * @param options - as `compare`.
 * @returns The steps, whose value at the end is what `compare` returns.
 * @example
 * ```ts
 * import { compareSteps, runSteps } from '@passk/sim';
 * const a = { name: 'A', tasks: [{ id: 1, n: 2, c: 0 }, { id: 2, n: 2, c: 1 }] };
 * const b = { name: 'B', tasks: [{ id: 1, n: 2, c: 2 }, { id: 2, n: 2, c: 1 }] };
 * console.log(runSteps(compareSteps([a, b], { bootstrap: 0 })).ks); // → [ 1, 2 ]
 * ```
 */
export function* compareSteps(runs: readonly Run[], options: ComparisonOptions = {}): Steps<ComparisonResult> {
  requireList('runs', runs).forEach((run, i) => requireRun(`runs[${i}]`, run));
  requireObject('options', options);
  const ks = options.ks ?? defaultCompareKs(runs);
  const many = yield* compareManySteps(runs, { ...options, ks });
  return { ...many, ks, answers: answersOf(many) };
}

/** The default ks of a comparison: 1..min(10, the smaller of the runs' largest n). */
export function defaultCompareKs(runs: readonly Run[]): number[] {
  if (runs.length === 0) throw new InputError('runs', 'must list at least two runs (the first is the baseline)', 0);
  const maxN = runs.map((run) => run.tasks.reduce((a, task) => Math.max(a, task.n), 0));
  const top = Math.min(COMPARE_DEFAULTS.maxDefaultK, Math.min(...maxN));
  return Array.from({ length: Number.isInteger(top) && top > 0 ? top : 0 }, (_, i) => i + 1);
}

/** Each comparison's answer: its headline k, verdict, summary and sentences. */
export function answersOf(many: ManyComparison): ComparisonAnswer[] {
  const holm = many.correction === 'holm';
  return many.comparisons.map((comparison) => {
    const k = headlineK(comparison);
    const row = k === null ? undefined : comparison.rows.find((r) => r.k === k);
    const value = row?.passHatK ?? comparison.meanSuccess;
    return {
      candidate: comparison.candidate,
      headlineK: k,
      verdict: value ? verdict(value, comparison, holm) : null,
      summary: compareVerdict(comparison, holm),
      sentences: answerSentences(comparison, holm),
    };
  });
}
