import type { ComparePlan, DemonstratePlan } from '@passk/sim';
import type { Table } from './table.js';

/** `plan demonstrate`: the runs needed for each number of failures allowed. */
export function demonstrateTable(plan: DemonstratePlan): Table {
  return {
    title: 'Runs needed for each number of failures allowed',
    columns: [{ header: 'failures allowed' }, { header: 'runs needed' }],
    rows: plan.byFailures.map((row) => [String(row.failures), String(row.runs)]),
  };
}

/** `plan compare`: the tasks (and attempts) needed for each number of trials per task. */
export function compareTable(plan: ComparePlan): Table {
  return {
    title: 'Tasks needed for each number of trials per task',
    columns: [{ header: 'trials per task' }, { header: 'sd of difference' }, { header: 'tasks needed' }, { header: 'attempts (both agents)' }],
    rows: plan.rows.map((row) => [String(row.trials), row.sdDifference.toFixed(4), String(row.tasks), String(row.attempts)]),
  };
}
