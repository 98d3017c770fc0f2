import { describeCoverage } from './describe.js';
import type { FileEstimate } from './fileEstimateOutput.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';

type Bounds = { readonly lower: number; readonly upper: number } | null | undefined;

/** `estimate FILE` per k: task-averaged pass@k and pass^k with the SE and bootstrap intervals and the plug-in values. */
export function fileEstimateTable(result: FileEstimate): Table {
  const { tasks, uncertainty } = result;
  const bounds = (b: Bounds) => (b ? formatPercentInterval(b.lower, b.upper) : '—');
  return {
    title: `Task-averaged estimates with ${describeCoverage(uncertainty.confidence, uncertainty.sides)} intervals`,
    columns: [
      { header: 'k' },
      { header: 'tasks' },
      { header: 'pass@k' },
      { header: 'CI (SE)' },
      { header: 'CI (bootstrap)' },
      { header: 'plug-in' },
      { header: 'pass^k' },
      { header: 'CI (SE)' },
      { header: 'CI (bootstrap)' },
      { header: 'plug-in' },
    ],
    rows: result.rows.map((row) => [
      String(row.k),
      row.notEstimableTasks > 0 ? `${row.estimableTasks}/${tasks}` : String(tasks),
      formatPercent(row.passAtK, 2),
      bounds(row.interval.passAtK),
      bounds(row.bootstrap?.passAtK),
      formatPercent(row.plugin?.passAtK ?? null),
      formatPercent(row.passHatK, 2),
      bounds(row.interval.passHatK),
      bounds(row.bootstrap?.passHatK),
      formatPercent(row.plugin?.passHatK ?? null),
    ]),
  };
}
