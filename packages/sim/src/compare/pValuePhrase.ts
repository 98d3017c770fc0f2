import type { PValue } from './signFlipTest.js';

/**
 * A p-value for a table: three decimals from 0.001 up, two significant digits below ("4.9e-5");
 * a Monte Carlo p-value is marked "≈" (its SE is in the JSON), or "≤" when no random pattern was as
 * extreme (p = 1/(R + 1)). Null → "—".
 */
export function formatPValue(p: (Pick<PValue, 'value' | 'method'> & { readonly permutations?: number }) | null): string {
  if (p === null) return '—';
  const text = p.value >= 0.001 ? p.value.toFixed(3) : p.value.toExponential(1);
  if (p.method !== 'monte-carlo') return text;
  // No random pattern as extreme as the data: p = 1/(R + 1), an upper end rather than an estimate.
  return p.permutations !== undefined && Math.round(p.value * (p.permutations + 1)) === 1 ? `≤${text}` : `≈${text}`;
}

/** "p = 0.012", "p ≈ 0.012" (Monte Carlo) or "p ≤ 1.0e-4" in a sentence; `label` replaces "p". */
export function pValuePhrase(p: Parameters<typeof formatPValue>[0], label = 'p'): string {
  const text = formatPValue(p);
  return /^[≈≤]/.test(text) ? `${label} ${text[0]} ${text.slice(1)}` : `${label} = ${text}`;
}
