import { InputError } from '../errors.js';
import { requireList } from '../checkArgs.js';
import { compareRunsSteps, requireRun, type CompareRunsOptions, type MetricComparison, type RunComparison } from './compareRuns.js';
import { holmAdjust } from './holmAdjust.js';
import type { Run } from './runTasks.js';
import { runSteps, type Steps } from '../stepwise.js';

/** Several runs against the first (the baseline), with Holm-adjusted p-values. */
export interface ManyComparison {
  readonly baseline: string;
  /** One comparison per other run, in the order given. */
  readonly comparisons: readonly RunComparison[];
  /** How the p-values were adjusted: over the comparisons at the same k and metric. */
  readonly correction: 'none' | 'holm';
}

/**
 * `compareRuns(runs[0], runs[i])` for every other run. With more than one comparison, each
 * metric's p-values at a k are adjusted together by Holm's method (holmAdjust), so "some candidate
 * differs from the baseline" keeps its family-wise error rate; `adjustedPValue` holds the result.
 */
export function compareMany(runs: readonly Run[], options: CompareRunsOptions): ManyComparison {
  return runSteps(compareManySteps(runs, options));
}

/** `compareMany` step by step (the steps of each `compareRunsSteps` in turn). */
export function* compareManySteps(runs: readonly Run[], options: CompareRunsOptions): Steps<ManyComparison> {
  requireList('runs', runs).forEach((run, i) => requireRun(`runs[${i}]`, run));
  if (runs.length < 2) throw new InputError('runs', 'must list at least two runs (the first is the baseline)', runs.length);
  const names = new Set<string>();
  for (const run of runs) {
    if (names.has(run.name)) throw new InputError('runs', 'must have distinct names', run.name);
    names.add(run.name);
  }
  const comparisons: RunComparison[] = [];
  for (const run of runs.slice(1)) comparisons.push(yield* compareRunsSteps(runs[0]!, run, options));
  if (comparisons.length === 1) return { baseline: runs[0]!.name, comparisons, correction: 'none' };
  const adjust = (pick: (comparison: RunComparison) => MetricComparison | null): (number | null)[] => {
    const present = comparisons.map(pick).map((metric) => metric?.pValue?.value ?? null);
    const adjusted = holmAdjust(present.filter((p): p is number => p !== null));
    let next = 0;
    return present.map((p) => (p === null ? null : adjusted[next++]!));
  };
  const withAdjusted = (metric: MetricComparison | null, p: number | null): MetricComparison | null => (metric ? { ...metric, adjustedPValue: p } : null);
  const mean = adjust((comparison) => comparison.meanSuccess);
  const rowAdjusted = comparisons[0]!.rows.map((_, i) => ({
    at: adjust((comparison) => comparison.rows[i]!.passAtK),
    hat: adjust((comparison) => comparison.rows[i]!.passHatK),
  }));
  return {
    baseline: runs[0]!.name,
    correction: 'holm',
    comparisons: comparisons.map((comparison, j) => ({
      ...comparison,
      meanSuccess: withAdjusted(comparison.meanSuccess, mean[j]!)!,
      rows: comparison.rows.map((row, i) => ({
        ...row,
        passAtK: withAdjusted(row.passAtK, rowAdjusted[i]!.at[j]!),
        passHatK: withAdjusted(row.passHatK, rowAdjusted[i]!.hat[j]!),
      })),
    })),
  };
}
