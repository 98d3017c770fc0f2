import type { ExactMetrics } from '@passk/sim/internal';
import { formatPercent } from '../../format/percent.js';
import { POLICY_MAX_K } from './policySettings.js';

/** The shares drawn in the upper panel, with their CSS class (colour) and legend text. */
const SHARES = [
  { field: 'coverage', cls: 'pc-coverage', label: 'coverage (pass@k)' },
  { field: 'passHatK', cls: 'pc-passhat', label: 'pass^k' },
  { field: 'deliveredCorrect', cls: 'pc-correct', label: 'delivered correct' },
  { field: 'deliveredWrong', cls: 'pc-wrong', label: 'delivered wrong' },
] as const;

const SHARE_HEIGHT = 190;
const COST_HEIGHT = 90;
const GAP = 46;
/** Legend rows of 18 px: two rows of two entries, or four rows on a narrow drawing. */
const LEGEND_ROW = 18;
const NARROW = 440;
const MARGIN = { top: 12, right: 14, bottom: 34, left: 50 } as const;

/**
 * The policy explorer's picture as SVG markup (numbers only, no user text), `width` pixels wide so
 * its 12 px text stays 12 px on any screen: upper panel coverage, pass^k, delivered correct and
 * delivered wrong against k = 1..POLICY_MAX_K (closed forms from exactMetrics); lower panel the
 * cost per delivered-correct answer; the chosen k marked in both. A value without a closed form
 * (null) leaves a gap in its line.
 */
export function policyCurvesSvg(curves: readonly ExactMetrics[], k: number, width = 560): string {
  const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
  const columns = width < NARROW ? 1 : 2;
  const LEGEND = 8 + (SHARES.length / columns) * LEGEND_ROW;
  const height = MARGIN.top + LEGEND + SHARE_HEIGHT + GAP + COST_HEIGHT + MARGIN.bottom;
  const x = (kk: number) => MARGIN.left + ((kk - 1) / (POLICY_MAX_K - 1)) * plotWidth;
  const shareTop = MARGIN.top + LEGEND;
  const costTop = shareTop + SHARE_HEIGHT + GAP;
  const yShare = (v: number) => shareTop + (1 - v) * SHARE_HEIGHT;
  const costs = curves.map((row) => row.costPerCorrect).filter((v): v is number => v !== null && Number.isFinite(v));
  const costMax = niceTop(Math.max(0, ...costs));
  const yCost = (v: number) => costTop + (1 - v / costMax) * COST_HEIGHT;
  const f = (v: number) => v.toFixed(1);
  const path = (values: readonly (number | null)[], y: (v: number) => number) => {
    let d = '';
    let open = false;
    values.forEach((v, i) => {
      if (v === null || !Number.isFinite(v)) {
        open = false;
        return;
      }
      d += `${open ? 'L' : 'M'}${f(x(i + 1))},${f(y(v))}`;
      open = true;
    });
    return d;
  };
  const ticks = [1, 5, 10, 15, 20].filter((kk) => kk <= POLICY_MAX_K);
  const xAxis = (top: number, h: number) =>
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${top + h}" y2="${top + h}" class="axis"/>` +
    ticks
      .map(
        (kk) =>
          `<line x1="${f(x(kk))}" x2="${f(x(kk))}" y1="${top + h}" y2="${top + h + 4}" class="axis"/><text x="${f(x(kk))}" y="${top + h + 17}" text-anchor="middle">${kk}</text>`,
      )
      .join('');
  const shareGrid = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (v) =>
        `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${f(yShare(v))}" y2="${f(yShare(v))}" class="grid"/><text x="${MARGIN.left - 6}" y="${f(yShare(v) + 4)}" text-anchor="end">${v * 100}%</text>`,
    )
    .join('');
  const costGrid = [0, costMax / 2, costMax]
    .map(
      (v) =>
        `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${f(yCost(v))}" y2="${f(yCost(v))}" class="grid"/><text x="${MARGIN.left - 6}" y="${f(yCost(v) + 4)}" text-anchor="end">${Number(v.toPrecision(2))}</text>`,
    )
    .join('');
  const legendColumn = plotWidth / 2;
  const legend = SHARES.map((share, i) => {
    const lx = MARGIN.left + (i % columns) * legendColumn;
    const ly = MARGIN.top + 8 + Math.floor(i / columns) * LEGEND_ROW;
    return `<line x1="${f(lx)}" x2="${f(lx + 22)}" y1="${ly}" y2="${ly}" class="${share.cls}"/><text x="${f(lx + 28)}" y="${ly + 4}" class="legend">${share.label}</text>`;
  }).join('');
  const kx = f(x(k));
  const at = curves[k - 1];
  const dots = SHARES.map((share) => {
    const v = at?.[share.field] ?? null;
    return v === null ? '' : `<circle cx="${kx}" cy="${f(yShare(v))}" r="4" class="${share.cls}-dot"/>`;
  }).join('');
  const costAt = at?.costPerCorrect ?? null;
  const label = `Closed forms against k: at k = ${k}, coverage ${formatPercent(at?.coverage ?? null)}, pass^k ${formatPercent(at?.passHatK ?? null)}, delivered correct ${formatPercent(at?.deliveredCorrect ?? null)}, delivered wrong ${formatPercent(at?.deliveredWrong ?? null)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    legend +
    shareGrid +
    xAxis(shareTop, SHARE_HEIGHT) +
    SHARES.map(
      (share) =>
        `<path d="${path(
          curves.map((row) => row[share.field]),
          yShare,
        )}" class="${share.cls}"/>`,
    ).join('') +
    `<text x="${MARGIN.left}" y="${costTop - 10}" class="panel-title">cost per delivered-correct answer</text>` +
    costGrid +
    xAxis(costTop, COST_HEIGHT) +
    `<path d="${path(
      curves.map((row) => row.costPerCorrect),
      yCost,
    )}" class="pc-cost"/>` +
    `<text x="${MARGIN.left + plotWidth / 2}" y="${height - 4}" text-anchor="middle">budget k (attempts allowed)</text>` +
    `<line x1="${kx}" x2="${kx}" y1="${shareTop}" y2="${shareTop + SHARE_HEIGHT}" class="marker"/>` +
    `<line x1="${kx}" x2="${kx}" y1="${costTop}" y2="${costTop + COST_HEIGHT}" class="marker"/>` +
    dots +
    (costAt === null ? '' : `<circle cx="${kx}" cy="${f(yCost(costAt))}" r="4" class="pc-cost-dot"/>`) +
    '</svg>'
  );
}

/** An axis top of 1, 2 or 5 × 10^n at or above `value`. */
function niceTop(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].find((m) => m * power >= value)! * power;
}
