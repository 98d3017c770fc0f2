import type { Estimate, PilotReport, Summary, SummaryMetric } from '@passk/sim';
import { formatPercent } from './percent.js';
import { renderTable } from './table.js';

const PROCESS: readonly SummaryMetric[] = ['coverage', 'passHat'];
const DELIVERY: readonly SummaryMetric[] = ['deliveredCorrect', 'deliveredWrong', 'abstained'];
const SPEND: readonly SummaryMetric[] = ['attempts', 'cost', 'costPerCorrect', 'latency'];
const CSV_METRICS: readonly SummaryMetric[] = [...PROCESS, ...DELIVERY, ...SPEND];

/** "58.23% ±0.06" for a probability; "3.142 ±0.004" for an amount. */
function simulated(estimate: Estimate, kind: 'rate' | 'amount'): string {
  const { value } = estimate;
  if (value === null) return '—';
  // A spread below 1e-9 of the value is rounding noise of a constant (e.g. a fixed cost): show 0.
  const spread = estimate.se === null ? null : estimate.se <= 1e-9 * Math.abs(value) ? 0 : estimate.se;
  const se = spread === null ? '' : ` ±${kind === 'rate' ? (spread * 100).toFixed(2) : significant(spread, 2)}`;
  return `${kind === 'rate' ? formatPercent(value, 2) : significant(value)}${se}`;
}

function exact(estimate: Estimate, kind: 'rate' | 'amount'): string {
  if (estimate.exact === null) return '—';
  return kind === 'rate' ? formatPercent(estimate.exact, 2) : significant(estimate.exact);
}

/** A number to `digits` significant digits (plain notation, no trailing zeros). */
function significant(value: number, digits = 4): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 10 ** digits) return value.toFixed(0);
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(20, decimals))).toString();
}

/** Text view of a simulation: the attempt process, what users get, what it costs; then the pilot. */
export function formatSummary(summary: Summary, pilot: PilotReport | null): string {
  const { scenario } = summary;
  const header = [
    `${scenario.name ?? 'scenario'}: ${summary.tasks} tasks × ${summary.replicates.done} replicates = ${summary.episodes} episodes, seed ${String(summary.seed)}` +
      (summary.complete ? '' : ` — PARTIAL: ${summary.replicates.done} of ${summary.replicates.requested} replicates`),
    `policy ${scenario.policy.mode}${scenario.policy.mode === 'batches' ? ` of ${scenario.policy.batchSize}` : ''}, selector ${scenario.selector.kind}, ` +
      `retries ${scenario.attempts.correlation.model}, verifier ${scenario.verifier.perfect ? 'perfect' : 'imperfect'}. ` +
      'Simulated ±1 SE; "exact" is the closed form (— where none exists).',
  ];
  const rows = summary.rows;
  const processTable = renderTable(
    [
      { header: 'k', align: 'right' },
      { header: 'coverage (pass@k)', align: 'right' },
      { header: 'exact', align: 'right' },
      { header: 'all correct (pass^k)', align: 'right' },
      { header: 'exact', align: 'right' },
    ],
    rows.map((r) => [String(r.k), simulated(r.coverage, 'rate'), exact(r.coverage, 'rate'), simulated(r.passHat, 'rate'), exact(r.passHat, 'rate')]),
  );
  const deliveryTable = renderTable(
    [
      { header: 'k', align: 'right' },
      { header: 'delivered correct', align: 'right' },
      { header: 'exact', align: 'right' },
      { header: 'delivered wrong', align: 'right' },
      { header: 'exact', align: 'right' },
      { header: 'abstained', align: 'right' },
      { header: 'exact', align: 'right' },
    ],
    rows.map((r) => [
      String(r.k),
      ...DELIVERY.flatMap((metric) => [simulated(r[metric as 'deliveredCorrect'], 'rate'), exact(r[metric as 'deliveredCorrect'], 'rate')]),
    ]),
  );
  const spendTable = renderTable(
    [
      { header: 'k', align: 'right' },
      { header: 'attempts', align: 'right' },
      { header: 'exact', align: 'right' },
      { header: 'cost', align: 'right' },
      { header: 'exact', align: 'right' },
      { header: 'cost per correct', align: 'right' },
      { header: 'exact', align: 'right' },
      { header: 'latency', align: 'right' },
      { header: 'exact', align: 'right' },
    ],
    rows.map((r) => [
      String(r.k),
      ...SPEND.flatMap((metric) => [simulated(r[metric as 'cost'], 'amount'), exact(r[metric as 'cost'], 'amount')]),
    ]),
  );
  const sections = [
    header.join('\n'),
    `The attempt process (the truth that pass@k and pass^k estimate):\n${processTable}`,
    `What users get with at most k attempts:\n${deliveryTable}`,
    `What it costs per episode:\n${spendTable}`,
  ];
  if (pilot) sections.push(formatPilot(pilot));
  return `${sections.join('\n\n')}\n`;
}

function formatPilot(pilot: PilotReport): string {
  const design = pilot.design === 'separateEpisodes' ? 'separate runs' : 'the attempts of one episode';
  const table = renderTable(
    [
      { header: 'k', align: 'right' },
      { header: 'true pass@k', align: 'right' },
      { header: 'unbiased', align: 'right' },
      { header: 'plug-in', align: 'right' },
      { header: 'from mean p', align: 'right' },
      { header: 'true pass^k', align: 'right' },
      { header: 'unbiased', align: 'right' },
      { header: 'plug-in', align: 'right' },
      { header: 'from mean p', align: 'right' },
    ],
    pilot.rows.map((r) => {
      const est = (m: { value: number; se: number | null } | null) => (m ? `${formatPercent(m.value)}${m.se === null ? '' : ` ±${(m.se * 100).toFixed(1)}`}` : '—');
      return [
        String(r.k),
        r.truth ? formatPercent(r.truth.coverage.value) : '—',
        est(r.passAtK),
        formatPercent(r.plugin?.passAtK ?? null),
        formatPercent(r.pooledIndependence.passAtK),
        r.truth ? formatPercent(r.truth.passHat.value) : '—',
        est(r.passHatK),
        formatPercent(r.plugin?.passHatK ?? null),
        formatPercent(r.pooledIndependence.passHatK),
      ];
    }),
  );
  return (
    `What a pilot of ${pilot.trials} trials per task (${design}) would have told you, beside the simulated truth:\n${table}\n` +
    'unbiased: per-task C-ratio estimators averaged (±1 SE over tasks); plug-in: (c/n)^k per task; from mean p: the pooled rate put into 1 − (1 − p)^k and p^k.'
  );
}

/** CSV: one row per k, value, se and exact for every metric. */
export function summaryCsv(summary: Summary): string {
  const header = ['k', ...CSV_METRICS.flatMap((m) => [m, `${m}_se`, `${m}_exact`])];
  const cell = (x: number | null) => (x === null ? '' : String(x));
  const lines = summary.rows.map((row) =>
    [String(row.k), ...CSV_METRICS.flatMap((m) => [cell(row[m as 'cost'].value), cell(row[m as 'cost'].se), cell(row[m as 'cost'].exact)])].join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}
