import { requireUnit } from '../checks.js';
import { requireList } from '../checkArgs.js';

/**
 * Holm's step-down adjustment of m p-values (Holm 1979, "A simple sequentially rejective multiple
 * test procedure"; statsmodels multipletests method='holm'): with p_(1) ≤ … ≤ p_(m),
 * adjusted p_(i) = max_{j ≤ i} min(1, (m − j + 1)·p_(j)). Rejecting where adjusted p ≤ α keeps the
 * family-wise error rate ≤ α. Returned in the input order.
 * Each p-value must be a number in [0, 1] (an InputError naming `pValues[i]` otherwise); no p-values give none.
 * Example: [0.01, 0.04, 0.03] → [0.03, 0.06, 0.06].
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  // A NaN (or a non-number) breaks the sort and then every adjusted value after it (max with NaN is NaN).
  requireList('pValues', pValues).forEach((p, i) => requireUnit(`pValues[${i}]`, p));
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
