import type { ComparePlan, DemonstratePlan } from '@passk/sim/internal';
import { metricLabel } from './metricLabel.js';
import { formatPercent } from './percent.js';
import type { Table } from './table.js';

/** `plan demonstrate`: the runs needed for each number of failures allowed. */
export function demonstrateTable(plan: Pick<DemonstratePlan, 'k' | 'byFailures'> & { readonly power?: DemonstratePlan['power'] }): Table {
  return {
    title: 'Runs needed for each number of failures allowed',
    columns: [
      { header: 'failures allowed' },
      { header: 'runs needed' },
      ...(plan.power?.at == null ? [] : [{ header: `P(pass) at ${metricLabel('passHatK', plan.k)} = ${formatPercent(plan.power.at)}` }]),
    ],
    rows: plan.byFailures.map((row) => [String(row.failures), String(row.runs), ...(row.powerAt === undefined ? [] : [formatPercent(row.powerAt)])]),
  };
}

/** `plan compare`: the tasks (and attempts) needed for each number of trials per task: the z-test's guess and the tasks compare's verdict needs. */
export function compareTable(plan: ComparePlan): Table {
  return {
    title: 'Tasks needed for each number of trials per task',
    columns: [
      { header: 'trials per task' },
      { header: 'sd of difference' },
      { header: 'z-test tasks' },
      { header: 'tasks needed' },
      { header: 'attempts (both agents)' },
      { header: 'simulated power' },
    ],
    rows: plan.rows.map((row) => [
      String(row.trials),
      row.sdDifference.toFixed(4),
      String(row.zTestTasks),
      String(row.tasks),
      String(row.attempts),
      simulated(row.simulatedPower),
    ]),
  };
}

/** `plan compare`: power at the first row's size when the gain is more or less uneven across tasks. */
export function powerTable(plan: ComparePlan): Table {
  return {
    title: 'Power at that size by how uneven the gain is',
    columns: [{ header: 'gain spread (sd of log-odds gain)' }, { header: 'power (normal theory)' }, { header: 'simulated power' }],
    rows: plan.powerByGainSpread.map((row) => [
      `${row.gainSpread}${row.gainSpread === plan.gainSpread ? ' (planned)' : ''}`,
      formatPercent(row.power),
      simulated(row.simulatedPower),
    ]),
  };
}

function simulated(power: { readonly value: number; readonly se: number } | null): string {
  return power === null ? '—' : `${formatPercent(power.value)} ±${(100 * power.se).toFixed(1)}`;
}
