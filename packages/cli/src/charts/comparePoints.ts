import type { RunComparison } from '@passk/sim/internal';
import type { ResultDocumentOf } from '../results/resultSchemas.js';

/** Metric labels of the compare charts, in panel order. */
export const METRIC_PANELS = ['pass@k', 'pass^k'] as const;

/** One run's task average at k, with its CI (tasks) over the compared tasks (as `compare --json` records it). */
export interface RunPoint {
  readonly run: string;
  readonly metric: (typeof METRIC_PANELS)[number];
  readonly k: number;
  readonly value: number;
  readonly lower: number | null;
  readonly upper: number | null;
}

type Side = ResultDocumentOf<'passk.compare'>['comparisons'][number]['meanSuccess']['baseline'];

/**
 * Every run's curve: the baseline as estimated in the first comparison, each candidate from its
 * own; the band is the run's CI (tasks) over the compared tasks, the interval `estimate` prints
 * for the same tasks (never ±z·SE, whose coverage docs/uncertainty.md measures far below its level).
 */
export function runPoints(document: ResultDocumentOf<'passk.compare'>): RunPoint[] {
  const points: RunPoint[] = [];
  const add = (run: string, k: number, metric: RunPoint['metric'], side: Side) => {
    points.push({ run, metric, k, value: side.value, lower: side.interval?.lower ?? null, upper: side.interval?.upper ?? null });
  };
  document.comparisons.forEach((comparison, j) => {
    for (const row of comparison.rows) {
      for (const [metric, key] of [
        ['pass@k', 'passAtK'],
        ['pass^k', 'passHatK'],
      ] as const) {
        const value = row[key];
        if (value === null) continue;
        if (j === 0) add(comparison.baseline, row.k, metric, value.baseline);
        add(comparison.candidate, row.k, metric, value.candidate);
      }
    }
  });
  return points;
}

/** B − A of one comparison at k, with its interval for the task population (paired, or unpaired) and for this benchmark. */
export interface DifferencePoint {
  readonly comparison: string;
  readonly metric: (typeof METRIC_PANELS)[number];
  readonly k: number;
  readonly difference: number;
  /** The task-population interval (CI (tasks)). */
  readonly lower: number | null;
  readonly upper: number | null;
  /** The this-benchmark interval (CI (trials)). */
  readonly benchmarkLower: number | null;
  readonly benchmarkUpper: number | null;
  readonly p: number | null;
}

export function differencePoints(document: ResultDocumentOf<'passk.compare'>): DifferencePoint[] {
  return document.comparisons.flatMap((comparison) =>
    comparison.rows.flatMap((row) =>
      (
        [
          ['pass@k', row.passAtK],
          ['pass^k', row.passHatK],
        ] as const
      )
        .filter(([, value]) => value !== null)
        .map(([metric, value]) => ({
          comparison: comparisonName(comparison),
          metric,
          k: row.k,
          difference: value!.difference,
          lower: value!.interval?.lower ?? null,
          upper: value!.interval?.upper ?? null,
          benchmarkLower: value!.benchmark?.lower ?? null,
          benchmarkUpper: value!.benchmark?.upper ?? null,
          p: value!.adjustedPValue ?? value!.pValue?.value ?? null,
        })),
    ),
  );
}

/** "B − A" as a chart names it. */
export function comparisonName(comparison: RunComparison): string {
  return `${comparison.candidate} − ${comparison.baseline}`;
}
