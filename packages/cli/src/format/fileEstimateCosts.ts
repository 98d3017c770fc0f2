import { amountCoverage, MIN_RECORDED_SHARE, notRecordedLine, type AmountCoverage } from '../io/amountRecorded.js';
import type { AttemptAmountSummary } from '../io/readTaskCounts.js';
import { renderTable } from './table.js';

/** Cost (or latency) of `estimate FILE` from the log's per-attempt amounts (the JSON contract's `cost` / `latency`). */
export interface FileEstimateAmount {
  readonly from: string;
  /** Attempts with a value. */
  readonly attempts: number;
  /** Mean over attempts with a value. */
  readonly perAttempt: number;
  /** Mean over tasks of each task's total in the log. */
  readonly perTaskInLog: number;
  /** Mean over tasks of each task's mean per attempt: c̄, the expected amount of one attempt at a random task. */
  readonly perAttemptTaskAveraged: number;
  /** Per k: k·c̄ per task (k attempts at every task), and that divided by pass@k: per task solved. */
  readonly rows: readonly { readonly k: number; readonly perTask: number; readonly perSolvedTask: number | null }[];
}

/**
 * The amounts of a log for the text and JSON views. Spending k attempts on every task costs k·c̄ per
 * task (c̄ = the task-averaged mean per attempt) and solves a share pass@k of the tasks, so the cost
 * to reach pass@k is k·c̄ / pass@k per solved task (null where pass@k is 0 or not estimable).
 */
export function fileEstimateAmount(
  summary: AttemptAmountSummary,
  tasks: number,
  passAtK: readonly { k: number; passAtK: number | null }[],
): FileEstimateAmount {
  // Summed in reading order as the amounts streamed (io/amountSketch.ts).
  const total = summary.amounts.sum;
  const withValue = summary.perTask.filter((task) => task.count > 0);
  const taskAveraged = withValue.reduce((sum, task) => sum + task.sum / task.count, 0) / Math.max(1, withValue.length);
  return {
    from: summary.from,
    attempts: summary.attempts,
    perAttempt: total / Math.max(1, summary.amounts.count),
    perTaskInLog: total / Math.max(1, tasks),
    perAttemptTaskAveraged: taskAveraged,
    rows: passAtK.map(({ k, passAtK: p }) => ({ k, perTask: k * taskAveraged, perSolvedTask: p === null || p === 0 ? null : (k * taskAveraged) / p })),
  };
}

/** An amount the log does not record (JSON `costNotRecorded` / `latencyNotRecorded`): what was read and how few attempts carry it. */
export interface NotRecordedAmount {
  readonly from: string;
  /** Attempts read. */
  readonly attempts: number;
  /** Attempts with a value > 0. */
  readonly carrying: number;
  readonly rule: string;
}

/** A log's cost and latency for `estimate FILE`: each priced when recorded (io/amountRecorded.ts), else named as not recorded. */
export interface FileEstimateAmounts {
  readonly cost: FileEstimateAmount | null;
  readonly latency: FileEstimateAmount | null;
  readonly costNotRecorded: NotRecordedAmount | null;
  readonly latencyNotRecorded: NotRecordedAmount | null;
}

const NOT_RECORDED_RULE = `an amount is recorded when at least ${MIN_RECORDED_SHARE * 100} % of the attempts carry a value > 0; zeros and blanks count as not recorded`;

function notRecorded(coverage: AmountCoverage): NotRecordedAmount {
  return { from: coverage.from, attempts: coverage.attempts, carrying: coverage.carrying, rule: NOT_RECORDED_RULE };
}

/**
 * The cost and latency of `estimate FILE` from the log's summaries: `fileEstimateAmount` for an
 * amount the log records, the counts that refused it for one it does not (all zero, or on fewer
 * than half the attempts): never priced from the few attempts that carry one, never averaged as 0.
 */
export function fileEstimateAmounts(
  counts: { readonly cost?: AttemptAmountSummary; readonly latency?: AttemptAmountSummary },
  tasks: number,
  passAtK: readonly { k: number; passAtK: number | null }[],
): FileEstimateAmounts {
  const one = (summary: AttemptAmountSummary | undefined) => {
    if (summary === undefined) return { priced: null, refused: null };
    const coverage = amountCoverage(summary);
    return coverage.recorded ? { priced: fileEstimateAmount(summary, tasks, passAtK), refused: null } : { priced: null, refused: notRecorded(coverage) };
  };
  const cost = one(counts.cost);
  const latency = one(counts.latency);
  return { cost: cost.priced, latency: latency.priced, costNotRecorded: cost.refused, latencyNotRecorded: latency.refused };
}

/** The document's fields for the amounts: `cost`, `latency`, `costNotRecorded`, `latencyNotRecorded`, each only when it applies. */
export function fileEstimateAmountFields(amounts: FileEstimateAmounts): Record<string, FileEstimateAmount | NotRecordedAmount> {
  const fields: Record<string, FileEstimateAmount | NotRecordedAmount> = {};
  if (amounts.cost !== null) fields.cost = amounts.cost;
  if (amounts.latency !== null) fields.latency = amounts.latency;
  if (amounts.costNotRecorded !== null) fields.costNotRecorded = amounts.costNotRecorded;
  if (amounts.latencyNotRecorded !== null) fields.latencyNotRecorded = amounts.latencyNotRecorded;
  return fields;
}

function amount(value: number | null, unit: 'cost' | 'latency'): string {
  if (value === null) return '—';
  if (unit === 'latency') return `${value.toPrecision(4)} s`;
  return value >= 1 ? value.toFixed(2) : value.toPrecision(3);
}

/** `(266 of 400 attempts have one; the other 134, blank or 0, are left out, not counted as 0)`. */
function coverageText(withValue: number, attempts: number): string {
  const rest = attempts - withValue;
  return rest > 0
    ? `${withValue} of ${attempts} attempts have one; the other ${rest}, blank or 0, are left out, not counted as 0`
    : `all ${attempts} attempts have one`;
}

/** The text block under the estimate table: where the amounts come from, their means, and per k the cost to reach pass@k; or why an amount is not priced. */
export function formatFileEstimateCosts(amounts: FileEstimateAmounts, attempts: number): string {
  const { cost, latency } = amounts;
  const lines: string[] = [];
  if (cost !== null && cost.attempts > 0) {
    lines.push(
      `Cost from ${cost.from} (${coverageText(cost.attempts, attempts)}): ${amount(cost.perAttempt, 'cost')} per attempt, ` +
        `${amount(cost.perTaskInLog, 'cost')} per task in the log; task-averaged per attempt c̄ = ${amount(cost.perAttemptTaskAveraged, 'cost')}.`,
    );
    const rows = cost.rows.map((row) => [String(row.k), amount(row.perTask, 'cost'), amount(row.perSolvedTask, 'cost')]);
    lines.push(renderTable([{ header: 'k' }, { header: 'cost per task (k·c̄)' }, { header: 'per solved task (k·c̄ / pass@k)' }], rows));
  }
  if (amounts.costNotRecorded !== null) lines.push(`${notRecordedLine('cost', amounts.costNotRecorded)}: not priced, and no 0 is averaged in.`);
  if (latency !== null && latency.attempts > 0) {
    lines.push(
      `Latency from ${latency.from} (${coverageText(latency.attempts, attempts)}): ${amount(latency.perAttempt, 'latency')} per attempt, ` +
        `${amount(latency.perTaskInLog, 'latency')} per task in the log.`,
    );
  }
  if (amounts.latencyNotRecorded !== null) lines.push(`${notRecordedLine('latency', amounts.latencyNotRecorded)}: not reported, and no 0 is averaged in.`);
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}
