import type { Column } from '../format/table.js';
import { html, type HtmlValue, type SafeHtml } from './html.js';

/**
 * A report table: a header row, then one row per entry; right-aligned columns (numbers, the
 * default) get tabular figures (CSS class `num`), left-aligned ones class `text`. Cells are escaped
 * unless they are SafeHtml. The columns are the text tables' (format/table.ts), so a table built
 * once in format/ draws the same here and in the terminal.
 */
export function htmlTable(columns: readonly Column[], rows: readonly (readonly HtmlValue[])[], caption?: string): SafeHtml {
  const cls = (column: Column) => (column.align === 'left' ? 'text' : 'num');
  // The title sits above the table as a paragraph (a <caption> would wrap to the table's width).
  return html`${caption === undefined ? '' : html`<p class="table-title">${caption}</p>`}<div class="table-wrap"><table>
<thead><tr>${columns.map((column) => html`<th scope="col" class="${cls(column)}">${column.header}</th>`)}</tr></thead>
<tbody>
${rows.map((row) => html`<tr>${row.map((cell, i) => html`<td class="${cls(columns[i] ?? {})}">${cell}</td>`)}</tr>\n`)}</tbody>
</table></div>`;
}
