import { html, type HtmlValue, type SafeHtml } from './html.js';

export interface HtmlColumn {
  readonly header: string;
  /** Numbers right-aligned (default), text left. */
  readonly align?: 'left' | 'right';
}

/**
 * A report table: a header row, then one row per entry; numeric columns right-aligned with tabular
 * figures (CSS class `num`). Cells are escaped unless they are SafeHtml.
 */
export function htmlTable(columns: readonly HtmlColumn[], rows: readonly (readonly HtmlValue[])[], caption?: string): SafeHtml {
  const cls = (column: HtmlColumn) => (column.align === 'left' ? 'text' : 'num');
  // The title sits above the table as a paragraph (a <caption> would wrap to the table's width).
  return html`${caption === undefined ? '' : html`<p class="table-title">${caption}</p>`}<div class="table-wrap"><table>
<thead><tr>${columns.map((column) => html`<th scope="col" class="${cls(column)}">${column.header}</th>`)}</tr></thead>
<tbody>
${rows.map((row) => html`<tr>${row.map((cell, i) => html`<td class="${cls(columns[i] ?? {})}">${cell}</td>`)}</tr>\n`)}</tbody>
</table></div>`;
}
