import { planGateFixes, planGateTable, simulatedShare } from '../format/planGateOutput.js';
import type { PlanGateDocument } from '../results/planGateSchema.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultSection } from './resultSection.js';

/** `plan gate --json`: the false-fail rate, the table of operating characteristics, the fixes. */
export function planGateSection(result: PlanGateDocument): ResultSection {
  const table = planGateTable(result);
  const lead = `${result.requirements.join(' and ')}: FAILs ${simulatedShare(result.falseFail)} of unchanged runs (${result.tasks} tasks × ${result.trials} trials).`;
  const body = html`<p class="lead"><strong>${lead}</strong></p>
${htmlTable(table.columns, table.rows, table.title)}
<pre>${planGateFixes(result).join('\n')}</pre>`;
  return {
    title: 'Plan: gate design',
    body,
    notes: [{ label: 'Method', text: `${result.method} ${result.simulations} simulations, seed ${String(result.seed)}.` }],
    scenario: null,
  };
}
