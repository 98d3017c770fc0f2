import type { Amount } from '../scenario/types.js';

/**
 * The mean of a per-attempt amount (cost or latency): the constant itself, or for a lognormal
 * amount median·e^{σZ}, Z standard normal, its mean.
 * Formula: E[median·e^{σZ}] = median·e^{σ²/2} (the lognormal mean: E[e^{σZ}] is the normal moment
 * generating function at σ; Johnson, Kotz & Balakrishnan 1994, Continuous Univariate Distributions 1, §14.3).
 * Example: median 0.02, σ 0.5 → 0.02·e^{0.125} ≈ 0.0226629690613365 (tested).
 */
export function expectedAmount(amount: Amount): number {
  switch (amount.dist) {
    case 'constant':
      return amount.value;
    case 'lognormal':
      return amount.median * Math.exp((amount.sigma * amount.sigma) / 2);
    case 'empirical':
      // A uniform draw among the values: their mean.
      return amount.values.reduce((a, b) => a + b, 0) / amount.values.length;
  }
}
