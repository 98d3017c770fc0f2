import { formatPlanAudit, planAuditAnswer } from '../format/planAuditOutput.js';
import { html } from './html.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `plan audit --json`: tasks to audit for a half-width of the judge-corrected interval. */
export function planAuditSection(result: ResultDocumentOf<'passk.plan.audit'>): ResultSection {
  const body = html`<p class="lead"><strong>${planAuditAnswer(result)}</strong></p>
<pre>${formatPlanAudit(result)}</pre>`;
  return {
    title: 'Plan: tasks to audit',
    body,
    notes: [{ label: 'Method', text: `${result.method}.` }],
    scenario: null,
  };
}
