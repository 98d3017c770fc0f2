import type { TaskChange } from '@passk/sim/internal';
import { answerSentences } from '../format/compareAnswer.js';
import { compareCostLines } from '../format/compareCostText.js';
import { estimandNotes } from '../format/estimandNotes.js';
import { formatPoints } from '../format/points.js';
import { judgedCompareAnswer, judgedCompareTable } from '../format/judgedCompareOutput.js';
import { runComparisonTable, shortName } from '../format/runComparisonTable.js';
import { html, textWithCode, type SafeHtml } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

/** Per-task changes listed at most per comparison (all are in the JSON). */
const CHANGES_SHOWN = 20;

/**
 * `compare --json`: the answer first ("B is better than A at pass^4 by 7.5 points, …"), then per
 * comparison the table of B − A per k and metric with both intervals (CI (tasks), CI (trials)), the
 * flips and the largest per-task changes.
 */
export function compareSection(result: ResultDocumentOf<'passk.compare'>): ResultSection {
  const document = result;
  const holm = document.correction === 'holm';
  const blocks = document.comparisons.map((comparison) => {
    if (comparison.audit !== undefined) {
      const table = judgedCompareTable(comparison, (name) => name);
      return html`<p class="lead"><strong>${judgedCompareAnswer(comparison, (name) => name)}</strong></p>
<p>The truth (${comparison.audit.columns.baseline}, ${comparison.audit.columns.candidate}) on ${comparison.audit.tasks.both} of the ${comparison.pairing.tasks.common} common tasks in both runs. ${document.method.verdict ?? ''}.</p>
${htmlTable(table.columns, table.rows, table.title)}`;
    }
    const [lead, ...rest] = answerSentences(comparison, holm);
    const table = runComparisonTable(comparison, holm);
    const { pairing } = comparison;
    const pairingText =
      pairing.mode === 'paired'
        ? `Paired by task over the ${pairing.tasks.common} tasks both runs have (${pairing.onlyInBaseline.length} only in ${comparison.baseline}, ${pairing.onlyInCandidate.length} only in ${comparison.candidate}, never used).`
        : `Unpaired: the runs share only ${pairing.tasks.common} of their tasks (overlap ${formatPoints(pairing.overlap, 1, '%').slice(1)}), so each run is averaged over its own tasks and compared with Welch's t.`;
    return html`<p class="lead"><strong>${textWithCode(lead ?? '')}</strong> ${textWithCode(rest.join(' '))}</p>
<p>${pairingText}</p>
${comparison.cost ? html`<p>Cost: ${compareCostLines(comparison.cost, comparison, comparison.confidence).join('; ')}.</p>` : ''}
${htmlTable(table.columns, table.rows, table.title)}
${changesTable(comparison.perTask.largest, comparison.baseline, comparison.candidate)}
<p>Flips: ${comparison.perTask.counts.fixed} fixed (no correct attempt in ${comparison.baseline}, all correct in ${comparison.candidate})${listed(comparison.perTask.fixed)}; ${comparison.perTask.counts.regressed} regressed (the reverse)${listed(comparison.perTask.regressed)}.</p>`;
  });
  const names = document.comparisons.map((comparison) => comparison.candidate).join(', ');
  return {
    title: `Comparison: ${names} against ${document.baseline}`,
    body: html`${blocks}`,
    notes: [
      { label: 'Estimates', text: `${document.method.estimate}.` },
      { label: 'Tasks', text: `${document.method.pairing}.` },
      { label: 'SE', text: `${document.method.se}.` },
      ...estimandNotes(document.uncertainty.estimands),
      { label: 'Bootstrap', text: `${document.method.bootstrap}.` },
      { label: 'p-value', text: `${document.method.pValue}.` },
      { label: 'Correction', text: `${document.method.correction}.` },
      ...(document.method.cost !== undefined && document.comparisons.some((comparison) => comparison.cost)
        ? [{ label: 'Cost', text: `${document.method.cost}.` }]
        : []),
    ],
    scenario: null,
  };
}

function changesTable(changes: readonly TaskChange[], baseline: string, candidate: string): SafeHtml | string {
  if (changes.length === 0) return '';
  const shown = changes.slice(0, CHANGES_SHOWN);
  return htmlTable(
    [
      { header: 'task', align: 'left' },
      { header: shortName(baseline, 'A') },
      { header: shortName(candidate, 'B') },
      { header: 'change of c/n' },
      { header: 'kind', align: 'left' },
    ],
    shown.map((task) => [
      String(task.task),
      `${task.baseline.c}/${task.baseline.n}`,
      `${task.candidate.c}/${task.candidate.n}`,
      formatPoints(task.change),
      task.kind,
    ]),
    `Largest per-task changes (${shown.length} shown)`,
  );
}

function listed(ids: readonly (string | number)[]): string {
  if (ids.length === 0) return '';
  const shown = ids.slice(0, 10).map(String).join(', ');
  return `: ${shown}${ids.length > 10 ? ` and ${ids.length - 10} more` : ''}`;
}
