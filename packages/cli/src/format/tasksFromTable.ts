import { formatSimulated } from './estimateCells.js';
import type { ObservedFromLog, ObservedMetric } from './observedFromLog.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import type { Table } from './table.js';

type Simulated = { readonly value: number | null; readonly se: number | null; readonly exact: number | null };

/**
 * `simulate --tasks-from` at k ≤ n: the log's unbiased pass@k and pass^k with their task-population
 * intervals beside the simulated values (± Monte Carlo SE). The simulation's ± is Monte Carlo
 * only; which tasks the log happened to hold is the interval's width, so a simulated value inside
 * the observed interval reproduces the log within the stated uncertainty. For the text, the
 * report and any other view of a simulate document with `observed`.
 */
export function tasksFromTable(
  observed: ObservedFromLog,
  rows: readonly { readonly k: number; readonly coverage: Simulated; readonly passHatK: Simulated }[],
): Table {
  const cells = (metric: ObservedMetric, simulated: Simulated) => [
    formatPercent(metric.value),
    metric.interval ? formatPercentInterval(metric.interval.lower, metric.interval.upper) : '—',
    formatSimulated(simulated, 'rate'),
    simulated.value === null || metric.interval === null
      ? '—'
      : simulated.value >= metric.interval.lower && simulated.value <= metric.interval.upper
        ? 'yes'
        : 'no',
  ];
  const table = observed.rows.flatMap((row) => {
    const simulated = rows.find((r) => r.k === row.k);
    return simulated ? [[String(row.k), ...cells(row.passAtK, simulated.coverage), ...cells(row.passHatK, simulated.passHatK)]] : [];
  });
  return {
    title: `The log (${observed.file}) against the simulation, k ≤ n`,
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
    rows: table,
  };
}

/** What the table's two columns of uncertainty mean, and what the what-if kept from the log and what it did not. */
export function tasksFromNote(scenario: {
  readonly verifier: { readonly perfect: boolean };
  readonly tasks?: { readonly measured?: object };
  readonly attempts: {
    readonly cost: { readonly dist: string };
    readonly latency: { readonly dist: string };
    readonly correlation?: { readonly model: string };
  };
}): string {
  const fromLog = (amount: { readonly dist: string }) => amount.dist === 'empirical';
  const { cost, latency } = scenario.attempts;
  const amounts =
    fromLog(cost) && fromLog(latency)
      ? 'cost and latency per attempt from the log (the empirical distribution of its amounts)'
      : fromLog(cost) || fromLog(latency)
        ? `${fromLog(cost) ? 'cost' : 'latency'} per attempt from the log (empirical), ${fromLog(cost) ? 'latency' : 'cost'} the scenario's assumption (not measured)`
        : "cost and latency per attempt are the scenario's assumptions, not measured (the log has none)";
  const drawn =
    scenario.tasks?.measured === undefined
      ? "Simulated: tasks drawn afresh from the fit every replicate, so its ± includes the draw of the tasks; the log's own " +
        'uncertainty (which tasks it holds) is its CI (tasks), docs/uncertainty.md.'
      : "Simulated: the population refitted per block to a bootstrap resample of the log's tasks; ± is Monte Carlo alone, " +
        "the intervals above include the fit's uncertainty, as the log's CI (tasks) does (docs/what-ifs.md).";
  return (
    `${drawn}${scenario.tasks?.measured === undefined ? ' ' : '\n'}${attemptsNote(scenario.attempts.correlation?.model)}; ` +
    `${scenario.verifier.perfect ? 'no verifier errors (none are in the log)' : "the scenario's imperfect verifier"}; ${amounts}.`
  );
}

/** How the attempts of the what-if depend on each other: as fitted to the log's episodes, or independent given the task. */
function attemptsNote(model: string | undefined): string {
  return model === undefined || model === 'independent'
    ? 'Attempts independent given the task (as fitted)'
    : `Attempts ${model} (fitted to the log's episodes)`;
}
