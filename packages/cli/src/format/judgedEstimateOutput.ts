import type { EstimateFileDocument } from '../results/estimateFileSchema.js';
import { withinCommentLimit } from './commentLimit.js';
import { describeCoverage } from './describe.js';
import { describeTrials } from './describeTrials.js';
import { inertMarkdown } from './inertMarkdown.js';
import { markdownTable } from './markdownTable.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { renderTable, type Table } from './table.js';
import { terminalText } from './terminalText.js';
import type { Interval } from '@passk/sim/internal';

type Row = EstimateFileDocument['rows'][number];
type Metric = 'passAtK' | 'passHatK';

const bounds = (b: Interval | null | undefined) => (b ? formatPercentInterval(b.lower, b.upper) : '—');
const label = (metric: Metric, k: number) => `${metric === 'passAtK' ? 'pass@' : 'pass^'}${k}`;

/**
 * The answer of `estimate FILE --truth-col` in two lines (the first k's pass@k): "corrected pass@1
 * 61.2% [55.0%, 67.3%]; the judge alone says 74.0%;" then the audited tasks alone with how many
 * were audited.
 */
export function judgedAnswer(document: EstimateFileDocument): string {
  const row = document.rows[0]!;
  const audit = document.audit!;
  const judge = row.judgeOnly?.passAtK;
  const alone = row.auditOnly?.passAtK;
  return (
    `corrected ${label('passAtK', row.k)} ${formatPercent(row.passAtK)} ${bounds(row.interval.passAtK)}; ` +
    `the judge alone says ${formatPercent(judge?.estimate ?? null)};\n` +
    `  audited tasks alone ${formatPercent(alone?.estimate ?? null)} ${bounds(alone?.interval)} (${audit.tasks} of ${audit.of} tasks audited)`
  );
}

/** Per k and metric: the corrected value with its interval and λ, beside the judge-only and audit-only values with theirs. */
export function judgedEstimateTable(document: EstimateFileDocument): Table {
  const rows: string[][] = [];
  for (const row of document.rows)
    for (const metric of ['passAtK', 'passHatK'] as const) {
      if (metric === 'passHatK' && row.k === 1) continue;
      rows.push(judgedCells(row, metric));
    }
  return {
    title: `Judge-corrected estimates with ${describeCoverage(document.uncertainty.confidence, document.uncertainty.sides)} intervals`,
    columns: [
      { header: 'metric', align: 'left' },
      { header: 'corrected' },
      { header: 'CI (tasks)' },
      { header: 'λ' },
      { header: 'judge only' },
      { header: 'CI' },
      { header: 'audit only' },
      { header: 'CI' },
    ],
    rows,
  };
}

function judgedCells(row: Row, metric: Metric): string[] {
  const judge = row.judgeOnly?.[metric];
  const alone = row.auditOnly?.[metric];
  const lambda = row.correction?.[metric]?.lambda;
  return [
    label(metric, row.k),
    formatPercent(row[metric]),
    bounds(row.interval[metric]),
    lambda === undefined ? '—' : lambda.toFixed(2),
    formatPercent(judge?.estimate ?? null),
    bounds(judge?.interval),
    formatPercent(alone?.estimate ?? null),
    bounds(alone?.interval),
  ];
}

/** The notes under the table: what each column is, in lines of at most 100 characters. */
function judgedNotes(document: EstimateFileDocument): string[] {
  const audit = document.audit!;
  return [
    `corrected: the judge's per-task estimates on all ${audit.of} tasks plus the mean correction measured`,
    `  on the ${audit.tasks} audited (column ${terminalText(audit.column)}), prediction-powered inference (PPI++:`,
    '  Angelopoulos et al. 2023, 2024); λ weighs the judge (0: the audit alone, 1: plain PPI).',
    'judge only: the verdicts taken as the truth; audit only: the audited tasks alone.',
    'pass^1 equals pass@1 and is not repeated. Method and measured coverage: docs/judge-correction.md.',
  ];
}

/** Text view of `estimate FILE --truth-col`: the answer, the table, the notes. */
export function formatJudgedEstimate(document: EstimateFileDocument): string {
  const header = `${terminalText(document.source.file)}: ${document.source.rows} attempts over ${document.tasks} tasks, ${describeTrials(document.trials)}`;
  const table = judgedEstimateTable(document);
  return `${header}\n\n${judgedAnswer(document)}\n\n${renderTable(table.columns, table.rows)}\n\n${judgedNotes(document).join('\n')}\n`;
}

/** `estimate FILE --truth-col --markdown`. */
export function judgedEstimateMarkdown(document: EstimateFileDocument): string {
  const audit = document.audit!;
  const header = `**${inertMarkdown(document.source.file)}**: ${document.source.rows} attempts over ${document.tasks} tasks, ${describeTrials(document.trials)}; the truth (${inertMarkdown(audit.column)}) on ${audit.tasks} of ${audit.of} tasks`;
  const method =
    'judge-corrected: prediction-powered inference over tasks (PPI++); judge only: the verdicts taken as the truth; audit only: the audited tasks alone (docs/judge-correction.md).';
  return withinCommentLimit(`${header}\n\n${markdownTable(judgedEstimateTable(document))}\n\n<sub>${method} passk estimate.</sub>\n`);
}
