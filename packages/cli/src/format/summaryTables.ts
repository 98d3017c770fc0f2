import type { PilotReport, SummaryMetric, SummaryRow } from '@passk/sim/internal';
import { type EstimateKind, formatExact, formatSimulated } from './estimateCells.js';
import { formatPercent } from './percent.js';
import type { Column, Table } from './table.js';

// The tables of a simulation: per k, each metric simulated ±1 SE beside its closed form.

/** The metrics of each table, in column order. */
export const PROCESS_METRICS: readonly SummaryMetric[] = ['coverage', 'passHatK'];
export const DELIVERY_METRICS: readonly SummaryMetric[] = ['deliveredCorrect', 'deliveredWrong', 'abstained'];
export const SPEND_METRICS: readonly SummaryMetric[] = ['attempts', 'cost', 'costPerCorrect', 'latency'];

/** k, then a (simulated, exact) pair of columns per metric. */
function pairColumns(headers: readonly string[]): Column[] {
  return [{ header: 'k' }, ...headers.flatMap((header) => [{ header }, { header: 'exact' }])];
}

/** A k beyond the log's trials (row.basis model, `simulate --tasks-from`) is marked `k*`: model-based, not observed. */
export function kLabel(row: Pick<SummaryRow, 'k' | 'basis'>): string {
  return row.basis === 'model' ? `${row.k}*` : String(row.k);
}

/** The row for one k: the simulated value and the closed form of each metric ("—" for a metric the result lacks). */
function pairRow(row: SummaryRow, metrics: readonly SummaryMetric[], kind: EstimateKind): string[] {
  return [
    kLabel(row),
    ...metrics.flatMap((metric) => {
      const estimate = row[metric] as SummaryRow[SummaryMetric] | undefined;
      return estimate ? [formatSimulated(estimate, kind), formatExact(estimate, kind)] : ['—', '—'];
    }),
  ];
}

/** The attempt process: coverage (pass@k) and all correct (pass^k). */
export function processTable(rows: readonly SummaryRow[]): Table {
  return {
    title: 'The attempt process: the truth that pass@k and pass^k estimate',
    columns: pairColumns(['coverage (pass@k)', 'all correct (pass^k)']),
    rows: rows.map((row) => pairRow(row, PROCESS_METRICS, 'rate')),
  };
}

/** What users get: delivered correct, delivered wrong, abstained. */
export function deliveryTable(rows: readonly SummaryRow[]): Table {
  return {
    title: 'What users get with at most k attempts',
    columns: pairColumns(['delivered correct', 'delivered wrong', 'abstained']),
    rows: rows.map((row) => pairRow(row, DELIVERY_METRICS, 'rate')),
  };
}

/** What it costs: attempts, cost, cost per correct, latency. */
export function spendTable(rows: readonly SummaryRow[]): Table {
  return {
    title: 'What it costs per episode',
    columns: pairColumns(['attempts', 'cost', 'cost per correct', 'latency']),
    rows: rows.map((row) => pairRow(row, SPEND_METRICS, 'amount')),
  };
}

/** The over-cap figures, per cap of the budget: P(over) and the mean overshoot max(0, amount − cap). */
export const BUDGET_METRICS: readonly SummaryMetric[] = ['costOverCap', 'costOvershoot', 'latencyOverCap', 'latencyOvershoot'];

/**
 * How often episodes end above the caps of `budget` and by how much on average (engine semantics,
 * "Budgets"), or null without a cap. Soft caps are checked before each attempt, so the last attempt
 * may pass them; hard caps cut that attempt off (the figures are then 0).
 */
export function budgetTable(rows: readonly SummaryRow[], budget: { cost: number | null; latency: number | null; mode: 'soft' | 'hard' }): Table | null {
  const caps = [
    ...(budget.cost === null ? [] : [{ header: `P(cost > ${budget.cost})`, metrics: ['costOverCap', 'costOvershoot'] as const }]),
    ...(budget.latency === null ? [] : [{ header: `P(latency > ${budget.latency})`, metrics: ['latencyOverCap', 'latencyOvershoot'] as const }]),
  ];
  if (caps.length === 0) return null;
  const rule =
    budget.mode === 'soft'
      ? 'soft: checked before each attempt, which then runs in full'
      : 'hard: an attempt that would cross a cap is cut off there and not accepted';
  return {
    title: `Over the budget (${rule})`,
    columns: pairColumns(caps.flatMap((cap) => [cap.header, 'mean overshoot'])),
    rows: rows.map((row) => [
      kLabel(row),
      ...caps.flatMap((cap) => [
        formatSimulated(row[cap.metrics[0]], 'rate'),
        formatExact(row[cap.metrics[0]], 'rate'),
        formatSimulated(row[cap.metrics[1]], 'amount'),
        formatExact(row[cap.metrics[1]], 'amount'),
      ]),
    ]),
  };
}

/** The pilot: what the usual estimators would have said per k, beside the simulated truth. */
export function pilotTable(pilot: PilotReport): Table {
  const design = pilot.design === 'separateEpisodes' ? 'separate runs' : 'the attempts of one episode';
  const estimate = (m: { value: number; se: number | null } | null) =>
    m ? `${formatPercent(m.value)}${m.se === null ? '' : ` ±${(m.se * 100).toFixed(1)}`}` : '—';
  return {
    title: `What a pilot of ${pilot.trials} trials per task (${design}) would have told you, beside the simulated truth`,
    columns: [
      { header: 'k' },
      { header: 'true pass@k' },
      { header: 'unbiased' },
      { header: 'plug-in' },
      { header: 'from mean p' },
      { header: 'true pass^k' },
      { header: 'unbiased' },
      { header: 'plug-in' },
      { header: 'from mean p' },
    ],
    rows: pilot.rows.map((r) => [
      String(r.k),
      r.truth ? formatPercent(r.truth.coverage.value) : '—',
      estimate(r.passAtK),
      formatPercent(r.plugin?.passAtK ?? null),
      formatPercent(r.pooledIndependence.passAtK),
      r.truth ? formatPercent(r.truth.passHatK.value) : '—',
      estimate(r.passHatK),
      formatPercent(r.plugin?.passHatK ?? null),
      formatPercent(r.pooledIndependence.passHatK),
    ]),
  };
}
