import { requireCounts } from '../checks.js';
import { requireKs, requireList, requireMeanIntervalOptions, requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { pairedDifferenceInterval, PopulationFits, type PairedTrials } from '../taskAverage/differenceInterval.js';
import type { MeanIntervalOptions } from '../taskAverage/populationInterval.js';
import { taskEstimate, type TaskMetric } from '../taskAverage/taskValues.js';
import { judgeCorrectedMean } from './judgeCorrectedMean.js';
import type { JudgedTask } from './judgeCorrectedEstimates.js';
import type { Interval } from '../intervals/interval.js';

/** One task run by both agents, each judged, and audited in either, both or neither. */
export interface JudgedPair {
  readonly a: JudgedTask;
  readonly b: JudgedTask;
}

/** A difference B − A with its interval, or null where nothing is estimable. */
export interface DifferenceEstimate {
  readonly estimate: number;
  readonly interval: Interval | null;
  /** Tasks compared (n ≥ k in both runs; for the audit, audited in both). */
  readonly tasks: number;
}

/** The judge-corrected difference of one metric at one k, with the judge-only and audit-only ones. */
export interface JudgedDifference {
  /** Prediction-powered over the per-task differences; null when no task audited in both runs has n ≥ k. */
  readonly corrected: (DifferenceEstimate & { readonly lambda: number; readonly se: number | null; readonly audited: number }) | null;
  /** The verdicts taken as the truth: `pairedDifferenceInterval` of the judge's counts. */
  readonly judgeOnly: DifferenceEstimate | null;
  /** The tasks audited in both runs alone: `pairedDifferenceInterval` of their true counts. */
  readonly auditOnly: DifferenceEstimate | null;
  /**
   * The verdict from the corrected interval: 'higher' (B − A above 0: its lower bound > 0), 'lower'
   * (upper bound < 0), else 'no difference shown'; null without an interval.
   */
  readonly verdict: 'higher' | 'lower' | 'no difference shown' | null;
}

/** One k of `judgeCorrectedDifference`: the judge-corrected difference B − A of pass@k and of pass^k. */
export interface JudgedDifferenceRow {
  readonly k: number;
  readonly passAtK: JudgedDifference;
  readonly passHatK: JudgedDifference;
}

/**
 * The judge-corrected paired difference B − A of the task-averaged pass@k and pass^k: prediction-
 * powered inference (`judgeCorrectedMean`) on the per-task differences, D^f_t = f_B,t − f_A,t from
 * the judge's verdicts on every common task and D^y_t = y_B,t − y_A,t from the truth on the tasks
 * audited in both runs, mapped to [0, 1] by (D + 1)/2 and back by 2x − 1 (the interval, the
 * estimate and 2·SE). Beside it the judge-only and audit-only paired differences
 * (`pairedDifferenceInterval`); with fewer than 10 doubly audited tasks the corrected interval
 * reaches at least as far as the audit-only one. Tasks with n < k in either run are left out at that k.
 * Verdict rule: B is 'higher' when the corrected interval lies above 0, 'lower' when below, else no
 * difference is shown (a two-sided interval at `confidence`: a test at level 1 − confidence).
 * Example: test/sim/judged/judgeCorrectedDifference.test.ts (test/reference/ppi.py).
 */
export function judgeCorrectedDifference(pairs: readonly JudgedPair[], ks: readonly number[], options: MeanIntervalOptions): JudgedDifferenceRow[] {
  requireList('pairs', pairs).forEach((pair, i) => {
    const { a, b } = requireObject(`pairs[${i}]`, pair);
    for (const [side, task] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const { n, c, truth } = requireObject(`pairs[${i}].${side}`, task);
      requireCounts(n, c, `pairs[${i}].${side}`);
      if (truth !== undefined) requireCounts(n, truth, `pairs[${i}].${side}.truth`);
    }
  });
  requireKs('ks', ks);
  requireMeanIntervalOptions('options', options);
  if (!pairs.some(({ a, b }) => a.truth !== undefined && b.truth !== undefined)) {
    throw new InputError('pairs', 'must have at least one task audited in both runs (truth given for both)', 0);
  }
  const judgeFits = new PopulationFits();
  const truthFits = new PopulationFits();
  const difference = (metric: TaskMetric, k: number): JudgedDifference => {
    const used = pairs.filter(({ a, b }) => a.n >= k && b.n >= k);
    const both = used.filter(({ a, b }) => a.truth !== undefined && b.truth !== undefined);
    const judged: PairedTrials[] = used.map(({ a, b }) => ({ a: { n: a.n, c: a.c }, b: { n: b.n, c: b.c } }));
    const truths: PairedTrials[] = both.map(({ a, b }) => ({ a: { n: a.n, c: a.truth! }, b: { n: b.n, c: b.truth! } }));
    const plain = (tasks: PairedTrials[], fits: PopulationFits): DifferenceEstimate | null => {
      if (tasks.length === 0) return null;
      const interval = pairedDifferenceInterval(tasks, metric, k, options, fits);
      const estimate = tasks.reduce((sum, { a, b }) => sum + taskEstimate(metric, b.n, b.c, k) - taskEstimate(metric, a.n, a.c, k), 0) / tasks.length;
      return { estimate, interval: interval && { lower: interval.lower, upper: interval.upper }, tasks: tasks.length };
    };
    const judgeOnly = plain(judged, judgeFits);
    const auditOnly = plain(truths, truthFits);
    if (both.length === 0) return { corrected: null, judgeOnly, auditOnly, verdict: null };
    const half = (x: number) => (x + 1) / 2;
    const values = used.map(({ a, b }) => {
      const judgedValue = half(taskEstimate(metric, b.n, b.c, k) - taskEstimate(metric, a.n, a.c, k));
      return a.truth !== undefined && b.truth !== undefined
        ? { judged: judgedValue, truth: half(taskEstimate(metric, b.n, b.truth, k) - taskEstimate(metric, a.n, a.truth, k)) }
        : { judged: judgedValue };
    });
    const audit = auditOnly?.interval;
    const mean = judgeCorrectedMean(values, {
      ...options,
      // No floor from θ(1 − θ): on (D + 1)/2 it is far above the trial noise of a difference (it
      // made pass@1 cover 99.4–99.6 % at twice the width needed); V = 0 falls back on the audit.
      floorRatio: 0,
      auditOnly: audit ? { lower: half(audit.lower), upper: half(audit.upper) } : null,
    });
    const interval = mean.interval && { lower: 2 * mean.interval.lower - 1, upper: 2 * mean.interval.upper - 1 };
    const verdict = interval === null ? null : interval.lower > 0 ? 'higher' : interval.upper < 0 ? 'lower' : 'no difference shown';
    return {
      corrected: {
        estimate: Math.min(1, Math.max(-1, 2 * mean.estimate - 1)),
        interval,
        tasks: used.length,
        lambda: mean.lambda,
        se: mean.se === null ? null : 2 * mean.se,
        audited: mean.audited,
      },
      judgeOnly,
      auditOnly,
      verdict,
    };
  };
  return ks.map((k) => ({ k, passAtK: difference('passAtK', k), passHatK: difference('passHatK', k) }));
}
