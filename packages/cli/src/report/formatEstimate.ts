import type { Estimate } from '@passk/sim';
import { formatPercent } from '../format/percent.js';

// The same rules as the CLI's simulate table (format/summaryOutput.ts, whose helpers are private
// there): probabilities with formatPercent to 2 decimals and the SE in points, amounts to 4
// significant digits.

/** A simulated value with its SE: "58.23% ±0.06" for a probability; "3.142 ±0.004" for an amount. */
export function formatSimulated(estimate: Estimate, kind: 'rate' | 'amount'): string {
  const { value } = estimate;
  if (value === null) return '—';
  const spread = estimate.se === null ? null : estimate.se <= 1e-9 * Math.abs(value) ? 0 : estimate.se;
  const se = spread === null ? '' : ` ±${kind === 'rate' ? (spread * 100).toFixed(2) : significant(spread, 2)}`;
  return `${kind === 'rate' ? formatPercent(value, 2) : significant(value)}${se}`;
}

/** The closed form beside it ("—" where none exists). */
export function formatExact(estimate: Estimate, kind: 'rate' | 'amount'): string {
  if (estimate.exact === null) return '—';
  return kind === 'rate' ? formatPercent(estimate.exact, 2) : significant(estimate.exact);
}

/** A number to `digits` significant digits (plain notation, no trailing zeros). */
export function significant(value: number, digits = 4): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 10 ** digits) return value.toFixed(0);
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(20, decimals))).toString();
}
