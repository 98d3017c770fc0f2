import { formatPercent } from '../format/percent.js';
import { demonstrateTable } from '../format/planTables.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `plan demonstrate --json`: runs needed to show pass^k ≥ target. */
export function planDemonstrateSection(result: ResultDocumentOf<'passk.plan.demonstrate'>): ResultSection {
  const plan = result;
  const table = demonstrateTable(plan);
  const body = html`<p class="lead">To show pass^${plan.k} ≥ ${formatPercent(plan.target)} at ${formatPercent(plan.confidence)} confidence (one-sided), the single-attempt rate must be ≥ ${formatPercent(plan.requiredRate)} (failure rate ≤ ${formatPercent(1 - plan.requiredRate)}): <strong>${plan.failures === 0 ? `${plan.runs} clean runs` : `${plan.runs} runs with at most ${plan.failures} ${plan.failures === 1 ? 'failure' : 'failures'}`}</strong>.</p>
${plan.power ? html`<p>Power: this plan passes ${formatPercent(plan.power.level, 0)} of the time only if the true pass^${plan.k} is ≥ ${formatPercent(plan.power.passHatK, 2)}${plan.power.at !== null && plan.power.probability !== null ? html`; at a true pass^${plan.k} of ${formatPercent(plan.power.at)} it passes ${formatPercent(plan.power.probability)} of the time` : ''}.</p>` : ''}
${htmlTable(table.columns, table.rows, table.title)}`;
  return {
    title: `Plan: demonstrate pass^${plan.k} ≥ ${formatPercent(plan.target)}`,
    body,
    notes: [
      { label: 'Method', text: `${plan.method}.` },
      { label: 'Confidence', text: formatPercent(plan.confidence) },
      { label: 'Sidedness', text: 'one-sided (a lower bound on pass^k)' },
      { label: 'Rule of three', text: `3/(1 − p) gives ≈ ${plan.ruleOfThree} runs (95 %, no failure), for comparison.` },
    ],
    scenario: null,
  };
}
