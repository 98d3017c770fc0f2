import { averageOverTasks, ESTIMAND_METHODS, taskAverageIntervals, type TaskTrials } from '@passk/sim/internal';
import { documentInterval } from '../results/intervalSchema.js';
import type { Interval, LabelledInterval } from '@passk/sim/internal';

/** One metric of the log at one k: the task-averaged unbiased estimate, its clustered SE and its task-population interval. */
export interface ObservedMetric {
  readonly value: number;
  readonly se: number | null;
  readonly interval: LabelledInterval | null;
}

/** What `simulate --tasks-from` sets beside the simulation: the log's own pass@k and pass^k at every k ≤ n. */
export interface ObservedFromLog {
  readonly file: string;
  readonly rows: readonly {
    readonly k: number;
    readonly estimableTasks: number;
    readonly passAtK: ObservedMetric;
    readonly passHatK: ObservedMetric;
  }[];
}

/**
 * The log's unbiased pass@k and pass^k averaged over its tasks (`averageOverTasks`: SE over tasks)
 * with the task-population interval at `confidence` (`taskAverageIntervals`, two-sided), the
 * estimand a simulation that draws its tasks afresh from the fit reproduces. ks with no task of
 * n ≥ k are left out.
 */
export function observedFromLog(file: string, tasks: readonly TaskTrials[], ks: readonly number[], confidence: number): ObservedFromLog {
  const averages = averageOverTasks(tasks, ks);
  const intervals = taskAverageIntervals(tasks, ks, { confidence, sides: 2 });
  const metric = (mean: { value: number; se: number | null }, bounds: Interval | null): ObservedMetric => ({
    value: mean.value,
    se: mean.se,
    interval: bounds && documentInterval(bounds, confidence, ESTIMAND_METHODS.population),
  });
  const rows = averages.flatMap((row, i) =>
    row.passAtK && row.passHatK
      ? [
          {
            k: row.k,
            estimableTasks: row.estimableTasks,
            passAtK: metric(row.passAtK, intervals[i]!.passAtK.population),
            passHatK: metric(row.passHatK, intervals[i]!.passHatK.population),
          },
        ]
      : [],
  );
  return { file, rows };
}
