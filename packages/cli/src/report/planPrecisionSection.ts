import { methodName } from '../format/describe.js';
import { metricLabel } from '../format/metricLabel.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { html } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** `plan precision --json`: trials per task for an interval of a given half-width. */
export function planPrecisionSection(result: ResultDocumentOf<'passk.plan.precision'>): ResultSection {
  const plan = result;
  const label = metricLabel(plan.metric, plan.k);
  const body = html`<p class="lead"><strong>${plan.trials} trials per task</strong> give ${label} a ${formatPercent(plan.confidence)} two-sided ${methodName(plan.method)} interval of half-width ${formatPercent(plan.achievedHalfWidth, 2)} (target ${formatPercent(plan.halfWidth, 2)}) when p = ${formatPercent(plan.rate)}.</p>
${htmlTable(
  [{ header: 'quantity', align: 'left' }, { header: 'value' }],
  [
    ['trials per task', plan.trials],
    [`${label} interval at that n`, formatPercentInterval(plan.interval.lower, plan.interval.upper)],
    ['half-width reached', formatPercent(plan.achievedHalfWidth, 2)],
    ['normal approximation (delta method)', `${plan.normalApproximation} trials`],
  ],
  'Sample size for the interval width asked for',
)}`;
  return {
    title: `Plan: ${label} to ±${formatPercent(plan.halfWidth, 2)}`,
    body,
    notes: [
      { label: 'Method', text: `${plan.description}.` },
      { label: 'Interval', text: methodName(plan.method) },
      { label: 'Confidence', text: formatPercent(plan.confidence) },
      { label: 'Sidedness', text: 'two-sided' },
    ],
    scenario: null,
  };
}
