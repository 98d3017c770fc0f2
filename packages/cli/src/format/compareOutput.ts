import type { RunComparison, TaskChange, TaskId } from '@passk/sim/internal';
import { answerSentences, compareVerdict, headlineK } from './compareAnswer.js';
import { gateViewOfComparison } from './compareGateView.js';
import type { TerminalPart, TerminalReport } from './terminalReport.js';
import { compareCostLines } from './compareCostText.js';
import type { CompareDocument } from './compareDocument.js';
import { describeCoverage } from './describe.js';
import { estimandNoteLines } from './estimandNotes.js';
import { runComparisonTable } from './runComparisonTable.js';
import { withinCommentLimit } from './commentLimit.js';
import { inertMarkdown } from './inertMarkdown.js';
import { markdownTable } from './markdownTable.js';
import { formatPoints } from './points.js';
import { renderTable } from './table.js';
import { terminalText } from './terminalText.js';

/** What a gate `delta(pass^K) >= 0` would conclude on the pair at the headline k (none when unpaired or no k). */
function gateLines(comparison: RunComparison, document: CompareDocument): string[] {
  const k = headlineK(comparison);
  const gate = k === null ? null : gateViewOfComparison(comparison, 'passHatK', k, document.confidence, document.sides);
  return gate === null ? [] : [`gate:   ${gate}`];
}

/** Ids listed in a line at most (all are in the JSON). */
const LISTED = 8;

/** How data (a run name, a task id, a file name) is shown: `terminalText` on the terminal, `inertMarkdown` in Markdown. */
type Show = (data: string) => string;

/**
 * Text view of `passk compare`: per comparison the answer, the table, the pairing and the per-task
 * view; then what was read; the method as notes (`--explain`); the verdict last.
 */
export function formatCompare(document: CompareDocument): TerminalReport {
  const holm = document.correction === 'holm';
  const runs = document.runs.map((run) =>
    [
      `${terminalText(run.name)}: ${run.by ? `${terminalText(run.by.column)}=${terminalText(run.by.value)} in ` : ''}${terminalText(run.file)}, ${run.rows} attempts over ${run.tasks} tasks`,
      ...run.read.map((line) => `  ${terminalText(line)}`),
    ].join('\n'),
  );
  const parts = document.comparisons.map((comparison): TerminalPart[] => {
    const table = runComparisonTable(comparison, holm);
    const named = shownNames(comparison, terminalText);
    const [answer, ...others] = answerSentences(named, holm);
    const rest = [
      ...gateLines(comparison, document),
      ...(comparison.cost
        ? compareCostLines(comparison.cost, named, comparison.confidence).map((line, i) => `${i === 0 ? 'cost:  ' : '       '} ${line}`)
        : []),
      '',
      renderTable(table.columns, table.rows),
      '',
      pairingLine(named, terminalText),
      ...notEstimableLines(named, terminalText),
      ...perTaskLines(named, terminalText),
    ];
    // The other metrics' sentences repeat the table's rows: behind --wide.
    return [
      { text: `B = ${named.candidate} against A = ${named.baseline}\n${answer === undefined ? '' : `answer: ${answer}\n`}` },
      ...(others.length > 0 ? [{ text: others.map((sentence) => `        ${sentence}\n`).join(''), wide: true }] : []),
      { text: `${rest.join('\n')}\n\n` },
    ];
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
    ...(method.cost === undefined || !document.comparisons.some((comparison) => comparison.cost) ? [] : [`cost: ${method.cost}.`]),
  ];
  const body: TerminalPart[] = [...parts.flat(), { text: `${runs.join('\n')}\n`, wide: true }];
  return { body, notes, verdict: compareVerdictLine(document.comparisons, holm) };
}

/**
 * The last line of `passk compare`: one comparison's verdict (`compareVerdict`), or for several
 * against one baseline how many are better, worse or not clearly different (each named in its answer).
 */
function compareVerdictLine(comparisons: readonly RunComparison[], holm: boolean): string {
  if (comparisons.length === 1) return `verdict: ${compareVerdict(comparisons[0]!, holm)}`;
  const words = comparisons.map((comparison) =>
    compareVerdict(comparison, holm)
      .replace(/ on .*$/, '')
      .replace(/^B /, ''),
  );
  const counts = [...new Set(words)].map((word) => `${words.filter((w) => w === word).length} ${word}`);
  return `verdict: ${comparisons.length} runs against A${holm ? ' (Holm)' : ''}: ${counts.join(', ')}`;
}

/**
 * Compact Markdown for a pull-request comment: per comparison the answer in bold and the table.
 * Run names and task ids are inert text (`inertMarkdown`), the whole within GitHub's comment limit.
 */
export function formatCompareMarkdown(document: CompareDocument): string {
  const holm = document.correction === 'holm';
  const parts = document.comparisons.map((comparison) => {
    const named = shownNames(comparison, inertMarkdown);
    const [lead, ...rest] = answerSentences(named, holm);
    return [
      `### ${named.candidate} against ${named.baseline}`,
      '',
      `**${lead}**`,
      ...rest.map((s) => `${s}`),
      ...(comparison.cost ? ['', ...compareCostLines(comparison.cost, named, comparison.confidence).map((line, i) => (i === 0 ? `**${line}**` : line))] : []),
      '',
      markdownTable(runComparisonTable(comparison, holm)),
      '',
      `<sub>${pairingLine(named, inertMarkdown)}</sub>`,
    ].join('\n');
  });
  const intervals = estimandNoteLines(document.uncertainty.estimands, describeCoverage(document.confidence, document.sides)).map((line) => line.trim());
  const relabelled = document.comparisons.some((comparison) =>
    [comparison.meanSuccess, ...comparison.rows.flatMap((row) => [row.passAtK, row.passHatK])].some((metric) => metric?.pValue?.test === 'trial-permutation'),
  );
  const test = relabelled ? 'permutation test over tasks (trials relabelled within tasks: the trial counts differ)' : 'sign-flip permutation test over tasks';
  return withinCommentLimit(`${parts.join('\n\n')}\n\n<sub>${intervals.join(' ')} p: ${test}${holm ? ', Holm-corrected' : ''}. passk compare.</sub>\n`);
}

/** The comparison with its two run names as shown (the numbers, and the ids, which the lines show themselves, as they are). */
function shownNames(comparison: RunComparison, show: Show): RunComparison {
  return { ...comparison, baseline: show(comparison.baseline), candidate: show(comparison.candidate) };
}

/** The pairing in a line; the comparison's names already shown, its ids shown here. */
function pairingLine(comparison: RunComparison, show: Show): string {
  const { pairing } = comparison;
  const overlap = `${Number((pairing.overlap * 100).toFixed(1))}%`;
  const only = `only in ${comparison.baseline}: ${idList(pairing.onlyInBaseline, show)}; only in ${comparison.candidate}: ${idList(pairing.onlyInCandidate, show)}`;
  if (pairing.mode === 'paired') return `paired by task: ${pairing.tasks.common} tasks in both runs (overlap ${overlap}); ${only}`;
  return `UNPAIRED: the runs share only ${pairing.tasks.common} tasks (overlap ${overlap} < ${Number((pairing.minOverlap * 100).toFixed(1))}%), so each run is averaged over its own ${pairing.tasks.baseline} / ${pairing.tasks.candidate} tasks (Welch); ${only}`;
}

function notEstimableLines(comparison: RunComparison, show: Show): string[] {
  return comparison.rows
    .filter((row) => row.notEstimable.count > 0)
    .map(
      (row) =>
        `k = ${row.k}: ${row.notEstimable.count} task${row.notEstimable.count === 1 ? '' : 's'} left out (n < ${row.k} in a run): ${idList(row.notEstimable.tasks, show)}`,
    );
}

function perTaskLines(comparison: RunComparison, show: Show): string[] {
  const { perTask } = comparison;
  const { counts } = perTask;
  const lines = [
    `per task: ${counts.fixed} fixed (0 correct in ${comparison.baseline}, all in ${comparison.candidate}): ${idList(perTask.fixed, show)}; ` +
      `${counts.regressed} regressed (all → none): ${idList(perTask.regressed, show)}; ${counts.improved} improved, ${counts.worsened} worsened, ${counts.unchanged} unchanged`,
  ];
  const largest = perTask.largest.slice(0, 5).map((task) => describeChange(task, show));
  if (largest.length > 0) lines.push(`largest changes: ${largest.join(', ')}`);
  return lines;
}

function describeChange(task: TaskChange, show: Show): string {
  return `${show(String(task.task))} ${task.baseline.c}/${task.baseline.n} → ${task.candidate.c}/${task.candidate.n} (${formatPoints(task.change)})`;
}

function idList(ids: readonly TaskId[], show: Show): string {
  if (ids.length === 0) return 'none';
  const shown = ids
    .slice(0, LISTED)
    .map((id) => show(String(id)))
    .join(', ');
  return ids.length > LISTED ? `${shown} and ${ids.length - LISTED} more` : shown;
}
