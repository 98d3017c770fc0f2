import { amountCoverage, MIN_RECORDED_SHARE, notRecordedLine, type AmountCoverage } from '../io/amountRecorded.js';
import { COST_INTERVAL_METHOD, costPerSolved, type CostTask } from '@passk/sim/internal';
import type { AttemptAmountSummary, TaskCounts } from '../io/readTaskCounts.js';
import { documentInterval } from '../results/intervalSchema.js';
import { describeLevel } from './describe.js';
import { renderTable } from './table.js';
import type { Interval, LabelledInterval } from '@passk/sim/internal';

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
  /** Its standard error over tasks, sd(c̄_t)/√T (null with fewer than 2 tasks). */
  readonly perAttemptSe: number | null;
  /**
   * Per k: k·c̄ per task (k attempts at every task) and the amount per solved task, Σk·c̄_t / Σπ̂_t(k)
   * over the tasks with a value and n ≥ k (`costPerSolved`), with its interval over tasks.
   */
  readonly rows: readonly FileEstimateAmountRow[];
}

/** One k of `FileEstimateAmount.rows`. */
export interface FileEstimateAmountRow {
  readonly k: number;
  /** Tasks the row is over: with a value and n ≥ k. */
  readonly tasks: number;
  readonly perTask: number;
  /** null where nothing was solved within k. */
  readonly perSolvedTask: number | null;
  /** Two-sided interval of perSolvedTask at the estimate's confidence; null with fewer than 2 tasks or nothing solved. */
  readonly perSolvedTaskInterval: LabelledInterval | null;
}

/** What `estimate FILE` reads the amounts from: the per-task counts and the summaries of its amounts. */
export type AmountCounts = Pick<TaskCounts, 'n' | 'c' | 'cost' | 'latency'>;

/**
 * The amounts of a log for the text and JSON views. Spending k attempts on every task costs k·c̄ per
 * task (c̄ = the task-averaged mean per attempt) and solves a share pass@k of the tasks; per solved
 * task it costs R_k = Σ_t k·c̄_t / Σ_t π̂_t(k) with its interval over tasks (`costPerSolved`, the
 * log-scale delta interval: bench/decisions/costCoverage.mjs, docs/costs.md).
 */
export function fileEstimateAmount(summary: AttemptAmountSummary, counts: AmountCounts, ks: readonly number[], confidence: number): FileEstimateAmount {
  // Summed in reading order as the amounts streamed (io/amountSketch.ts).
  const total = summary.amounts.sum;
  const tasks: CostTask[] = summary.perTask.map((task, i) => ({ n: counts.n[i]!, c: counts.c[i]!, cost: task.sum, priced: task.count }));
  const perAttempt = costPerSolved(tasks, { k: 1, confidence }).perAttempt;
  return {
    from: summary.from,
    attempts: summary.attempts,
    perAttempt: total / Math.max(1, summary.amounts.count),
    perTaskInLog: total / Math.max(1, counts.n.length),
    perAttemptTaskAveraged: perAttempt.value,
    perAttemptSe: perAttempt.se,
    rows: ks.map((k) => {
      const found = costPerSolved(tasks, { k, confidence });
      return {
        k,
        tasks: found.tasks,
        perTask: found.perTask,
        perSolvedTask: found.value,
        perSolvedTaskInterval: found.interval && documentInterval(found.interval, confidence, COST_INTERVAL_TEXT),
      };
    }),
  };
}

/** The interval method of cost per solved task, as documents name it. */
export const COST_INTERVAL_TEXT = `${COST_INTERVAL_METHOD === 'log' ? 'log-scale delta method' : COST_INTERVAL_METHOD} over tasks (docs/costs.md)`;

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
export function fileEstimateAmounts(counts: AmountCounts, ks: readonly number[], confidence: number): FileEstimateAmounts {
  const one = (summary: AttemptAmountSummary | undefined) => {
    if (summary === undefined) return { priced: null, refused: null };
    const coverage = amountCoverage(summary);
    return coverage.recorded
      ? { priced: fileEstimateAmount(summary, counts, ks, confidence), refused: null }
      : { priced: null, refused: notRecorded(coverage) };
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

/** The text block under the estimate table: where the amounts come from, their means, and per k the cost per solved task with its interval; or why an amount is not priced. */
export function formatFileEstimateCosts(amounts: FileEstimateAmounts, attempts: number, confidence: number): string {
  const { cost, latency } = amounts;
  const lines: string[] = [];
  if (cost !== null && cost.attempts > 0) {
    const answer = costPerSolvedAnswer(cost, confidence);
    if (answer !== null) lines.push(answer);
    lines.push(
      `Cost from ${cost.from} (${coverageText(cost.attempts, attempts)}): ${amount(cost.perAttempt, 'cost')} per attempt, ` +
        `${amount(cost.perTaskInLog, 'cost')} per task in the log; task-averaged per attempt c̄ = ${amount(cost.perAttemptTaskAveraged, 'cost')}.`,
    );
    const table = costPerSolvedTable(cost);
    lines.push(renderTable(table.columns, table.rows), `per solved task: Σ k·c̄_t / Σ pass@k_t; CI: ${COST_INTERVAL_TEXT}.`);
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

/** Rows of cost per solved task as a table: k, k·c̄, per solved task and its interval (text, Markdown, report). */
export function costPerSolvedTable(cost: Pick<FileEstimateAmount, 'rows'>): { columns: { header: string }[]; rows: string[][] } {
  return {
    columns: ['k', 'cost per task (k·c̄)', 'per solved task', 'CI (tasks)'].map((header) => ({ header })),
    rows: cost.rows.map((row) => [
      String(row.k),
      amount(row.perTask, 'cost'),
      amount(row.perSolvedTask, 'cost'),
      row.perSolvedTaskInterval === null ? '—' : bracket(row.perSolvedTaskInterval),
    ]),
  };
}

/** `Cost per solved task at k = 1: 2.83 [0.662, 12.07] (95% two-sided CI over 69 tasks).`, or null where nothing was solved. */
export function costPerSolvedAnswer(cost: Pick<FileEstimateAmount, 'rows'>, confidence: number): string | null {
  const first = cost.rows[0];
  if (first === undefined || first.perSolvedTask === null) return null;
  const interval = first.perSolvedTaskInterval === null ? '' : ` ${bracket(first.perSolvedTaskInterval)}`;
  return `Cost per solved task at k = ${first.k}: ${amount(first.perSolvedTask, 'cost')}${interval} (${describeLevel(confidence)} two-sided CI over ${first.tasks} tasks).`;
}

function bracket(interval: Interval): string {
  return `[${amount(interval.lower, 'cost')}, ${amount(interval.upper, 'cost')}]`;
}
