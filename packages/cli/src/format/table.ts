import { displayWidth } from './displayWidth.js';
import { terminalText } from './terminalText.js';

/** Column alignment: numbers right (the default), text left. */
export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  /** 'right' when omitted (most columns hold numbers); text columns say 'left'. */
  readonly align?: Align;
}

/**
 * A table as data, drawn by both views: as text by `renderTable` and in the report by `htmlTable`
 * (report/htmlTable.ts), so the CLI and the page show the same columns and the same cells.
 */
export interface Table {
  readonly columns: readonly Column[];
  /** One array of already formatted cells per row, in column order. */
  readonly rows: readonly (readonly string[])[];
  /** What the table shows: the report's title above it (text views word their own lead line). */
  readonly title: string;
}

/**
 * A plain-text table: a header row, a rule, then the rows; columns padded to their widest cell,
 * widths in terminal columns (displayWidth: CJK ideographs take two, combining marks none, "≥"
 * and "—" one). Every header and cell is shown as terminal text (`terminalText`: a control
 * character in a task id or a name shows as `\x1b`, `\n`, …), so a row stays one line; our own
 * cells (numbers, words) have none and are shown as they are.
 */
export function renderTable(columns: readonly Column[], given: readonly (readonly string[])[]): string {
  const header = columns.map((column) => terminalText(column.header));
  const rows = given.map((row) => row.map(terminalText));
  // A reduce, not Math.max(...cells): a spread of a million rows overflows the stack.
  const widths = columns.map((_, i) => rows.reduce((widest, row) => Math.max(widest, displayWidth(row[i] ?? '')), displayWidth(header[i]!)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i]!, columns[i]!.align ?? 'right'))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function pad(text: string, size: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, size - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}
