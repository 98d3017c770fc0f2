import type { PilotReport, Summary, SummaryRow } from '@passk/sim';
import { formatPercent } from '../format/percent.js';
import { formatExact, formatSimulated } from './formatEstimate.js';
import { html, type SafeHtml } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { PasskResult } from './reportInput.js';
import type { ResultSection } from './resultSection.js';

type Metric = 'coverage' | 'passHat' | 'deliveredCorrect' | 'deliveredWrong' | 'abstained' | 'attempts' | 'cost' | 'costPerCorrect' | 'latency';

/** `simulate --json` (or merge): what users get, what it costs, and, with a pilot, what the estimators would have said. */
export function simulateSection(result: PasskResult): ResultSection {
  const summary = result as unknown as Summary & { readonly pilot?: PilotReport };
  const { scenario } = summary;
  const name = scenario.name ?? 'scenario';
  const pair = (row: SummaryRow, metric: Metric, kind: 'rate' | 'amount') => {
    const estimate = row[metric];
    return estimate ? [formatSimulated(estimate, kind), formatExact(estimate, kind)] : ['—', '—'];
  };
  const columns = (names: readonly string[]) => [{ header: 'k' }, ...names.flatMap((header) => [{ header }, { header: 'exact' }])];
  const partial = summary.complete ? '' : ` — PARTIAL: ${summary.replicates.done} of ${summary.replicates.requested} replicates`;
  const policy = scenario.policy;
  const body = html`<p class="lead">${name}: ${summary.tasks} tasks × ${summary.replicates.done} replicates = ${summary.episodes} episodes, seed ${String(summary.seed)}${partial}.
Policy ${policy.mode}${policy.mode === 'batches' ? ` of ${policy.batchSize}` : ''} with up to ${policy.maxAttempts} attempts, selector ${scenario.selector.kind}, retries ${scenario.attempts.correlation.model}, verifier ${scenario.verifier.perfect ? 'perfect' : 'imperfect'}.</p>
${htmlTable(columns(['coverage (pass@k)', 'all correct (pass^k)']), summary.rows.map((r) => [r.k, ...pair(r, 'coverage', 'rate'), ...pair(r, 'passHat', 'rate')]), 'The attempt process: the truth that pass@k and pass^k estimate')}
${htmlTable(
  columns(['delivered correct', 'delivered wrong', 'abstained']),
  summary.rows.map((r) => [r.k, ...pair(r, 'deliveredCorrect', 'rate'), ...pair(r, 'deliveredWrong', 'rate'), ...pair(r, 'abstained', 'rate')]),
  'What users get with at most k attempts',
)}
${htmlTable(
  columns(['attempts', 'cost', 'cost per correct', 'latency']),
  summary.rows.map((r) => [r.k, ...pair(r, 'attempts', 'amount'), ...pair(r, 'cost', 'amount'), ...pair(r, 'costPerCorrect', 'amount'), ...pair(r, 'latency', 'amount')]),
  'What it costs per episode',
)}
${summary.pilot ? pilotTable(summary.pilot) : ''}`;
  const notes = [
    { label: 'Method', text: `Monte Carlo (${summary.method}, ${summary.path} sampler): ${summary.replicates.done} replicates of ${summary.tasks} tasks; values are simulated ±1 SE over replicates.` },
    { label: 'Exact', text: '"exact" is the closed form for the very tasks simulated; — where none exists.' },
    { label: 'Seed', text: `${String(summary.seed)} (the same seed gives the same numbers for any number of workers or shards)` },
  ];
  if (summary.pilot) {
    const pilot = summary.pilot;
    notes.push(
      { label: 'Pilot', text: `${pilot.trials} trials per task as ${pilot.design === 'separateEpisodes' ? 'separate runs' : 'the attempts of one episode'}, seed ${String(pilot.seed)}; mean rate ${formatPercent(pilot.meanRate)}.` },
      { label: 'Pilot estimators', text: 'unbiased: per-task C-ratio estimators averaged (±1 SE over tasks); plug-in: (c/n)^k per task; from mean p: the pooled rate put into 1 − (1 − p)^k and p^k.' },
    );
  }
  return { title: `Simulation: ${name}`, body, notes, scenario };
}

function pilotTable(pilot: PilotReport): SafeHtml {
  const design = pilot.design === 'separateEpisodes' ? 'separate runs' : 'the attempts of one episode';
  const estimate = (m: { value: number; se: number | null } | null) => (m ? `${formatPercent(m.value)}${m.se === null ? '' : ` ±${(m.se * 100).toFixed(1)}`}` : '—');
  return htmlTable(
    [
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
    pilot.rows.map((r) => [
      r.k,
      r.truth ? formatPercent(r.truth.coverage.value) : '—',
      estimate(r.passAtK),
      formatPercent(r.plugin?.passAtK ?? null),
      formatPercent(r.pooledIndependence.passAtK),
      r.truth ? formatPercent(r.truth.passHat.value) : '—',
      estimate(r.passHatK),
      formatPercent(r.plugin?.passHatK ?? null),
      formatPercent(r.pooledIndependence.passHatK),
    ]),
    `What a pilot of ${pilot.trials} trials per task (${design}) would have told you, beside the simulated truth`,
  );
}
