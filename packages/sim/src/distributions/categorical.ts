import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';

/**
 * An index i drawn with probability weights[i] / Σ weights (weights need not be normalised).
 *
 * Formula: the smallest i with U·Σw < w_0 + … + w_i (inversion by linear search, O(length)).
 * Weights must be finite and ≥ 0 with a positive sum; zero-weight indices are never returned.
 * Example: categorical(rng, [1, 0, 3, 4]) returns 0, 2, 3 with probabilities 1/8, 3/8, 4/8, never 1 (tested).
 */
export function categorical(rng: Rng, weights: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (!(w >= 0 && w < Infinity)) throw new InputError(`weights[${i}]`, 'must be a finite number ≥ 0', w);
    total += w;
  }
  if (!(total > 0)) throw new InputError('weights', 'must have a positive sum', total);
  let u = rng.uniform() * total;
  let last = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > 0) {
      if (u < w) return i;
      u -= w;
      last = i;
    }
  }
  return last; // rounding left u ≥ the final weight: the last index that can occur
}
