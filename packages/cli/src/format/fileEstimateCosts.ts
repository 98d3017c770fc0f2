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
  const total = summary.values.reduce((a, b) => a + b, 0);
  const withValue = summary.perTask.filter((task) => task.count > 0);
  const taskAveraged = withValue.reduce((sum, task) => sum + task.sum / task.count, 0) / Math.max(1, withValue.length);
  return {
    from: summary.from,
    attempts: summary.attempts,
    perAttempt: total / Math.max(1, summary.values.length),
    perTaskInLog: total / Math.max(1, tasks),
    perAttemptTaskAveraged: taskAveraged,
    rows: passAtK.map(({ k, passAtK: p }) => ({ k, perTask: k * taskAveraged, perSolvedTask: p === null || p === 0 ? null : (k * taskAveraged) / p })),
  };
}

function amount(value: number | null, unit: 'cost' | 'latency'): string {
  if (value === null) return '—';
  if (unit === 'latency') return `${value.toPrecision(4)} s`;
  return value >= 1 ? value.toFixed(2) : value.toPrecision(3);
}

/** The text block under the estimate table: where the amounts come from, their means, and per k the cost to reach pass@k. */
export function formatFileEstimateCosts(cost: FileEstimateAmount | null, latency: FileEstimateAmount | null, attempts: number): string {
  const lines: string[] = [];
  if (cost !== null && cost.attempts > 0) {
    lines.push(
      `Cost from ${cost.from} (${cost.attempts} of ${attempts} attempts have one): ${amount(cost.perAttempt, 'cost')} per attempt, ` +
        `${amount(cost.perTaskInLog, 'cost')} per task in the log; task-averaged per attempt c̄ = ${amount(cost.perAttemptTaskAveraged, 'cost')}.`,
    );
    const rows = cost.rows.map((row) => [String(row.k), amount(row.perTask, 'cost'), amount(row.perSolvedTask, 'cost')]);
    lines.push(renderTable([{ header: 'k' }, { header: 'cost per task (k·c̄)' }, { header: 'per solved task (k·c̄ / pass@k)' }], rows));
  }
  if (latency !== null && latency.attempts > 0) {
    lines.push(
      `Latency from ${latency.from} (${latency.attempts} of ${attempts} attempts): ${amount(latency.perAttempt, 'latency')} per attempt, ` +
        `${amount(latency.perTaskInLog, 'latency')} per task in the log.`,
    );
  }
  return lines.length === 0 ? '' : `\n${lines.join('\n')}\n`;
}
