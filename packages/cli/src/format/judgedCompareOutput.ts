import type { CompareDocument } from './compareDocument.js';
import type { CompareDocumentV3 } from '../results/compareSchema.js';
import { withinCommentLimit } from './commentLimit.js';
import { describeCoverage } from './describe.js';
import { inertMarkdown } from './inertMarkdown.js';
import { markdownTable } from './markdownTable.js';
import { formatPoints, formatPointsInterval } from './points.js';
import { formatPercent } from './percent.js';
import { renderTable, type Table } from './table.js';
import { terminalText } from './terminalText.js';
import type { Interval } from '@passk/sim/internal';

type Comparison = CompareDocumentV3['comparisons'][number];
type Metric = NonNullable<Comparison['rows'][number]['passAtK']>;
type Show = (data: string) => string;

const points = (b: Interval | null | undefined) => (b ? formatPointsInterval(b.lower, b.upper) : '—');
const VERDICTS = { higher: 'B higher', lower: 'B lower', 'no difference shown': 'none shown' } as const;

/** The first row's pass@k of a judged comparison, in two lines: the corrected difference and its verdict, then the judge and the audit alone. */
export function judgedCompareAnswer(comparison: Comparison, show: Show): string {
  const row = comparison.rows[0]!;
  const metric = row.passAtK;
  const label = `pass@${row.k}`;
  if (!metric) return `no judge-corrected ${label}: no task audited in both runs has n ≥ ${row.k}`;
  const verdict =
    metric.verdict === 'higher'
      ? `${show(comparison.candidate)} is higher`
      : metric.verdict === 'lower'
        ? `${show(comparison.candidate)} is lower`
        : 'no difference shown';
  return (
    `corrected ${label} B − A ${formatPoints(metric.difference)} ${points(metric.interval)}: ${verdict};\n` +
    `  the judge alone says ${formatPoints(metric.judgeOnly?.estimate ?? null)} ${points(metric.judgeOnly?.interval)}; ` +
    `audited tasks alone ${formatPoints(metric.auditOnly?.estimate ?? null)}`
  );
}

/** Per k and metric: both runs' corrected values, the corrected B − A with its interval and verdict, the judge-only and audit-only B − A. */
export function judgedCompareTable(comparison: Comparison, show: Show): Table {
  const rows: string[][] = [];
  for (const row of comparison.rows)
    for (const name of ['passAtK', 'passHatK'] as const) {
      if (name === 'passHatK' && row.k === 1) continue;
      const metric = row[name] as Metric | null;
      const label = `${name === 'passAtK' ? 'pass@' : 'pass^'}${row.k}`;
      if (!metric) {
        rows.push([label, '—', '—', '—', '—', '—', '—', '—']);
        continue;
      }
      rows.push([
        label,
        formatPercent(metric.baseline.value),
        formatPercent(metric.candidate.value),
        formatPoints(metric.difference),
        points(metric.interval),
        metric.verdict ? VERDICTS[metric.verdict] : '—',
        formatPoints(metric.judgeOnly?.estimate ?? null),
        formatPoints(metric.auditOnly?.estimate ?? null),
      ]);
    }
  return {
    title: `Judge-corrected comparison, ${describeCoverage(comparison.confidence, comparison.sides)} intervals`,
    columns: [
      { header: 'metric', align: 'left' },
      { header: show(comparison.baseline) },
      { header: show(comparison.candidate) },
      { header: 'B − A' },
      { header: 'CI (tasks)' },
      { header: 'verdict', align: 'left' },
      { header: 'judge only' },
      { header: 'audit only' },
    ],
    rows,
  };
}

/** Text view of `compare A B --truth-col`. */
export function formatJudgedCompare(document: CompareDocument): string {
  const comparison = (document as unknown as CompareDocumentV3).comparisons[0]!;
  const audit = comparison.audit!;
  const runs = document.runs.map((run) =>
    [
      `${terminalText(run.name)}: ${terminalText(run.file)}, ${run.rows} attempts over ${run.tasks} tasks`,
      ...run.read.map((line) => `  ${terminalText(line)}`),
    ].join('\n'),
  );
  const table = judgedCompareTable(comparison, terminalText);
  const lines = [
    `B = ${terminalText(comparison.candidate)} against A = ${terminalText(comparison.baseline)}; ${comparison.pairing.tasks.common} tasks in both, ` +
      `the truth on ${audit.tasks.both} of them in both runs`,
    '',
    judgedCompareAnswer(comparison, terminalText),
    '',
    renderTable(table.columns, table.rows),
    '',
    'corrected: prediction-powered inference (PPI++: Angelopoulos et al. 2023, 2024) on the per-task',
    "  differences: the judge's on every common task plus the mean correction on the tasks audited in",
    '  both runs. verdict: the corrected interval above 0 (B higher), below 0 (B lower), else none',
    '  shown. judge only: the verdicts taken as the truth; audit only: the doubly audited tasks alone.',
    '  Method and measured coverage: docs/judge-correction.md.',
  ];
  return `${runs.join('\n')}\n\n${lines.join('\n')}\n`;
}

/** `compare A B --truth-col --markdown`. */
export function judgedCompareMarkdown(document: CompareDocument): string {
  const comparison = (document as unknown as CompareDocumentV3).comparisons[0]!;
  const show = (data: string) => inertMarkdown(data);
  const answer = judgedCompareAnswer(comparison, show).replace('\n  ', ' ');
  return withinCommentLimit(
    `**${answer}**\n\n${markdownTable(judgedCompareTable(comparison, show))}\n\n<sub>judge-corrected by prediction-powered inference over tasks (docs/judge-correction.md). passk compare.</sub>\n`,
  );
}
