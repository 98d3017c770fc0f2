import { pilotPlanAnswers, pilotPlanLead, pilotPlanTable } from '../format/planComparePilotOutput.js';
import { metricLabel } from '../format/metricLabel.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `plan compare --pilot --json`: tasks × trials for compare's verdict, from a pilot's resampled tasks. */
export function planComparePilotSection(plan: ResultDocumentOf<'passk.plan.compare-pilot'>): ResultSection {
  const table = pilotPlanTable(plan);
  const answers = pilotPlanAnswers(plan);
  const body = html`<p class="lead">${pilotPlanLead(plan)} ${answers.join(' ')}</p>
${htmlTable(table.columns, table.rows, table.title)}`;
  return {
    title: `Plan from a pilot: compare two agents on ${metricLabel(plan.metric, plan.k)}`,
    body,
    notes: [
      { label: 'Method', text: `${plan.method}.` },
      { label: 'Pilot', text: plan.sources.map((source) => `${source.name}: ${source.file} (${source.tasks} tasks)`).join('; ') },
      {
        label: 'Simulated power',
        text: `${plan.simulation.datasets} experiments per size, seed ${plan.simulation.seed}, ${plan.simulation.test} (± its binomial SE)`,
      },
      ...(plan.costs === null
        ? []
        : [
            { label: 'Cost per attempt', text: plan.costs.perAttempt.map((run) => `${run.name} ${run.cost.toPrecision(4)} (${run.from})`).join(', ') },
            { label: 'Costs', text: plan.costs.assumption },
          ]),
    ],
    scenario: null,
  };
}
