import { requireCounts } from '../checks.js';
import { requireKs, requireList, requireMeanIntervalOptions, requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import { averageOverTasks, type TaskTrials } from '../estimators/taskAverage.js';
import { taskAverageIntervals } from '../taskAverage/taskAverageIntervals.js';
import type { MeanIntervalOptions } from '../taskAverage/populationInterval.js';
import { taskEstimate, type TaskMetric } from '../taskAverage/taskValues.js';
import { judgeCorrectedMean, type JudgeCorrectedMean } from './judgeCorrectedMean.js';
import type { Interval } from '../intervals/interval.js';

/** One task of a judged log: n attempts, c of them accepted by the judge; on an audited task, `truth` of the same n attempts truly correct. */
export interface JudgedTask {
  readonly n: number;
  /** Attempts the judge accepted. */
  readonly c: number;
  /** Attempts truly correct (the audit), on the same n attempts; absent when not audited. */
  readonly truth?: number;
}

/** A task average and its population interval (`taskAverageIntervals`), or null where nothing is estimable. */
export interface PlainEstimate {
  readonly estimate: number;
  readonly interval: Interval | null;
  /** Tasks averaged over (n ≥ k). */
  readonly tasks: number;
}

/** One metric at one k: the judge-corrected estimate beside the judge-only and audit-only ones. */
export interface JudgedMetric {
  /** Prediction-powered (`judgeCorrectedMean`); null when no audited task has n ≥ k. */
  readonly corrected: JudgeCorrectedMean | null;
  /** The judge's verdicts taken as the truth (what `estimate` reports without --truth-col). */
  readonly judgeOnly: PlainEstimate | null;
  /** The truth on the audited tasks alone. */
  readonly auditOnly: PlainEstimate | null;
}

/** One k of `judgeCorrectedEstimates`: the judge-corrected pass@k and pass^k, each beside its judge-only and audit-only estimates. */
export interface JudgedRow {
  readonly k: number;
  readonly passAtK: JudgedMetric;
  readonly passHatK: JudgedMetric;
}

/** `judgeCorrectedEstimates` in words, for output notes and JSON. */
export const JUDGE_CORRECTED_METHOD =
  "prediction-powered inference over tasks (PPI++: Angelopoulos et al. 2023, 2024): the judge's per-task estimates on all tasks plus the mean correction (truth − λ·judge) on the audited tasks, λ power-tuned; score interval with the t quantile at audited − 2 df";

/**
 * Judge-corrected task-average pass@k and pass^k, per k: each task's unbiased estimate from the
 * judge's verdicts (f_t, every task) and from the truth (y_t, audited tasks, the same attempts),
 * combined by `judgeCorrectedMean`; beside it the judge-only estimate (f_t taken as the truth, with
 * the population interval of `taskAverageIntervals`) and the audit-only one (y_t of the audited
 * tasks alone, same interval). Tasks with n < k are left out at that k.
 * Example: test/sim/judged/judgeCorrectedEstimates.test.ts (test/reference/ppi.py).
 */
export function judgeCorrectedEstimates(tasks: readonly JudgedTask[], ks: readonly number[], options: MeanIntervalOptions): JudgedRow[] {
  requireList('tasks', tasks).forEach((task, i) => {
    const { n, c, truth } = requireObject(`tasks[${i}]`, task);
    requireCounts(n, c, `tasks[${i}]`);
    if (truth !== undefined) requireCounts(n, truth, `tasks[${i}].truth`);
  });
  requireKs('ks', ks);
  requireMeanIntervalOptions('options', options);
  const audited = tasks.filter((task) => task.truth !== undefined);
  if (tasks.length === 0) throw new InputError('tasks', 'must contain at least one task', 0);
  if (audited.length === 0) throw new InputError('tasks', 'must have at least one audited task (truth given)', 0);
  const judged: TaskTrials[] = tasks.map(({ n, c }) => ({ n, c }));
  const truths: TaskTrials[] = audited.map(({ n, truth }) => ({ n, c: truth! }));
  const plain = (counts: TaskTrials[]) => {
    const averages = averageOverTasks(counts, ks);
    const intervals = taskAverageIntervals(counts, ks, options);
    return (metric: TaskMetric, i: number): PlainEstimate | null => {
      const mean = averages[i]![metric];
      return mean === null ? null : { estimate: mean.value, interval: intervals[i]![metric].population, tasks: averages[i]!.estimableTasks };
    };
  };
  const judgeOnly = plain(judged);
  const auditOnly = plain(truths);
  const maxN = tasks.reduce((most, task) => Math.max(most, task.n), 1);
  const metric = (name: TaskMetric, k: number, i: number): JudgedMetric => {
    const used = tasks.filter((task) => task.n >= k);
    const audit = auditOnly(name, i);
    const corrected = used.some((task) => task.truth !== undefined)
      ? judgeCorrectedMean(
          used.map(({ n, c, truth }) =>
            truth === undefined ? { judged: taskEstimate(name, n, c, k) } : { judged: taskEstimate(name, n, c, k), truth: taskEstimate(name, n, truth, k) },
          ),
          { confidence: options.confidence, sides: options.sides, floorRatio: 1 / maxN, auditOnly: audit?.interval ?? null },
        )
      : null;
    return { corrected, judgeOnly: judgeOnly(name, i), auditOnly: audit };
  };
  return ks.map((k, i) => ({ k, passAtK: metric('passAtK', k, i), passHatK: metric('passHatK', k, i) }));
}
