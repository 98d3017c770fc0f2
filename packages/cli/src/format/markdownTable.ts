import type { Table } from './table.js';

/**
 * A table as GitHub-flavoured Markdown (a pipe table: header, alignment row, one line per row),
 * for pull-request comments and `$GITHUB_STEP_SUMMARY`. Pipes and line breaks in cells are escaped
 * so a task id cannot break the table.
 * Example: columns k, pass@k and one row 1, 36.0% → "| k | pass@k |\n| ---: | ---: |\n| 1 | 36.0% |".
 */
export function markdownTable(table: Pick<Table, 'columns' | 'rows'>): string {
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const rule = `| ${table.columns.map((column) => ((column.align ?? 'right') === 'right' ? '---:' : ':---')).join(' | ')} |`;
  return [line(table.columns.map((column) => column.header)), rule, ...table.rows.map(line)].join('\n');
}

function escapeCell(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}
