import type { PilotReport, Summary, SummaryMetric } from '@passk/sim/internal';
import {
  BUDGET_METRICS,
  budgetTable,
  DELIVERY_METRICS,
  deliveryTable,
  pilotTable,
  PROCESS_METRICS,
  processTable,
  SPEND_METRICS,
  spendTable,
} from './summaryTables.js';
import { formatSimulated } from './estimateCells.js';
import { renderTable } from './table.js';
import type { TerminalPart, TerminalReport } from './terminalReport.js';
import type { ObservedFromLog } from './observedFromLog.js';
import { tasksFromNote, tasksFromTable } from './tasksFromTable.js';
import { terminalText } from './terminalText.js';
import { measuredDeliveryTable, measuredTasksLines, measuredVerifierLines, perfectVerifierTable, withInterval } from './summaryMeasured.js';

const CSV_METRICS: readonly SummaryMetric[] = [...PROCESS_METRICS, ...DELIVERY_METRICS, ...SPEND_METRICS, ...BUDGET_METRICS];

/** Text view of a simulation: the attempt process, what users get, what it costs; then the pilot, and the log of --tasks-from. */
export function formatSummary(summary: Summary, pilot: PilotReport | null, observed: ObservedFromLog | null = null): TerminalReport {
  const { scenario } = summary;
  const header = [
    `${terminalText(scenario.name ?? 'scenario')}: ${summary.tasks} tasks × ${summary.replicates.done} replicates = ${summary.episodes} episodes, seed ${String(summary.seed)}` +
      (summary.complete ? '' : ` — PARTIAL: ${summary.replicates.done} of ${summary.replicates.requested} replicates`),
    `policy ${scenario.policy.mode}${scenario.policy.mode === 'batches' ? ` of ${scenario.policy.batchSize}` : ''}, selector ${scenario.selector.kind}, ` +
      `retries ${scenario.attempts.correlation.model}, verifier ${scenario.verifier.perfect ? 'perfect' : scenario.verifier.measured ? 'measured' : 'imperfect'}. ` +
      'Simulated ±1 SE; "exact" is the closed form (— where none exists).',
    ...(measuredVerifierLines(scenario) ?? []).map(terminalText),
    ...(measuredTasksLines(scenario) ?? []).map(terminalText),
  ];
  const process = processTable(summary.rows);
  const delivery = deliveryTable(summary.rows);
  const spend = spendTable(summary.rows);
  const verifierMeasured = scenario.verifier.measured !== undefined;
  const tasksMeasured = scenario.tasks.measured !== undefined;
  const measured = verifierMeasured
    ? [measuredDeliveryTable(summary.rows, tasksMeasured ? 'both' : 'verifier'), perfectVerifierTable(scenario, summary.rows)]
    : tasksMeasured
      ? [measuredDeliveryTable(summary.rows, 'tasks')]
      : [];
  // The compact view: what users get and the attempt process; the costs per episode behind --wide.
  // A what-if from data answers with its intervals (the measured tables): the simulation's own
  // tables and the check against the log are then behind --wide too.
  const fromData = measured.some((table) => table !== null);
  const sections: TerminalPart[] = [
    { text: header.join('\n') },
    ...measured.filter((table) => table !== null).map((table) => ({ text: `${table.title}:\n${renderTable(table.columns, table.rows)}` })),
    { text: `The attempt process (the truth that pass@k and pass^k estimate):\n${renderTable(process.columns, process.rows)}`, wide: fromData },
    { text: `${delivery.title}:\n${renderTable(delivery.columns, delivery.rows)}`, wide: fromData },
    { text: `${spend.title}:\n${renderTable(spend.columns, spend.rows)}`, wide: true },
  ];
  const budget = budgetTable(summary.rows, scenario.policy.budget);
  if (budget) sections.push({ text: `${budget.title}:\n${renderTable(budget.columns, budget.rows)}` });
  if (pilot) sections.push({ text: formatPilot(pilot) });
  if (observed) {
    const table = tasksFromTable(observed, summary.rows);
    sections.push({ text: `${terminalText(table.title)}:\n${renderTable(table.columns, table.rows)}\n${tasksFromNote(scenario)}`, wide: fromData });
  }
  const notes = pilot
    ? [
        'pilot: unbiased: per-task C-ratio estimators averaged (±1 SE over tasks); plug-in: (c/n)^k per task; from mean p: the pooled rate put into 1 − (1 − p)^k and p^k.',
      ]
    : [];
  const body = sections.map((section, i) => ({ ...section, text: `${section.text}${i === sections.length - 1 ? '\n' : '\n\n'}` }));
  return { body, notes, verdict: simulateVerdict(summary) };
}

/**
 * The last line of a simulation: what users get at the largest attempt budget, ±1 SE, or with the
 * 95 % interval when measured parameters were drawn (a what-if from data: the data's uncertainty included;
 * `k=10*` when k is beyond what the log observed).
 * Example: `simulate: delivered correct at k=3 91.20% ±0.28, wrong 2.10% ±0.14`.
 */
export function simulateVerdict(summary: Summary): string {
  const row = summary.rows[summary.rows.length - 1];
  const partial = summary.complete ? '' : ` — PARTIAL (${summary.replicates.done} of ${summary.replicates.requested} replicates)`;
  if (row === undefined) return `simulate: no attempt budget simulated${partial}`;
  if (row.deliveredCorrect.interval !== undefined) {
    const k = row.basis === 'model' ? `${row.k}*` : `${row.k}`;
    return `simulate: k=${k} correct ${withInterval(row.deliveredCorrect, 'rate')}, wrong ${withInterval(row.deliveredWrong, 'rate')} (95 %)${partial}`;
  }
  return (
    `simulate: delivered correct at k=${row.k} ${formatSimulated(row.deliveredCorrect, 'rate')}, ` +
    `wrong ${formatSimulated(row.deliveredWrong, 'rate')}${partial}`
  );
}

function formatPilot(pilot: PilotReport): string {
  const table = pilotTable(pilot);
  return `${table.title}:\n${renderTable(table.columns, table.rows)}`;
}

/**
 * CSV: one row per k, value, se and exact for every metric. With --tasks-from (`observed`), then the
 * log's own values: for pass@k and pass^k, `observed_<metric>` (the unbiased task average), `_se` and
 * `_lower`, `_upper` (its task-population interval), empty at a k no task of the log reaches (k > n)
 * and where the log cannot give them (SE and interval with one task). Without it the columns are
 * not there, so the CSV of a plain simulation keeps its shape. With a measured verifier or tasks fitted to a log, last, each
 * metric's interval as `<metric>_lower` and `<metric>_upper`.
 */
export function summaryCsv(summary: Summary, observed: ObservedFromLog | null = null): string {
  const cell = (x: number | null | undefined) => (x === null || x === undefined ? '' : String(x));
  const header = ['k', ...CSV_METRICS.flatMap((m) => [m, `${m}_se`, `${m}_exact`])];
  if (observed) header.push(...OBSERVED_METRICS.flatMap((m) => OBSERVED_FIELDS.map((field) => `observed_${m}${field}`)));
  const measured = summary.scenario.verifier.measured !== undefined || summary.scenario.tasks.measured !== undefined;
  if (measured) header.push(...CSV_METRICS.flatMap((m) => [`${m}_lower`, `${m}_upper`]));
  const lines = summary.rows.map((row) => {
    const cells = [String(row.k), ...CSV_METRICS.flatMap((m) => [cell(row[m as 'cost'].value), cell(row[m as 'cost'].se), cell(row[m as 'cost'].exact)])];
    if (observed) {
      const log = observed.rows.find((r) => r.k === row.k);
      cells.push(
        ...OBSERVED_METRICS.flatMap((m) => {
          const metric = log?.[m];
          return [cell(metric?.value), cell(metric?.se), cell(metric?.interval?.lower), cell(metric?.interval?.upper)];
        }),
      );
    }
    if (measured) cells.push(...CSV_METRICS.flatMap((m) => [cell(row[m as 'cost'].interval?.lower), cell(row[m as 'cost'].interval?.upper)]));
    return cells.join(',');
  });
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

const OBSERVED_METRICS = ['passAtK', 'passHatK'] as const;
const OBSERVED_FIELDS = ['', '_se', '_lower', '_upper'] as const;
