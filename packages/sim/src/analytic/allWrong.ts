import { requireInteger, requireUnit } from '../checks.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import { feedbackRates } from './feedbackRate.js';
import { requireCorrelation } from './requireCorrelation.js';

/**
 * P(attempts 1..k of one task are all wrong) for k = 0..n (index k): 1 − coverage@k of a task with
 * single-attempt rate p, under each correlation model (engine semantics, "Closed forms").
 *
 * Formula: independent (1 − p)^k; exchangeable ∏_{j<k} (b + j)/(a + b + j) with a = p(1/icc − 1),
 * b = (1 − p)(1/icc − 1) (= B(a, b + k)/B(a, b), docs/design.md §3); markov (1 − p)(λ + (1 − λ)(1 − p))^{k−1};
 * feedback η ≥ 0: (1 − p)^k·(1 − η)^{k(k−1)/2} (the rate after m failures is 1 − (1 − p)(1 − η)^m);
 * η < 0: ∏_{m<k} (1 − p(1 + η)^m) (the rate after m failures is p(1 + η)^m).
 * Example: p = 0.5, markov λ = 0.5, k = 3: 0.5·0.75² = 0.28125 (tested).
 */
export function allWrong(p: number, correlation: AttemptCorrelation, n: number): Float64Array {
  requireUnit('p', p);
  requireCorrelation('correlation', correlation);
  requireInteger('n', n, 0);
  const out = new Float64Array(n + 1);
  const q = 1 - p;
  switch (correlation.model) {
    case 'independent':
      for (let k = 0; k <= n; k++) out[k] = Math.pow(q, k);
      return out;
    case 'exchangeable': {
      if (correlation.icc === 0) return allWrong(p, { model: 'independent' }, n);
      const nu = 1 / correlation.icc - 1;
      const a = p * nu;
      const b = q * nu;
      out[0] = 1;
      for (let k = 1; k <= n; k++) out[k] = (out[k - 1] * (b + k - 1)) / (a + b + k - 1);
      return out;
    }
    case 'markov': {
      const stay = correlation.stickiness + (1 - correlation.stickiness) * q;
      out[0] = 1;
      for (let k = 1; k <= n; k++) out[k] = q * Math.pow(stay, k - 1);
      return out;
    }
    case 'feedback': {
      if (correlation.afterFailure >= 0) {
        const keep = 1 - correlation.afterFailure;
        for (let k = 0; k <= n; k++) out[k] = Math.pow(q, k) * Math.pow(keep, (k * (k - 1)) / 2);
        return out;
      }
      const { failure } = feedbackRates(p, correlation.afterFailure, n);
      out[0] = 1;
      for (let k = 1; k <= n; k++) out[k] = out[k - 1] * failure[k - 1];
      return out;
    }
  }
}
