import { describeCoverage } from './describe.js';
import { ESTIMAND_COLUMNS } from './estimandNotes.js';
import type { FileEstimate } from './fileEstimate.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';
import type { Interval } from '@passk/sim/internal';

/**
 * `estimate FILE` per k: task-averaged pass@k and pass^k, each with its interval for the task
 * population (CI (tasks)) and for this benchmark (CI (trials)), the bootstrap interval when it ran,
 * and the plug-in values.
 */
export function fileEstimateTable(result: FileEstimate): Table {
  const { tasks, uncertainty } = result;
  const bounds = (b: Interval | null | undefined) => (b ? formatPercentInterval(b.lower, b.upper) : '—');
  const withBootstrap = uncertainty.bootstrap !== null;
  const metric = (header: string, key: 'passAtK' | 'passHatK') => [
    { header, cell: (row: FileEstimate['rows'][number]) => formatPercent(row[key], 2) },
    { header: ESTIMAND_COLUMNS.population, cell: (row: FileEstimate['rows'][number]) => bounds(row.interval[key]) },
    { header: ESTIMAND_COLUMNS.benchmark, cell: (row: FileEstimate['rows'][number]) => bounds(row.benchmark[key]) },
    ...(withBootstrap ? [{ header: 'CI (bootstrap)', cell: (row: FileEstimate['rows'][number]) => bounds(row.bootstrap?.[key]) }] : []),
    { header: 'plug-in', cell: (row: FileEstimate['rows'][number]) => formatPercent(row.plugin?.[key] ?? null) },
  ];
  const columns = [...metric('pass@k', 'passAtK'), ...metric('pass^k', 'passHatK')];
  return {
    title: `Task-averaged estimates with ${describeCoverage(uncertainty.confidence, uncertainty.sides)} intervals`,
    columns: [{ header: 'k' }, { header: 'tasks' }, ...columns.map(({ header }) => ({ header }))],
    rows: result.rows.map((row) => [
      String(row.k),
      row.notEstimableTasks > 0 ? `${row.estimableTasks}/${tasks}` : String(tasks),
      ...columns.map(({ cell }) => cell(row)),
    ]),
  };
}
