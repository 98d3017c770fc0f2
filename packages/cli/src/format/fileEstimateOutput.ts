import type { FileEstimate } from './fileEstimate.js';
import { describeCoverage } from './describe.js';
import { describeTrials } from './describeTrials.js';
import { estimandNoteLines } from './estimandNotes.js';
import { fileEstimateTable } from './fileEstimateTable.js';
import { shortCoverage } from './describe.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { renderTable } from './table.js';
import type { TerminalReport } from './terminalReport.js';
import { terminalText } from './terminalText.js';

/** Text view of `estimate FILE`: one row per k with both intervals; the method notes; the verdict. */
export function formatFileEstimate(result: FileEstimate): TerminalReport {
  const { tasks, trials, uncertainty } = result;
  const header = `${terminalText(result.source.file)}: ${result.source.rows} attempts over ${tasks} tasks, ${describeTrials(trials)}`;
  const table = fileEstimateTable(result);
  const coverage = describeCoverage(uncertainty.confidence, uncertainty.sides);
  const notes = [
    'pass@k and pass^k: unbiased per-task estimates (Chen et al. 2021; Yao et al. 2024) averaged over tasks;',
    '  plug-in puts c/n into 1 − (1 − p)^k and p^k (biased for k > 1).',
    ...estimandNoteLines(uncertainty.estimands, coverage),
    '  Coverage of both, measured: docs/uncertainty.md (pnpm coverage-study).',
  ];
  if (uncertainty.bootstrap) {
    notes.push(
      `CI (bootstrap): ${coverage}, ${uncertainty.bootstrap.method}; ${uncertainty.bootstrap.replicates} replicates, seed ${uncertainty.bootstrap.seed} (conservative in most cells: docs/uncertainty.md).`,
    );
  }
  if (result.rows.some((row) => row.notEstimableTasks > 0)) {
    notes.push('tasks: where fewer than all, the others have n < k trials, where pass@k and pass^k are not estimable.');
  }
  return { body: `${header}\n\n${renderTable(table.columns, table.rows)}\n`, notes, verdict: fileEstimateVerdict(result) };
}

/**
 * The verdict line of `estimate FILE`: pass@k at the smallest k with its CI (tasks) and level.
 * Example: `estimate: pass@1 36.0% [27.9%, 44.9%] (CI (tasks), 95%; 80 tasks)`.
 */
export function fileEstimateVerdict(result: FileEstimate): string {
  const row = result.rows[0];
  if (row === undefined) return `estimate: no k estimated (${result.tasks} tasks)`;
  const bounds = row.interval.passAtK;
  const interval = bounds ? ` ${formatPercentInterval(bounds.lower, bounds.upper)}` : '';
  const { confidence, sides } = result.uncertainty;
  const level = shortCoverage(confidence, sides);
  return `estimate: pass@${row.k} ${formatPercent(row.passAtK)}${interval} (CI (tasks), ${level}; ${row.estimableTasks} tasks)`;
}
