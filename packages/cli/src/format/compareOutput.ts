import type { RunComparison, TaskChange, TaskId } from '@passk/sim';
import { answerSentences } from './compareAnswer.js';
import type { CompareDocument } from './compareDocument.js';
import { describeCoverage } from './describe.js';
import { estimandNoteLines } from './estimandNotes.js';
import { runComparisonTable } from './runComparisonTable.js';
import { markdownTable } from './markdownTable.js';
import { formatPoints } from './points.js';
import { renderTable } from './table.js';

/** Ids listed in a line at most (all are in the JSON). */
const LISTED = 8;

/** Text view of `passk compare`: per comparison the pairing, the table, the answer and the per-task view; then the method. */
export function formatCompare(document: CompareDocument): string {
  const holm = document.correction === 'holm';
  const runs = document.runs.map((run) =>
    [
      `${run.name}: ${run.by ? `${run.by.column}=${run.by.value} in ` : ''}${run.file}, ${run.rows} attempts over ${run.tasks} tasks`,
      ...run.read.map((line) => `  ${line}`),
    ].join('\n'),
  );
  const parts = document.comparisons.map((comparison) => {
    const table = runComparisonTable(comparison, holm);
    return [
      `B = ${comparison.candidate} against A = ${comparison.baseline}`,
      pairingLine(comparison),
      ...notEstimableLines(comparison),
      '',
      renderTable(table.columns, table.rows),
      '',
      ...answerSentences(comparison, holm).map((sentence, i) => (i === 0 ? `answer: ${sentence}` : `        ${sentence}`)),
      ...perTaskLines(comparison),
    ].join('\n');
  });
  const method = document.method;
  const notes = [
    `estimates: ${method.estimate}.`,
    `tasks: ${method.pairing}.`,
    `SE: ${method.se}.`,
    ...estimandNoteLines(document.uncertainty.estimands, describeCoverage(document.confidence, document.sides)),
    '  Coverage of both, measured: docs/uncertainty.md.',
    `bootstrap: ${method.bootstrap}.`,
    `p: ${method.pValue}.`,
    ...(holm ? [`correction: ${method.correction}.`] : []),
  ];
  return `${runs.join('\n')}\n\n${parts.join('\n\n')}\n\n${notes.join('\n')}\n`;
}

/** Compact Markdown for a pull-request comment: per comparison the answer in bold and the table. */
export function formatCompareMarkdown(document: CompareDocument): string {
  const holm = document.correction === 'holm';
  const parts = document.comparisons.map((comparison) => {
    const [lead, ...rest] = answerSentences(comparison, holm);
    return [
      `### ${comparison.candidate} against ${comparison.baseline}`,
      '',
      `**${lead}**`,
      ...rest.map((s) => `${s}`),
      '',
      markdownTable(runComparisonTable(comparison, holm)),
      '',
      `<sub>${pairingLine(comparison)}</sub>`,
    ].join('\n');
  });
  const intervals = estimandNoteLines(document.uncertainty.estimands, describeCoverage(document.confidence, document.sides)).map((line) => line.trim());
  return `${parts.join('\n\n')}\n\n<sub>${intervals.join(' ')} p: sign-flip permutation test over tasks${holm ? ', Holm-corrected' : ''}. passk compare.</sub>\n`;
}

function pairingLine(comparison: RunComparison): string {
  const { pairing } = comparison;
  const overlap = `${Number((pairing.overlap * 100).toFixed(1))}%`;
  const only = `only in ${comparison.baseline}: ${idList(pairing.onlyInBaseline)}; only in ${comparison.candidate}: ${idList(pairing.onlyInCandidate)}`;
  if (pairing.mode === 'paired') return `paired by task: ${pairing.tasks.common} tasks in both runs (overlap ${overlap}); ${only}`;
  return `UNPAIRED: the runs share only ${pairing.tasks.common} tasks (overlap ${overlap} < ${Number((pairing.minOverlap * 100).toFixed(1))}%), so each run is averaged over its own ${pairing.tasks.baseline} / ${pairing.tasks.candidate} tasks (Welch); ${only}`;
}

function notEstimableLines(comparison: RunComparison): string[] {
  return comparison.rows
    .filter((row) => row.notEstimable.count > 0)
    .map(
      (row) =>
        `k = ${row.k}: ${row.notEstimable.count} task${row.notEstimable.count === 1 ? '' : 's'} left out (n < ${row.k} in a run): ${idList(row.notEstimable.tasks)}`,
    );
}

function perTaskLines(comparison: RunComparison): string[] {
  const { perTask } = comparison;
  const { counts } = perTask;
  const lines = [
    `per task: ${counts.fixed} fixed (0 correct in ${comparison.baseline}, all in ${comparison.candidate}): ${idList(perTask.fixed)}; ` +
      `${counts.regressed} regressed (all → none): ${idList(perTask.regressed)}; ${counts.improved} improved, ${counts.worsened} worsened, ${counts.unchanged} unchanged`,
  ];
  if (perTask.largest.length > 0) lines.push(`largest changes: ${perTask.largest.slice(0, 5).map(describeChange).join(', ')}`);
  return lines;
}

function describeChange(task: TaskChange): string {
  return `${String(task.task)} ${task.baseline.c}/${task.baseline.n} → ${task.candidate.c}/${task.candidate.n} (${formatPoints(task.change)})`;
}

function idList(ids: readonly TaskId[]): string {
  if (ids.length === 0) return 'none';
  const shown = ids
    .slice(0, LISTED)
    .map((id) => String(id))
    .join(', ');
  return ids.length > LISTED ? `${shown} and ${ids.length - LISTED} more` : shown;
}
