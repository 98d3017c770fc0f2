import { inertMarkdown } from './inertMarkdown.js';
import type { Table } from './table.js';

/**
 * A table as GitHub-flavoured Markdown (a pipe table: header, alignment row, one line per row),
 * for pull-request comments and `$GITHUB_STEP_SUMMARY`. Every header and cell is inert text
 * (`inertMarkdown`: pipes, line breaks, HTML, links and mentions in a task id or a name cannot
 * break the table or turn into markup; long ones cut), so each row has as many cells as columns.
 * Example: columns k, pass@k and one row 1, 36.0% → "| k | pass@k |\n| ---: | ---: |\n| 1 | 36.0% |".
 */
export function markdownTable(table: Pick<Table, 'columns' | 'rows'>): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => inertMarkdown(cell, { lineStart: false })).join(' | ')} |`;
  const rule = `| ${table.columns.map((column) => ((column.align ?? 'right') === 'right' ? '---:' : ':---')).join(' | ')} |`;
  return [line(table.columns.map((column) => column.header)), rule, ...table.rows.map(line)].join('\n');
}
