import type { DroppedSummary } from '../io/droppedRows.js';
import type { TaskCounts } from '../io/readTaskCounts.js';
import type { ResultsColumns } from '../io/resultsColumns.js';
import { describeTree } from './describeTree.js';
import { terminalText } from './terminalText.js';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `read as terminal-bench (detected; --format forces another): task "task_id", success "is_resolved", trial "trial_name"`. */
export function describeFormat(format: string, columns: ResultsColumns, forced: boolean): string {
  const parts = [`task ${JSON.stringify(columns.task)}`];
  if (columns.success !== undefined) parts.push(`success ${JSON.stringify(columns.success)}`);
  if (columns.reward !== undefined) parts.push(`reward ${JSON.stringify(columns.reward)} (${columns.successWhen ?? `≥ ${columns.threshold ?? 1}`})`);
  if (columns.counts !== undefined) parts.push(`counts ${JSON.stringify(columns.counts[0])}, ${JSON.stringify(columns.counts[1])}`);
  if (columns.rate !== undefined)
    parts.push(`rate ${JSON.stringify(columns.rate)} × n = ${columns.nKey === undefined ? columns.n : `the length of ${JSON.stringify(columns.nKey)}`}`);
  if (columns.scorer !== undefined)
    parts.push(`scorer ${JSON.stringify(columns.scorer)}${columns.scoreKey === undefined ? '' : `, key ${JSON.stringify(columns.scoreKey)}`}`);
  if (columns.trial !== undefined) parts.push(`trial ${JSON.stringify(columns.trial)}`);
  if (columns.episode !== undefined) parts.push(`episode ${JSON.stringify(columns.episode)}`);
  if (columns.attempt !== undefined) parts.push(`${columns.episode === undefined ? 'run order' : 'attempt'} ${JSON.stringify(columns.attempt)}`);
  return `read as ${format} (${forced ? 'as named by --format' : 'detected; --format forces another'}): ${parts.join(', ')}`;
}

/**
 * What was done with attempts without an outcome and rows marked as errors, one line each, e.g.
 * `29 attempts without an outcome counted as failures (--missing fail: terminal-bench's rule; --missing drop leaves them out)`.
 */
export function describeDropped(dropped: DroppedSummary, format: string): string[] {
  const lines: string[] = [];
  const rule = dropped.missingIsDefault ? `the default for ${format}` : 'as asked';
  if (dropped.countedAsFailures > 0) {
    lines.push(
      `${plural(dropped.countedAsFailures, 'attempt')} without an outcome counted as failures (--missing fail, ${rule}; --missing drop leaves them out)`,
    );
  }
  if (dropped.reasons.missing > 0) {
    lines.push(`dropped ${plural(dropped.reasons.missing, 'attempt')} without an outcome (--missing drop, ${rule}; --missing fail counts them as failures)`);
  }
  if (dropped.reasons.error > 0) {
    lines.push(`dropped ${plural(dropped.reasons.error, 'row')} marked as errors (--on-error fail makes them errors)`);
  }
  if (dropped.tasks > 0) lines.push(`${plural(dropped.tasks, 'task')} left with no rows, not in the estimates`);
  return lines;
}

/** The note on task ids written in a Unicode form other than NFC (read as their NFC form), when there were any. */
export function describeIdForms(counts: Pick<TaskCounts, 'normalizedIds'>): string[] {
  const count = counts.normalizedIds ?? 0;
  if (count === 0) return [];
  return [
    `${plural(count, 'task id')} not in Unicode NFC read as ${count === 1 ? 'its' : 'their'} NFC form (ids are compared after NFC: one id in two forms is one task)`,
  ];
}

/** A text view with lines under its first (the input summary): the format read, what was done with missing outcomes and error rows. */
export function withSourceLines(text: string, counts: TaskCounts, forced: boolean): string {
  const lines = [describeFormat(counts.format, counts.columns, forced), ...describeDropped(counts.dropped, counts.format), ...describeIdForms(counts)];
  if (counts.where.length > 0) lines.splice(1, 0, `only rows with ${counts.where.join(', ')} (--where)`);
  if (counts.tree !== undefined) lines.unshift(describeTree(counts.tree));
  const firstLineEnd = text.indexOf('\n');
  // Column names, --where conditions and walked folders are data: shown as terminal text, each line one line.
  return `${text.slice(0, firstLineEnd + 1)}${lines.map(terminalText).join('\n')}\n${text.slice(firstLineEnd + 1)}`;
}
