import type { Summary, TaskAverageIntervalRow, TaskAverageRow } from '@passk/sim';
import { formatSimulated } from './estimateCells.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';

/** What `simulate --tasks-from` checks against its log: the observed task averages and their task-population intervals. */
export interface TasksFromCheck {
  readonly file: string;
  readonly observed: readonly TaskAverageRow[];
  readonly intervals: readonly TaskAverageIntervalRow[];
}

/**
 * `simulate --tasks-from` at k ≤ n: the log's unbiased pass@k and pass^k with their task-population
 * intervals beside the simulated values (± Monte Carlo SE). The simulation's ± is Monte Carlo
 * only; which tasks the log happened to hold is the interval's width, so a simulated value inside
 * the observed interval reproduces the log within the stated uncertainty.
 */
export function tasksFromTable(check: TasksFromCheck, summary: Summary): Table {
  const rows = check.observed.flatMap((observed, i) => {
    const row = summary.rows.find((r) => r.k === observed.k);
    if (!row || !observed.passAtK || !observed.passHatK) return [];
    const { passAtK, passHatK } = check.intervals[i]!;
    const inside = (value: number | null, bounds: { lower: number; upper: number } | null) =>
      value === null || bounds === null ? '—' : value >= bounds.lower && value <= bounds.upper ? 'yes' : 'no';
    return [
      [
        String(observed.k),
        formatPercent(observed.passAtK.value),
        passAtK.population ? formatPercentInterval(passAtK.population.lower, passAtK.population.upper) : '—',
        formatSimulated(row.coverage, 'rate'),
        inside(row.coverage.value, passAtK.population),
        formatPercent(observed.passHatK.value),
        passHatK.population ? formatPercentInterval(passHatK.population.lower, passHatK.population.upper) : '—',
        formatSimulated(row.passHat, 'rate'),
        inside(row.passHat.value, passHatK.population),
      ],
    ];
  });
  return {
    title: `The log (${check.file}) against the simulation, k ≤ n`,
    columns: [
      { header: 'k' },
      { header: 'observed pass@k' },
      { header: 'CI (tasks)' },
      { header: 'simulated' },
      { header: 'inside' },
      { header: 'observed pass^k' },
      { header: 'CI (tasks)' },
      { header: 'simulated' },
      { header: 'inside' },
    ],
    rows,
  };
}
