import type { MetricComparison, RunComparison } from '@passk/sim/internal';
import { describeCoverage } from './describe.js';
import { displayWidth } from './displayWidth.js';
import { ESTIMAND_COLUMNS } from './estimandNotes.js';
import { metricName } from './compareAnswer.js';
import { formatPercent } from './percent.js';
import { formatPoints, formatPointsInterval } from './points.js';
import { formatPValue } from './pValue.js';
import type { Column, Table } from './table.js';

/**
 * One comparison as a table: a line per k and metric (pass@k, pass^k), then the mean per-attempt
 * success: tasks compared, each run's estimate, B − A with its SE, its interval for the task
 * population (CI (tasks)) and for this benchmark (CI (trials)), the p-value (Holm-adjusted beside it
 * when several runs are compared), and the bootstrap interval.
 */
export function runComparisonTable(comparison: RunComparison, holm: boolean): Table {
  const coverage = describeCoverage(comparison.confidence, comparison.sides);
  const paired = comparison.pairing.mode === 'paired';
  const columns: Column[] = [
    { header: 'k' },
    { header: 'metric', align: 'left' },
    { header: 'tasks' },
    { header: shortName(comparison.baseline, 'A') },
    { header: shortName(comparison.candidate, 'B') },
    { header: 'B − A' },
    { header: 'SE' },
    { header: paired ? ESTIMAND_COLUMNS.population : 'CI (tasks, unpaired)' },
    { header: ESTIMAND_COLUMNS.benchmark },
    { header: 'p' },
    ...(holm ? [{ header: 'p (Holm)' }] : []),
    ...(comparison.bootstrap ? [{ header: 'CI (bootstrap)' }] : []),
  ];
  const line = (k: string, label: string, tasks: string, metric: MetricComparison | null): string[] => [
    k,
    label,
    tasks,
    formatPercent(metric?.baseline.value ?? null),
    formatPercent(metric?.candidate.value ?? null),
    formatPoints(metric?.difference ?? null),
    formatPoints(metric?.se ?? null, 1, ' pt').replace(/^[+±]/, ''),
    metric?.interval ? formatPointsInterval(metric.interval.lower, metric.interval.upper) : '—',
    metric?.benchmark ? formatPointsInterval(metric.benchmark.lower, metric.benchmark.upper) : '—',
    formatPValue(metric?.pValue ?? null),
    ...(holm ? [metric?.adjustedPValue == null ? '—' : formatPValue({ ...metric.pValue!, value: metric.adjustedPValue })] : []),
    ...(comparison.bootstrap ? [metric?.bootstrap ? formatPointsInterval(metric.bootstrap.lower, metric.bootstrap.upper) : '—'] : []),
  ];
  const taskCount = (tasks: { baseline: number; candidate: number }) =>
    tasks.baseline === tasks.candidate ? String(tasks.baseline) : `${tasks.baseline}/${tasks.candidate}`;
  const rows = comparison.rows.flatMap((row) => [
    line(String(row.k), metricName('passAtK'), taskCount(row.tasks), row.passAtK),
    line('', metricName('passHatK'), taskCount(row.tasks), row.passHatK),
  ]);
  const meanTasks = paired
    ? comparison.pairing.tasks.common
    : comparison.pairing.tasks.baseline === comparison.pairing.tasks.candidate
      ? comparison.pairing.tasks.baseline
      : `${comparison.pairing.tasks.baseline}/${comparison.pairing.tasks.candidate}`;
  rows.push(line('', metricName('meanSuccess'), String(meanTasks), comparison.meanSuccess));
  return { title: `${comparison.candidate} against ${comparison.baseline}: ${coverage} intervals of B − A`, columns, rows };
}

/** Names wider than this (terminal columns) are shown as A and B in column headers (the lines above the table name them). */
const HEADER_NAME_LIMIT = 16;

export function shortName(name: string, letter: string): string {
  return displayWidth(name) <= HEADER_NAME_LIMIT ? name : letter;
}
