/** Plot width of a chart drawn for a phone: with axes and padding the SVG stays under ~350 px. */
export const NARROW_WIDTH = 250;
/** Legend labels longer than this many pixels are cut (with "…") on a phone. */
const NARROW_LABEL_LIMIT = 280;

/**
 * The same chart laid out for a narrow screen (≤ 600 px) at its natural size, so its text keeps the
 * theme's sizes (≥ 11 px) instead of being scaled down with a wide SVG: every plot NARROW_WIDTH
 * wide, side-by-side panels (hconcat, facet columns) stacked (vconcat, facet rows), legends below the plot, long legend
 * labels cut. The data and marks are unchanged.
 * Example: narrowSpec({ width: 600, hconcat: [{ width: 290 }] }) = { width: 250, vconcat: [{ width: 250 }] }.
 */
export function narrowSpec(spec: object): object {
  return narrow(spec, null) as object;
}

function narrow(node: unknown, key: string | null): unknown {
  if (Array.isArray(node)) return node.map((item) => narrow(item, null));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node)) {
    // `data.values` rows are data, not layout: copied as they are.
    if (name === 'values' && Array.isArray(value)) {
      out[name] = value;
      continue;
    }
    if (name === 'width' && typeof value === 'number' && value >= 100) out[name] = NARROW_WIDTH;
    else if (name === 'hconcat') out.vconcat = narrow(value, name);
    else if (key === 'facet' && name === 'column') out.row = narrow(value, name);
    else if (key === 'legend' && name === 'orient' && (value === 'right' || value === 'left')) out[name] = 'bottom';
    else if (key === 'legend' && name === 'labelLimit' && typeof value === 'number') out[name] = Math.min(value, NARROW_LABEL_LIMIT);
    else out[name] = narrow(value, name);
  }
  return out;
}
