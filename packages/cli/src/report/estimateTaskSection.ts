import type { ProportionInterval } from '@passk/sim/internal';
import { taskEstimateOfDocument } from '../format/estimateOutput.js';
import type { EstimateTaskDocument } from '../results/estimateTaskSchema.js';
import { describeCoverage, methodName } from '../format/describe.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { taskCredibleTable, taskEstimateTable } from '../format/taskEstimateTables.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultSection } from './resultSection.js';

/** `estimate --n --c --json`: a row per k. */
export function estimateTaskSection(document: EstimateTaskDocument): ResultSection {
  const estimate = taskEstimateOfDocument(document);
  const { n, c, p, bayes, rows } = estimate;
  const coverage = coverageOf(p);
  const main = taskEstimateTable(rows);
  const credible = taskCredibleTable(bayes, rows);
  const body = html`<p class="lead">${c} of ${n} trials correct: p = ${formatPercent(p.estimate)}, ${coverage} ${methodName(p.method)} interval ${formatPercentInterval(p.lower, p.upper)}.</p>
${htmlTable(main.columns, main.rows, main.title)}
${htmlTable(credible.columns, credible.rows, credible.title)}`;
  return {
    title: `One task: ${c} of ${n} trials correct`,
    body,
    notes: [
      {
        label: 'Estimator',
        text: 'pass@k = 1 − C(n−c,k)/C(n,k) (Chen et al. 2021) and pass^k = C(c,k)/C(n,k) (Yao et al. 2024), unbiased; plug-in puts c/n into 1 − (1 − p)^k and p^k (biased for k > 1).',
      },
      { label: 'Interval', text: `${methodName(p.method)} interval for p, mapped through 1 − (1 − p)^k and p^k (both increasing in p).` },
      { label: 'Confidence', text: formatPercent(p.confidence) },
      { label: 'Sidedness', text: p.sides === 2 ? 'two-sided' : `one-sided (${p.tail ?? 'lower'} bound)` },
      {
        label: 'Bayesian view',
        text: `prior Beta(${bayes.prior.a}, ${bayes.prior.b}), equal-tailed ${describeCoverage(bayes.confidence, 2)} credible intervals`,
      },
    ],
    scenario: null,
  };
}

function coverageOf(p: ProportionInterval): string {
  return describeCoverage(p.confidence, p.sides, p.tail);
}
