/** Column alignment: numbers right, text left. */
export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align?: Align;
}

/**
 * A plain-text table: a header row, a rule, then the rows; columns padded to their widest cell
 * (width counted in code points, so "≥" and "—" line up).
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, i) => Math.max(width(column.header), ...rows.map((row) => width(row[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i]!, columns[i]!.align ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(columns.map((column) => column.header)), rule, ...rows.map(line)].join('\n');
}

function width(text: string): number {
  return [...text].length;
}

function pad(text: string, size: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, size - width(text)));
  return align === 'right' ? fill + text : text + fill;
}
