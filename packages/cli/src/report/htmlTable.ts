import type { Column } from '../format/table.js';
import { html, trustedHtml, type HtmlValue, type SafeHtml } from './html.js';

/** Tables with more columns than this fold on a narrow screen: each row a card, each cell labelled with its column. */
export const FOLD_COLUMNS = 3;
/** Tables with more columns than this also wrap their headers and cells on a desktop, so that they fit the column. */
export const WIDE_COLUMNS = 8;

/**
 * A report table: a header row, then one row per entry; right-aligned columns (numbers, the
 * default) get tabular figures (CSS class `num`), left-aligned ones class `text`. Cells are escaped
 * unless they are SafeHtml. The columns are the text tables' (format/table.ts), so a table built
 * once in format/ draws the same here and in the terminal. Every cell carries its column's header
 * (`data-label`): a table wider than FOLD_COLUMNS folds into labelled cards at 600 px and below
 * (reportStyles.ts), so that no column hides off the side of a phone. The title and the table are
 * one block, so print keeps them together.
 */
export function htmlTable(columns: readonly Column[], rows: readonly (readonly HtmlValue[])[], caption?: string): SafeHtml {
  const cls = (column: Column) => (column.align === 'left' ? 'text' : 'num');
  // The title sits above the table as a paragraph (a <caption> would wrap to the table's width).
  const classes = [...(columns.length > FOLD_COLUMNS ? ['fold'] : []), ...(columns.length > WIDE_COLUMNS ? ['wide'] : [])];
  const fold = classes.length === 0 ? '' : ` class="${classes.join(' ')}"`;
  return html`<div class="table-block">${caption === undefined ? '' : html`<p class="table-title">${caption}</p>`}<div class="table-wrap"><table${trustedHtml(fold)}>
<thead><tr>${columns.map((column) => html`<th scope="col" class="${cls(column)}">${column.header}</th>`)}</tr></thead>
<tbody>
${rows.map((row) => html`<tr>${row.map((cell, i) => html`<td class="${cls(columns[i] ?? {})}" data-label="${columns[i]?.header ?? ''}">${cell}</td>`)}</tr>\n`)}</tbody>
</table></div></div>`;
}
