import type { PValue } from '@passk/sim';

/**
 * A p-value for a table: three decimals from 0.001 up, two significant digits below ("4.9e-5");
 * a Monte Carlo p-value is marked "≈" (its SE is in the JSON). Null → "—".
 */
export function formatPValue(p: Pick<PValue, 'value' | 'method'> | null): string {
  if (p === null) return '—';
  const text = p.value >= 0.001 ? p.value.toFixed(3) : p.value.toExponential(1);
  return p.method === 'monte-carlo' ? `≈${text}` : text;
}
