import type { Requirement } from '../args/parseRequirement.js';
import { isCostMetric } from '../args/parseRequirement.js';
import { metricAt } from './compareAnswer.js';
import { withinCommentLimit } from './commentLimit.js';
import { inertMarkdown } from './inertMarkdown.js';
import { markdownTable } from './markdownTable.js';
import { formatPercent } from './percent.js';
import { formatPoints } from './points.js';
import { renderTable, type Table } from './table.js';
import type { TerminalReport } from './terminalReport.js';
import { terminalText } from './terminalText.js';

/** One requirement checked: the estimate, the confidence bound it was judged by, and the outcome. */
export interface GateCheck {
  readonly requirement: Requirement;
  readonly estimate: number;
  /** The one-sided bound: lower for ≥ and >, upper for ≤ and <. */
  readonly bound: number;
  readonly side: 'lower' | 'upper';
  /** How the bound was computed, e.g. "task-population score interval, 80 tasks". */
  readonly method: string;
  readonly pass: boolean;
}

export interface GateResult {
  readonly file: string;
  readonly baseline: string | null;
  readonly confidence: number;
  readonly checks: readonly GateCheck[];
}

/** The checks as a table: outcome, requirement, estimate, bound (both as percentages, or points for deltas). */
export function gateTable(result: GateResult): Table {
  const level = `${Number((result.confidence * 100).toFixed(1))}%`;
  const value = (check: GateCheck, x: number) =>
    isCostMetric(check.requirement.metric) ? costAmount(x, check.requirement.delta) : check.requirement.delta ? formatPoints(x) : formatPercent(x);
  return {
    title: `Requirements, each judged by its one-sided ${level} confidence bound`,
    columns: [
      { header: 'result', align: 'left' },
      { header: 'requirement', align: 'left' },
      { header: 'estimate' },
      { header: `${level} bound` },
      { header: 'bound from', align: 'left' },
    ],
    rows: result.checks.map((check) => [
      check.pass ? 'PASS' : 'FAIL',
      check.requirement.text.trim(),
      value(check, check.estimate),
      `${check.side} ${value(check, check.bound)}`,
      check.method,
    ]),
  };
}

/** Text view: a header naming what was gated, one line per requirement; the overall outcome last (`PASS 3/3 requirements met`). */
export function formatGate(result: GateResult): TerminalReport {
  const table = gateTable(result);
  const failed = result.checks.filter((check) => !check.pass);
  const total = result.checks.length;
  const verdict =
    failed.length === 0
      ? `PASS ${total}/${total} requirement${total === 1 ? '' : 's'} met`
      : `FAIL ${failed.length}/${total} requirement${total === 1 ? '' : 's'} failed: ${failed.map((check) => terminalText(check.requirement.text.trim())).join(', ')}`;
  return { body: `${header(result, terminalText)}\n\n${renderTable(table.columns, table.rows)}\n`, verdict };
}

/**
 * Markdown view (also what is appended to $GITHUB_STEP_SUMMARY): file names and requirements as
 * inert text (`inertMarkdown`, `markdownTable`), the whole within GitHub's comment limit.
 */
export function formatGateMarkdown(result: GateResult): string {
  return withinCommentLimit(`### passk gate: ${summary(result)}\n\n${markdownTable(gateTable(result))}\n\n<sub>${header(result, inertMarkdown)}</sub>\n`);
}

/** What was gated and how, the file names shown by `show` (terminal text or inert Markdown). */
function header(result: GateResult, show: (data: string) => string): string {
  const against = result.baseline === null ? '' : ` against ${show(result.baseline)}`;
  const level = `${Number((result.confidence * 100).toFixed(1))}%`;
  return `passk gate: ${show(result.file)}${against}; a requirement passes when its one-sided ${level} confidence bound meets the threshold (lower bound for ≥ and >, upper for ≤ and <)`;
}

function summary(result: GateResult): string {
  const failed = result.checks.filter((check) => !check.pass).length;
  const total = result.checks.length;
  return failed === 0
    ? `PASS (${total} of ${total} requirement${total === 1 ? '' : 's'} met)`
    : `FAIL (${failed} of ${total} requirement${total === 1 ? '' : 's'} failed)`;
}

/** A cost as the table shows it: 4 significant digits, signed for a difference. */
function costAmount(x: number, signed: boolean): string {
  const text = Number(x.toPrecision(4)).toString();
  return signed && x >= 0 ? `+${text}` : text.replace('-', '−');
}

/** The metric of a requirement in words, for messages: "pass^4", "delta of pass@1". */
export function requirementMetric(requirement: Requirement): string {
  const { metric, k } = requirement;
  const name = isCostMetric(metric) ? (metric === 'costPerSolved' ? `cost per solved task at k = ${k}` : 'cost per attempt') : metricAt(metric, k);
  return requirement.delta ? `the difference in ${name}` : name;
}
