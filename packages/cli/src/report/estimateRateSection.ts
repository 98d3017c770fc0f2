import { formatPercent } from '../format/percent.js';
import { rateTable } from '../format/rateTable.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `estimate --p --json`: the two closed-form curves for a known p (the seeds' first table). */
export function estimateRateSection(result: ResultDocumentOf<'passk.estimate.rate'>): ResultSection {
  const { p, rows } = result;
  const table = rateTable(rows);
  const body = html`<p class="lead">p = ${formatPercent(p)} per attempt, attempts independent: pass@k = 1 − (1 − p)^k, pass^k = p^k.</p>
${htmlTable(table.columns, table.rows, table.title)}`;
  return {
    title: `A known rate: p = ${formatPercent(p)}`,
    body,
    notes: [
      { label: 'Formulas', text: 'pass@k = 1 − (1 − p)^k (Kulal et al. 2019; Chen et al. 2021), pass^k = p^k (Yao et al. 2024): closed forms, no estimation.' },
      { label: 'Assumption', text: 'attempts independent with the same p; correlated retries make pass@k lower and pass^k higher than these.' },
      { label: 'Interval', text: 'none: p is taken as known.' },
    ],
    scenario: null,
  };
}
