import { requireNonNegative } from '../checks.js';
import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';
import { standardNormal } from './standardNormal.js';

/**
 * One normal variate X ~ N(mean, sd²).
 *
 * Formula: X = mean + sd·Z with Z ~ N(0, 1) from `standardNormal` (Marsaglia polar method).
 * Example: normal(rng, 3, 2) has mean 3 and standard deviation 2 (tested against scipy.stats.norm).
 */
export function normal(rng: Rng, mean: number, sd: number): number {
  if (!Number.isFinite(mean)) throw new InputError('mean', 'must be a finite number', mean);
  requireNonNegative('sd', sd);
  return mean + sd * standardNormal(rng);
}
