import { wrapLine } from './theme.js';

/** The theme's axis title size (px), for wrapping x-axis titles. */
const AXIS_TITLE_SIZE = 12;

/** Plot width of a chart drawn for a phone: with axes and padding the SVG stays under ~350 px. */
export const NARROW_WIDTH = 240;
/** The widest a narrow chart's SVG may be: a 390 px phone less the page's margins. */
export const NARROW_MAX_SVG = 350;
/** Characters per line of a wrapped legend label on a phone (vega estimates 0.8 em per character). */
const LEGEND_LINE = 22;
/** Legend labels longer than this many pixels are cut (with "…") on a phone. */
const NARROW_LABEL_LIMIT = 210;

/**
 * The same chart laid out for a narrow screen (≤ 600 px) at its natural size, so its text keeps the
 * theme's sizes (≥ 11 px) instead of being scaled down with a wide SVG: every plot `width` (default
 * NARROW_WIDTH) wide, side-by-side panels (hconcat, facet columns) stacked (vconcat, facet rows), legends below the plot, long legend
 * labels cut. The data and marks are unchanged.
 * Example: narrowSpec({ width: 600, hconcat: [{ width: 290 }] }) = { width: 250, vconcat: [{ width: 250 }] }.
 */
export function narrowSpec(spec: object, width = NARROW_WIDTH): object {
  const out = narrow(spec, null, width) as { config?: { legend?: object } };
  // Several legends below the plot go under one another, not side by side.
  if (out.config) out.config = { ...out.config, legend: { ...out.config.legend, layout: { bottom: { direction: 'vertical', anchor: 'start' } } } };
  return out;
}

function narrow(node: unknown, key: string | null, width: number): unknown {
  if (Array.isArray(node)) return node.map((item) => narrow(item, null, width));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node)) {
    // `data.values` rows are data, not layout: copied as they are.
    if (name === 'values' && Array.isArray(value)) {
      out[name] = value;
      continue;
    }
    if (name === 'width' && typeof value === 'number' && value >= 100) out[name] = width;
    else if (name === 'hconcat') out.vconcat = narrow(value, name, width);
    // vega lays a title out at its estimated width (0.8 em per character): a long x-axis title would
    // widen the whole chart, so it is wrapped into lines that fit the plot.
    else if (key === 'x' && name === 'title' && typeof value === 'string') out[name] = wrapLine(value, Math.floor(width / (0.8 * AXIS_TITLE_SIZE)));
    else if (key === 'facet' && name === 'column') out.row = narrow(value, name, width);
    else if (key === 'legend' && name === 'orient' && (value === 'right' || value === 'left')) out[name] = 'bottom';
    else if (key === 'legend' && name === 'direction') out[name] = 'vertical';
    else if (key === 'legend' && name === 'columns') out[name] = 1;
    else if (key === 'legend' && name === 'labelLimit' && typeof value === 'number') out[name] = Math.min(value, NARROW_LABEL_LIMIT);
    else out[name] = narrow(value, name, width);
  }
  return wrapLegendLabels(out);
}

/**
 * A channel whose legend lists a fixed domain of long names (series, policies) gets those names
 * wrapped into lines (a labelExpr that maps each name to its lines), so that on a phone they are
 * told apart instead of being cut to the same first words.
 */
function wrapLegendLabels(channel: Record<string, unknown>): Record<string, unknown> {
  const scale = channel.scale as { domain?: unknown } | undefined;
  const legend = channel.legend;
  if (!scale || !Array.isArray(scale.domain) || typeof legend !== 'object' || legend === null || 'labelExpr' in legend) return channel;
  const names = scale.domain.filter((name): name is string => typeof name === 'string' && name.length > LEGEND_LINE);
  if (names.length === 0) return channel;
  const expr = names.reduceRight(
    (rest, name) => `datum.label === ${JSON.stringify(name)} ? ${JSON.stringify(wrapLine(name, LEGEND_LINE))} : ${rest}`,
    'datum.label',
  );
  return { ...channel, legend: { ...legend, labelExpr: expr, labelLimit: NARROW_LABEL_LIMIT } };
}
