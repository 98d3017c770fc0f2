import { precisionPilotAnswers, precisionPilotLead, precisionPilotTable } from '../format/planPrecisionPilotOutput.js';
import { metricLabel } from '../format/metricLabel.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `plan precision --pilot --json`: tasks × trials for CI (tasks) at a half-width, from a pilot's resampled tasks. */
export function planPrecisionPilotSection(plan: ResultDocumentOf<'passk.plan.precision-pilot'>): ResultSection {
  const table = precisionPilotTable(plan);
  const body = html`<p class="lead">${precisionPilotLead(plan)} ${precisionPilotAnswers(plan).join(' ')}</p>
${htmlTable(table.columns, table.rows, table.title)}`;
  return {
    title: `Plan from a pilot: ${metricLabel(plan.metric, plan.k)} to ±${plan.halfWidth}`,
    body,
    notes: [
      { label: 'Method', text: `${plan.method}.` },
      { label: 'Pilot', text: `${plan.source.name}: ${plan.source.file} (${plan.source.tasks} tasks)` },
      { label: 'Simulated assurance', text: `${plan.simulation.datasets} benchmarks per size, seed ${plan.simulation.seed} (± its binomial SE)` },
      ...(plan.costs === null ? [] : [{ label: 'Cost per attempt', text: `${plan.costs.perAttempt.toPrecision(4)} (${plan.costs.from})` }]),
    ],
    scenario: null,
  };
}
