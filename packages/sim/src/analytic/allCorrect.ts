import { requireInteger, requireUnit } from '../checks.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import { requireCorrelation } from './requireCorrelation.js';

/**
 * P(attempts 1..k of one task are all correct) for k = 0..n (index k): passHatK@k of a task with
 * single-attempt rate p, under each correlation model (engine semantics, "Closed forms").
 *
 * Formula: independent p^k; exchangeable ∏_{j<k} (a + j)/(a + b + j) with a = p(1/icc − 1),
 * b = (1 − p)(1/icc − 1) (= B(a + k, b)/B(a, b), docs/design.md §3); markov p(λ + (1 − λ)p)^{k−1};
 * feedback p^k (the rate only moves after a failure).
 * Example: p = 0.5, exchangeable icc = 0.5 (a = b = 0.5), k = 2: 0.5·1.5/2 = 0.375 (tested).
 */
export function allCorrect(p: number, correlation: AttemptCorrelation, n: number): Float64Array {
  requireUnit('p', p);
  requireCorrelation('correlation', correlation);
  requireInteger('n', n, 0);
  const out = new Float64Array(n + 1);
  switch (correlation.model) {
    case 'independent':
    case 'feedback':
      for (let k = 0; k <= n; k++) out[k] = Math.pow(p, k);
      return out;
    case 'exchangeable': {
      if (correlation.icc === 0) return allCorrect(p, { model: 'independent' }, n);
      const nu = 1 / correlation.icc - 1;
      const a = p * nu;
      const b = (1 - p) * nu;
      out[0] = 1;
      for (let k = 1; k <= n; k++) out[k] = (out[k - 1] * (a + k - 1)) / (a + b + k - 1);
      return out;
    }
    case 'markov': {
      const stay = correlation.stickiness + (1 - correlation.stickiness) * p;
      out[0] = 1;
      for (let k = 1; k <= n; k++) out[k] = p * Math.pow(stay, k - 1);
      return out;
    }
  }
}
