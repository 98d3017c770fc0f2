import type { IntervalMethod } from '@passk/sim/internal';
import { describeCoverage, methodName } from '../format/describe.js';
import { describeTrials } from '../format/describeTrials.js';
import { estimandNotes } from '../format/estimandNotes.js';
import type { FileEstimate } from '../format/fileEstimate.js';
import { COST_INTERVAL_TEXT, costPerSolvedAnswer, costPerSolvedTable } from '../format/fileEstimateCosts.js';
import { fileEstimateTable } from '../format/fileEstimateTable.js';
import { judgedAnswer, judgedEstimateTable } from '../format/judgedEstimateOutput.js';
import { formatPercent, formatPercentInterval } from '../format/percent.js';
import { html, type SafeHtml } from './html.js';
import { htmlTable } from './htmlTable.js';
import type { ResultDocumentOf } from '../results/resultSchemas.js';
import type { ResultSection } from './resultSection.js';

interface PerTask {
  readonly task: string | number;
  readonly n: number;
  readonly c: number;
  readonly p: { readonly estimate: number; readonly lower: number; readonly upper: number };
  readonly rows: readonly { readonly k: number; readonly passAtK: number; readonly passHatK: number }[];
}

type FileResult = FileEstimate & {
  readonly p?: { readonly method: IntervalMethod; readonly confidence: number; readonly sides: 1 | 2 };
  readonly perTask?: readonly PerTask[];
};

/** Cost per solved task with its interval, from the document's `cost` (format/fileEstimateCosts.ts). */
function costSection(cost: NonNullable<ResultDocumentOf<'passk.estimate.file'>['cost']>, confidence: number): SafeHtml {
  const answer = costPerSolvedAnswer(cost, confidence);
  const table = costPerSolvedTable(cost);
  return html`${answer === null ? '' : html`<p>${answer}</p>`}
${htmlTable(table.columns, table.rows, `Cost from ${cost.from}; CI: ${COST_INTERVAL_TEXT}`)}`;
}

/** Per-task rows shown at most; a file of 10⁵ tasks would otherwise make a page nobody can open. */
export const PER_TASK_LIMIT = 200;

/** `estimate FILE --json`: task-averaged pass@k / pass^k with both intervals, then the tasks themselves. */
export function estimateFileSection(result: ResultDocumentOf<'passk.estimate.file'>): ResultSection {
  const file = result;
  const { tasks, trials, uncertainty } = file;
  if (file.audit !== undefined) return judgedSection(file);
  const table = fileEstimateTable(file);
  const body = html`<p class="lead">${file.source.file}: ${file.source.rows} attempts over ${tasks} tasks, ${describeTrials(trials)}.</p>
${htmlTable(table.columns, table.rows, table.title)}
${file.cost ? costSection(file.cost, uncertainty.confidence) : ''}
${file.perTask ? perTaskTable(file.perTask, file.p) : ''}`;
  const notes = [
    {
      label: 'Estimator',
      text: 'unbiased per-task pass@k = 1 − C(n−c,k)/C(n,k) (Chen et al. 2021) and pass^k = C(c,k)/C(n,k) (Yao et al. 2024), averaged over tasks (never pooled first); plug-in: (c/n) put into 1 − (1 − p)^k and p^k per task, averaged.',
    },
    ...estimandNotes(uncertainty.estimands),
    {
      label: 'Bootstrap',
      text: uncertainty.bootstrap
        ? `${uncertainty.bootstrap.method}; ${uncertainty.bootstrap.replicates} replicates, seed ${uncertainty.bootstrap.seed}.`
        : 'off (--bootstrap N turns it on).',
    },
    { label: 'Confidence', text: formatPercent(uncertainty.confidence) },
    { label: 'Sidedness', text: uncertainty.sides === 2 ? 'two-sided' : 'one-sided (lower bound)' },
    ...(file.p
      ? [{ label: 'Per-task interval', text: `${describeCoverage(file.p.confidence, file.p.sides)} ${methodName(file.p.method)} interval for each task's p` }]
      : []),
    { label: 'Columns', text: `${describeColumns(file.source.columns)} (${file.source.format})` },
  ];
  if (file.rows.some((row) => row.notEstimableTasks > 0)) {
    notes.push({
      label: 'Not estimable',
      text: 'where fewer than all tasks are counted, the others have n < k trials, where pass@k and pass^k are not estimable.',
    });
  }
  return { title: `Results file: ${file.source.file}`, body, notes, scenario: null };
}

/** `estimate FILE --truth-col --json`: the judge-corrected estimates beside the judge-only and audit-only ones. */
function judgedSection(file: ResultDocumentOf<'passk.estimate.file'>): ResultSection {
  const audit = file.audit!;
  const table = judgedEstimateTable(file);
  const body = html`<p class="lead">${file.source.file}: ${file.source.rows} attempts over ${file.tasks} tasks, ${describeTrials(file.trials)}; the truth (${audit.column}) on ${audit.tasks} of ${audit.of} tasks.</p>
<p>${judgedAnswer(file)}</p>
${htmlTable(table.columns, table.rows, table.title)}`;
  const notes = [
    { label: 'Corrected', text: `${file.uncertainty.interval}.` },
    { label: 'Judge only', text: "the judge's verdicts taken as the truth, with the population interval of passk estimate." },
    { label: 'Audit only', text: 'the truth on the audited tasks alone, with the same interval.' },
    { label: 'Columns', text: `${describeColumns(file.source.columns)}, truth: ${audit.column} (${file.source.format})` },
    { label: 'Coverage', text: 'measured in docs/judge-correction.md (pnpm bench:judge-coverage).' },
  ];
  return { title: `Judged results file: ${file.source.file}`, body, notes, scenario: null };
}

function perTaskTable(perTask: readonly PerTask[], p: FileResult['p']): SafeHtml {
  const shown = perTask.slice(0, PER_TASK_LIMIT);
  const ks = [...new Set(shown.flatMap((task) => task.rows.map((row) => row.k)))].sort((a, b) => a - b);
  const k = ks.at(-1);
  const interval = p ? `${describeCoverage(p.confidence, p.sides)} ${methodName(p.method)}` : 'interval';
  const caption =
    `Per task: p with its ${interval} interval` +
    (k === undefined ? '' : `, pass@${k} and pass^${k}`) +
    (perTask.length > shown.length ? ` (the first ${shown.length} of ${perTask.length} tasks; all are in the JSON)` : '');
  return html`<details class="per-task"${perTask.length <= 20 ? ' open' : ''}><summary>Per-task results (${perTask.length} tasks)</summary>
${htmlTable(
  [
    { header: 'task', align: 'left' },
    { header: 'n' },
    { header: 'c' },
    { header: 'p' },
    { header: 'interval' },
    ...(k === undefined ? [] : [{ header: `pass@${k}` }, { header: `pass^${k}` }]),
  ],
  shown.map((task) => {
    const row = task.rows.find((r) => r.k === k);
    return [
      String(task.task),
      task.n,
      task.c,
      formatPercent(task.p.estimate),
      formatPercentInterval(task.p.lower, task.p.upper),
      ...(k === undefined ? [] : [formatPercent(row?.passAtK ?? null), formatPercent(row?.passHatK ?? null)]),
    ];
  }),
  caption,
)}</details>`;
}

function describeColumns(columns: object): string {
  return Object.entries(columns)
    .filter(([, name]) => typeof name === 'string')
    .map(([role, name]) => `${role}: ${String(name)}`)
    .join(', ');
}
