import type { TaskEstimate } from '@passk/sim/internal';
import { describeCoverage, methodName } from './describe.js';
import { describeTrials } from './describeTrials.js';
import { withinCommentLimit } from './commentLimit.js';
import { COST_INTERVAL_TEXT, costPerSolvedAnswer, costPerSolvedTable, type FileEstimateAmount } from './fileEstimateCosts.js';
import type { FileEstimate } from './fileEstimate.js';
import { fileEstimateTable } from './fileEstimateTable.js';
import { inertMarkdown } from './inertMarkdown.js';
import { markdownTable } from './markdownTable.js';
import { formatPercent, formatPercentInterval } from './percent.js';
import { rateTable } from './rateTable.js';
import { taskEstimateTable } from './taskEstimateTables.js';

/** `estimate FILE --markdown`: the file in one line (its name inert text, `inertMarkdown`), the table of the text view, the method in small print. */
export function fileEstimateMarkdown(result: FileEstimate, cost: FileEstimateAmount | null = null): string {
  const table = fileEstimateTable(result);
  const header = `**${inertMarkdown(result.source.file)}**: ${result.source.rows} attempts over ${result.tasks} tasks, ${describeTrials(result.trials)}`;
  const method = `unbiased per-task pass@k and pass^k averaged over tasks; ${describeCoverage(result.uncertainty.confidence, result.uncertainty.sides)} intervals: CI (tasks) for the task population, CI (trials) for these tasks rerun (docs/uncertainty.md).`;
  const answer = cost === null ? null : costPerSolvedAnswer(cost, result.uncertainty.confidence);
  const costs =
    cost === null
      ? ''
      : `\n${answer === null ? '' : `${answer}\n\n`}${markdownTable(costPerSolvedTable(cost))}\n\n<sub>cost from ${inertMarkdown(cost.from)}; CI: ${COST_INTERVAL_TEXT}.</sub>\n`;
  return withinCommentLimit(`${header}\n\n${markdownTable(table)}\n\n<sub>${method} passk estimate.</sub>\n${costs}`);
}

/** `estimate --n --c --markdown`. */
export function taskEstimateMarkdown(estimate: TaskEstimate): string {
  const { n, c, p } = estimate;
  const coverage = describeCoverage(p.confidence, p.sides, p.tail);
  const header = `**${c} of ${n} trials correct**: p = ${formatPercent(p.estimate)}, ${coverage} ${methodName(p.method)} interval ${formatPercentInterval(p.lower, p.upper)}`;
  return withinCommentLimit(
    `${header}\n\n${markdownTable(taskEstimateTable(estimate.rows))}\n\n<sub>unbiased pass@k and pass^k; intervals: the interval for p mapped to each k. passk estimate.</sub>\n`,
  );
}

/** `estimate --p --markdown`. */
export function rateMarkdown(p: number, rows: readonly { k: number; passAtK: number; passHatK: number }[]): string {
  return withinCommentLimit(`**p = ${formatPercent(p)} per attempt**, attempts independent\n\n${markdownTable(rateTable(rows))}\n`);
}
