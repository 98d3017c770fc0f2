import { independentPassAtK, independentPassHatK } from '@passk/sim/internal';
import { formatPercent } from '../../format/percent.js';

/** Largest k on the explorer's k slider and curve axis. */
export const EXPLORER_MAX_K = 20;

const HEIGHT = 260;
const MARGIN = { top: 16, right: 120, bottom: 40, left: 48 } as const;

/**
 * The explorer's picture as SVG markup (numbers only, no user text): pass@k = 1 − (1 − p)^k and
 * pass^k = p^k for k = 1..EXPLORER_MAX_K at the chosen p, the chosen k marked with both values
 * and the gap between them. Drawn the same way on the server (first view) and in the page, `width`
 * pixels wide (the page passes its box's width, so the 11 px text stays 11 px on a phone).
 */
export function curvesSvg(p: number, k: number, width = 560): string {
  const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (kk: number) => MARGIN.left + ((kk - 1) / (EXPLORER_MAX_K - 1)) * plotWidth;
  const y = (v: number) => MARGIN.top + (1 - v) * plotHeight;
  const ks = Array.from({ length: EXPLORER_MAX_K }, (_, i) => i + 1);
  const line = (f: (kk: number) => number) => ks.map((kk) => `${x(kk).toFixed(1)},${y(f(kk)).toFixed(1)}`).join(' ');
  const at = (kk: number) => independentPassAtK(p, kk);
  const hat = (kk: number) => independentPassHatK(p, kk);
  const band = `${line(at)} ${[...ks]
    .reverse()
    .map((kk) => `${x(kk).toFixed(1)},${y(hat(kk)).toFixed(1)}`)
    .join(' ')}`;
  const yTicks = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (v) =>
        `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y(v)}" y2="${y(v)}" class="grid"/><text x="${MARGIN.left - 6}" y="${y(v) + 4}" text-anchor="end">${v * 100}%</text>`,
    )
    .join('');
  const xTicks = [1, 5, 10, 15, 20]
    .map(
      (kk) =>
        `<line x1="${x(kk)}" x2="${x(kk)}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight + 4}" class="axis"/><text x="${x(kk)}" y="${MARGIN.top + plotHeight + 16}" text-anchor="middle">${kk}</text>`,
    )
    .join('');
  const kx = x(k);
  const labelX = MARGIN.left + plotWidth + 8;
  // Curve labels at the right end, pushed apart when the curves end close together (p near 0 or 1).
  const labelAtY = y(at(EXPLORER_MAX_K)) + 4;
  const labelHatY = Math.max(y(hat(EXPLORER_MAX_K)) + 4, labelAtY + 14);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="pass@k and pass^k against k at p = ${formatPercent(p)}">` +
    yTicks +
    xTicks +
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight}" class="axis"/>` +
    `<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 6}" text-anchor="middle">attempts k</text>` +
    `<polygon points="${band}" class="gap-band"/>` +
    `<polyline points="${line(at)}" class="curve-at"/>` +
    `<polyline points="${line(hat)}" class="curve-hat"/>` +
    `<line x1="${kx}" x2="${kx}" y1="${MARGIN.top}" y2="${MARGIN.top + plotHeight}" class="marker"/>` +
    `<circle cx="${kx}" cy="${y(at(k))}" r="4.5" class="dot-at"/>` +
    `<circle cx="${kx}" cy="${y(hat(k))}" r="4.5" class="dot-hat"/>` +
    `<text x="${labelX}" y="${labelAtY.toFixed(1)}" class="label-at">pass@k</text>` +
    `<text x="${labelX}" y="${labelHatY.toFixed(1)}" class="label-hat">pass^k</text>` +
    '</svg>'
  );
}
