import { requireRng } from '../checkArgs.js';
import { requireNonNegative, requirePositive } from '../checks.js';
import type { Rng } from '../rng/rng.js';
import { standardNormal } from './standardNormal.js';

/**
 * One lognormal variate by its median: X = median·exp(sigma·Z), Z ~ N(0, 1), so ln X ~ N(ln median, sigma²).
 *
 * Formula: X = median·e^{σZ}; E[X] = median·e^{σ²/2}. Same law as scipy.stats.lognorm(s=sigma, scale=median).
 * Example: lognormal(rng, 0.02, 0.5) has median 0.02 and mean 0.02·e^{0.125} ≈ 0.022663 (tested).
 */
export function lognormal(rng: Rng, median: number, sigma: number): number {
  requireRng('rng', rng);
  requirePositive('median', median);
  requireNonNegative('sigma', sigma);
  return median * Math.exp(sigma * standardNormal(rng));
}
