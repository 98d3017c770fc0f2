import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { formatPoints, formatPointsInterval } from '../format/points.js';
import { html, textWithCode, type SafeHtml } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ComparisonRow, Findings, KeyNumber } from './summaryFindings.js';

/**
 * The top of the report, for a reader with one minute: the question(s), one sentence per
 * policy / agent / plan, the key number with its interval (the best policy's delivered correct,
 * else the first estimate's), and the caveat that matters (the first one found: a pilot's gap to
 * the truth, an interval's width, wrong delivery growing with k); other caveats listed after it.
 */
export function summaryBlock(findings: readonly Findings[]): SafeHtml {
  const questions = [
    ...new Set(
      [...findings.filter((f) => f.rows.length > 0), ...findings.filter((f) => f.rows.length === 0)]
        .map((f) => f.question)
        .filter((q): q is string => q !== null),
    ),
  ];
  // Policies first (they answer the first question), then estimates and plans.
  const answers = [...findings.filter((f) => f.rows.length > 0), ...findings.filter((f) => f.rows.length === 0)].flatMap((f) => f.answers);
  const rows = findings.flatMap((f) => f.rows);
  const key = keyNumber(findings, rows);
  const caveats = findings.flatMap((f) => f.caveats);
  const pilotFirst = [...caveats.filter((c) => c.includes('a pilot of')), ...caveats.filter((c) => !c.includes('a pilot of'))];
  const [caveat, ...others] = pilotFirst;
  if (answers.length === 0) return html``;
  return html`<section id="summary" class="summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">Summary</h2>
<dl class="answer-first">
${questions.length === 0 ? '' : html`<dt>The question</dt>${questions.map((q) => html`<dd class="question">${q}</dd>`)}`}
<dt>The answer</dt><dd><ul class="answers">${answers.map((a) => html`<li>${textWithCode(a)}</li>`)}</ul></dd>
${key === null ? '' : html`<dt>The key number</dt><dd class="key-number"><strong>${keyValue(key)}</strong> <span class="interval">${keyBounds(key)}</span> ${key.label} <span class="how">(${key.interval})</span></dd>`}
${caveat === undefined ? '' : html`<dt>The caveat that matters</dt><dd class="caveat">${textWithCode(caveat)}</dd>`}
${others.length === 0 ? '' : html`<dt>Other caveats</dt><dd><ul class="other-caveats">${others.map((c) => html`<li>${textWithCode(c)}</li>`)}</ul></dd>`}
</dl>
${rows.length === 0 ? '' : comparisonTable(rows)}
</section>
`;
}

/** The key number as shown: a share, a signed difference in points, or as the finding spells it. */
function keyValue(key: KeyNumber): string {
  return key.shown?.value ?? (key.difference ? formatPoints(key.value) : formatPercent(key.value));
}

/** Its interval as shown: [lower, upper] in percent or points, or as the finding spells it (a one-sided bound). */
function keyBounds(key: KeyNumber): string {
  return key.shown?.bounds ?? (key.difference ? formatPointsInterval(key.lower, key.upper) : formatPercentInterval(key.lower, key.upper));
}

/** The best policy's delivered correct when there are policies, else the first key number. */
function keyNumber(findings: readonly Findings[], rows: readonly ComparisonRow[]): KeyNumber | null {
  const policies = rows.map((row) => row.deliveredCorrect).filter((n): n is KeyNumber => n !== null);
  if (policies.length > 0) return policies.reduce((a, b) => (b.value > a.value ? b : a));
  return findings.flatMap((f) => f.keyNumbers)[0] ?? null;
}

/**
 * Policies / agents side by side at their chosen budgets: delivered correct with its interval,
 * wrong, abstained, cost per correct (in the scenario's unit), latency; the row with the most
 * delivered correct is marked best.
 */
export function comparisonTable(rows: readonly ComparisonRow[]): SafeHtml {
  const bestValue = Math.max(...rows.map((row) => row.deliveredCorrect?.value ?? -Infinity));
  const units = [...new Set(rows.map((row) => row.costUnit))];
  const unit = units.length === 1 ? ` (${units[0]})` : '';
  return htmlTable(
    [
      { header: 'policy', align: 'left' },
      { header: 'chosen k' },
      { header: 'delivered correct' },
      { header: '95 % interval' },
      { header: 'delivered wrong' },
      { header: 'abstained' },
      { header: `cost per correct${unit}` },
      { header: 'latency' },
      { header: 'most delivered correct', align: 'left' },
    ],
    rows.map((row) => [
      row.name,
      row.k === null ? '—' : String(row.k),
      row.deliveredCorrect === null ? '—' : formatPercent(row.deliveredCorrect.value),
      row.deliveredCorrect === null ? '—' : formatPercentInterval(row.deliveredCorrect.lower, row.deliveredCorrect.upper),
      formatPercent(row.deliveredWrong),
      formatPercent(row.abstained),
      row.costPerCorrect === null ? '—' : `${row.costPerCorrect.toPrecision(3)}${units.length === 1 ? '' : ` ${row.costUnit}`}`,
      row.latency === null ? '—' : row.latency.toPrecision(3),
      row.deliveredCorrect !== null && row.deliveredCorrect.value === bestValue ? '★ best' : '',
    ]),
    'Policies side by side, each at its chosen budget k',
  );
}
