import type { ChartSpec } from '../charts/chartSpec.js';
import { labelledSvg } from '../charts/labelledSvg.js';
import { loadChartRenderer } from '../charts/loadChartRenderer.js';
import { NARROW_MAX_SVG, NARROW_WIDTH, narrowSpec } from '../charts/narrowSpec.js';
import { html, trustedHtml, type SafeHtml } from './html.js';
import { htmlTable } from './htmlTable.js';
import { inlineSvg } from './inlineSvg.js';

/** Data rows shown in a chart's table (the rest are counted, not listed). */
const MAX_TABLE_ROWS = 120;

/**
 * One chart in the page: the wide drawing and a narrow one for phones (CSS shows one, by width),
 * both without the chart's title (the figure caption carries title and caption as text, which
 * wraps with the page); each SVG is an image labelled by its own <title> and <desc>; under it, a
 * collapsed table of the data drawn, for screen readers and for reading exact values.
 */
export async function chartFigure(chart: ChartSpec, prefix: string): Promise<SafeHtml> {
  // Loaded when drawn (vega and vega-lite are ES modules with top-level await: import() only).
  const { renderSvg } = await loadChartRenderer();
  const bare = withoutTitle(chart.spec);
  const [wide, narrow] = await Promise.all([renderSvg(bare), renderNarrow(bare)]);
  const svg = (markup: string, variant: string) =>
    trustedHtml(labelledSvg(inlineSvg(markup, `${prefix}${variant}-`), `${prefix}${variant}`, chart.title, chart.caption, variant));
  return html`<figure class="chart" data-chart="${chart.kind}">
<figcaption><strong class="chart-title">${chart.title}</strong> ${chart.caption}</figcaption>
${svg(wide, 'wide')}
${svg(narrow, 'narrow')}
${dataTable(chart.spec)}
</figure>
`;
}

/**
 * The narrow drawing, its plots made narrower until the whole SVG (axes, labels and legends as
 * vega lays them out) is at most NARROW_MAX_SVG wide, so a phone shows it at its natural size.
 */
async function renderNarrow(spec: object): Promise<string> {
  let width = NARROW_WIDTH;
  const { renderSvg } = await loadChartRenderer();
  let svg = await renderSvg(narrowSpec(spec, width));
  for (let tries = 0; tries < 3; tries++) {
    const drawn = Number(/^<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? 0);
    if (drawn <= NARROW_MAX_SVG || width <= MIN_NARROW_PLOT) break;
    width = Math.max(MIN_NARROW_PLOT, Math.floor(width - (drawn - NARROW_MAX_SVG)));
    svg = await renderSvg(narrowSpec(spec, width));
  }
  return svg;
}

/** Plots get no narrower than this on a phone (a chart that is still too wide is scaled down). */
const MIN_NARROW_PLOT = 120;

/** The spec without its title (the page shows it as text). */
function withoutTitle(spec: object): object {
  const { title: _title, ...rest } = spec as { title?: unknown };
  return rest;
}

/**
 * The chart's data as a table: every row of every inline data set (`data.values`) of the spec,
 * with the columns that hold numbers or text; numbers to 4 significant digits.
 */
function dataTable(spec: object): SafeHtml {
  const rows = dataRows(spec);
  if (rows.length === 0) return html``;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => ['number', 'string', 'boolean'].includes(typeof row[key]))))];
  const shown = rows.slice(0, MAX_TABLE_ROWS);
  const cell = (value: unknown) =>
    typeof value === 'number' ? String(Number(value.toPrecision(4))) : value === undefined || value === null ? '' : String(value);
  return html`<details class="chart-data"><summary>Data table (${rows.length} rows)</summary>
${htmlTable(
  columns.map((header) => ({ header, align: 'left' as const })),
  shown.map((row) => columns.map((column) => cell(row[column]))),
)}${rows.length > shown.length ? html`<p class="table-title">… and ${rows.length - shown.length} more rows (in the chart's .vl.json).</p>` : ''}</details>`;
}

function dataRows(node: unknown): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap(dataRows);
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const own =
    typeof record.data === 'object' && record.data !== null && Array.isArray((record.data as { values?: unknown }).values)
      ? (record.data as { values: Record<string, unknown>[] }).values
      : [];
  return [
    ...own,
    ...Object.entries(record)
      .filter(([key]) => key !== 'data' && key !== 'config')
      .flatMap(([, value]) => dataRows(value)),
  ];
}
