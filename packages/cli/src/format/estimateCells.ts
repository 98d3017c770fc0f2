import type { Estimate } from '@passk/sim/internal';
import { formatPercent } from './percent.js';

/** Whether an estimate is a probability (shown in percent) or an amount (attempts, cost, latency). */
export type EstimateKind = 'rate' | 'amount';

/**
 * A simulated value with its SE: "58.23% ±0.06" for a probability (SE in percentage points),
 * "3.142 ±0.004" for an amount (4 and 2 significant digits); "—" when nothing was simulated.
 */
export function formatSimulated(estimate: Estimate, kind: EstimateKind): string {
  const { value } = estimate;
  if (value === null) return '—';
  // A spread below 1e-9 of the value is rounding noise of a constant (e.g. a fixed cost): show 0.
  const spread = estimate.se === null ? null : estimate.se <= 1e-9 * Math.abs(value) ? 0 : estimate.se;
  const se = spread === null ? '' : ` ±${kind === 'rate' ? (spread * 100).toFixed(2) : significant(spread, 2)}`;
  return `${kind === 'rate' ? formatPercent(value, 2) : significant(value)}${se}`;
}

/** The closed form beside a simulated value ("—" where none exists). */
export function formatExact(estimate: Estimate, kind: EstimateKind): string {
  if (estimate.exact === null) return '—';
  return kind === 'rate' ? formatPercent(estimate.exact, 2) : significant(estimate.exact);
}

/** A number to `digits` significant digits (plain notation, no trailing zeros): significant(3.14159) = '3.142'. */
export function significant(value: number, digits = 4): string {
  if (value === 0) return '0';
  if (Math.abs(value) >= 10 ** digits) return value.toFixed(0);
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(20, decimals))).toString();
}
