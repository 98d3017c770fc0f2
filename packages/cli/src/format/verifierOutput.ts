import type { VerifierDocument, VerifierRow } from '../results/verifierSchema.js';
import { describeCoverage } from './describe.js';
import { inertMarkdown } from './inertMarkdown.js';
import { markdownTable } from './markdownTable.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { renderTable, type Table } from './table.js';
import { terminalText } from './terminalText.js';
import type { TerminalPart, TerminalReport } from './terminalReport.js';

/** The name a row goes by: its group, or "all" (with --by: "all (pooled)"). */
function rowName(document: VerifierDocument, row: VerifierRow): string {
  if (row.group !== null) return row.group;
  return document.source.by === null ? 'all' : 'all (pooled)';
}

/** Every row, then the pooled one when there is one. */
function allRows(document: VerifierDocument): VerifierRow[] {
  return document.pooled === null ? [...document.rows] : [...document.rows, document.pooled];
}

function rateCell(rate: VerifierRow['falseAccept']): string {
  return rate === null ? '—' : `${formatPercent(rate.rate)} ${formatPercentInterval(rate.interval.lower, rate.interval.upper)}`;
}

function shareCell(share: VerifierRow['accuracy']): string {
  return share === null ? '—' : formatPercent(share.value);
}

/** Names longer than this are cut in the text tables (the sentences below them name them in full). */
const NAME_WIDTH = 28;

/** The headline table: false accept and false reject with their intervals, judged and true pass@1. */
export function verifierRatesTable(document: VerifierDocument, nameWidth = Infinity): Table {
  return {
    title: 'False accept and false reject',
    columns: [
      { header: document.source.by ?? 'attempts', align: 'left' },
      { header: 'false accept' },
      { header: 'false reject' },
      { header: 'judged p@1' },
      { header: 'true p@1' },
    ],
    rows: allRows(document).map((row) => [
      cut(rowName(document, row), nameWidth),
      rateCell(row.falseAccept),
      rateCell(row.falseReject),
      shareCell(row.judgedPassAt1),
      shareCell(row.truePassAt1),
    ]),
  };
}

function cut(name: string, width: number): string {
  return name.length <= width ? name : `${name.slice(0, width - 1)}…`;
}

/** The counts behind the rates, and the accuracy. */
export function verifierCountsTable(document: VerifierDocument, nameWidth = Infinity): Table {
  return {
    title: 'Verdicts against the truth',
    columns: [
      { header: document.source.by ?? 'attempts', align: 'left' },
      { header: 'wrong' },
      { header: 'wrong accepted' },
      { header: 'right' },
      { header: 'right rejected' },
      { header: 'unparsed' },
      { header: 'accuracy' },
    ],
    rows: allRows(document).map((row) => {
      const { wrong, wrongAccepted, right, rightRejected, unparsed } = row.counts;
      const name = cut(rowName(document, row), nameWidth);
      return [name, String(wrong), String(wrongAccepted), String(right), String(rightRejected), String(unparsed), shareCell(row.accuracy)];
    }),
  };
}

/** One sentence on a row: what it accepts and rejects, and what that does to pass@1. */
export function verifierSentence(name: string, row: VerifierRow): string {
  const { falseAccept, falseReject, judgedPassAt1, truePassAt1 } = row;
  const accepts =
    falseAccept === null
      ? 'no wrong attempt to measure false accept on'
      : `accepts ${formatPercent(falseAccept.rate)} of wrong attempts ${formatPercentInterval(falseAccept.interval.lower, falseAccept.interval.upper)}`;
  const rejects =
    falseReject === null
      ? 'no right attempt to measure false reject on'
      : `rejects ${formatPercent(falseReject.rate)} of right ones ${formatPercentInterval(falseReject.interval.lower, falseReject.interval.upper)}`;
  const pass =
    judgedPassAt1 === null || truePassAt1 === null ? '' : `; judged pass@1 ${formatPercent(judgedPassAt1.value)}, true ${formatPercent(truePassAt1.value)}`;
  return `${name}: ${accepts}, ${rejects}${pass}.`;
}

/** "unparsed: 6 (compliant ×4, failure ×2)" for a row with unparsed verdicts; undefined without. */
export function unparsedLine(name: string, row: VerifierRow, show: (text: string) => string): string | undefined {
  if (row.counts.unparsed === 0) return undefined;
  const labels = row.unparsedLabels.slice(0, 5).map(({ label, count }) => `${label === '' ? '(blank)' : show(label)} ×${count}`);
  if (row.unparsedLabels.length > 5) labels.push(`… ${row.unparsedLabels.length} labels`);
  return `${name}: unparsed ${row.counts.unparsed} (${labels.join(', ')})`;
}

/** What was read, in one line: the verdict and truth columns, the inputs, the group column. */
function leadLine(document: VerifierDocument, show: (text: string) => string): string {
  const { source } = document;
  const judged = allRows(document).at(-1)!;
  const attempts = judged.counts.wrong + judged.counts.right;
  const files =
    source.verdicts.join(' ') === source.truth.join(' ')
      ? show(source.verdicts.join(' '))
      : `${show(source.verdicts.join(' '))} (verdicts) against ${show(source.truth.join(' '))} (truth)`;
  const by = source.by === null ? '' : `, one row per ${show(source.by)}`;
  return `Verdicts ${JSON.stringify(source.verdictColumn)} against truth ${JSON.stringify(source.truthColumn)}: ${attempts} attempts judged in ${files}${by}`;
}

/** The method in one line: what the rates are and how their intervals are computed. */
function methodNote(document: VerifierDocument): string {
  return (
    `False accept = P(accept | wrong), false reject = P(reject | right); ${describeCoverage(document.confidence, 2)} exact (Clopper–Pearson) intervals, ` +
    'attempts taken as independent. Unparsed verdicts are in no rate.'
  );
}

/** Notes after the tables: unmatched attempts, dropped rows, unparsed verdicts. */
function notes(document: VerifierDocument, show: (text: string) => string): string[] {
  const lines: string[] = [];
  const { unmatched, dropped } = document.source;
  if (unmatched !== null && unmatched.verdictsOnly + unmatched.truthOnly > 0) {
    lines.push(
      `unmatched: ${unmatched.verdictsOnly} verdicts without a truth, ${unmatched.truthOnly} truths without a verdict, left out (${unmatched.examples.map(show).join('; ')})`,
    );
  }
  if (dropped > 0) lines.push(`dropped ${dropped} ${dropped === 1 ? 'row' : 'rows'} without an outcome or marked as errors (--missing, --on-error)`);
  for (const row of allRows(document)) {
    if (row.group === null && document.rows.length > 1) continue;
    const line = unparsedLine(rowName(document, row), row, show);
    if (line !== undefined) lines.push(line);
  }
  return lines;
}

/** The text view: what was read, the rates table, one sentence per row, the counts, notes; the method behind --explain. */
export function formatVerifier(document: VerifierDocument): TerminalReport {
  const show = terminalText;
  const rates = verifierRatesTable(document, NAME_WIDTH);
  const counts = verifierCountsTable(document, NAME_WIDTH);
  const sentences = allRows(document).map((row) => verifierSentence(show(rowName(document, row)), row));
  const answer = [leadLine(document, show), '', renderTable(rates.columns, rates.rows), '', ...sentences, ''];
  const body: TerminalPart[] = [
    { text: `${answer.join('\n')}\n` },
    { text: `${renderTable(counts.columns, counts.rows)}\n\n`, wide: true },
    { text: `${notes(document, show).join('\n')}\n` },
  ];
  return { body, notes: [methodNote(document)], verdict: verifierVerdict(document) };
}

/** `verifier: false accept 73.9% [64.2%, 82.1%], false reject 10.3% [7.0%, 14.5%]`: all attempts (with --by, pooled). */
function verifierVerdict(document: VerifierDocument): string {
  const row = allRows(document).at(-1)!;
  return `verifier: false accept ${rateCell(row.falseAccept)}, false reject ${rateCell(row.falseReject)}`;
}

/** The Markdown view (a pull-request comment): the same tables and sentences, every name inert. */
export function formatVerifierMarkdown(document: VerifierDocument): string {
  const show = (text: string) => inertMarkdown(text, { lineStart: false });
  const sentences = allRows(document).map((row) => `- ${verifierSentence(show(rowName(document, row)), row)}`);
  return `${[
    `**${leadLine(document, show)}**`,
    '',
    markdownTable(verifierRatesTable(document)),
    '',
    ...sentences,
    '',
    markdownTable(verifierCountsTable(document)),
    '',
    ...[...notes(document, show), methodNote(document)].map((line) => `<sub>${line}</sub>`),
  ].join('\n')}\n`;
}
