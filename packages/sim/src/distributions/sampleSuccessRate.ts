import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';
import type { SuccessRateDist } from '../scenario/types.js';
import { beta } from './beta.js';
import { logistic } from './logistic.js';
import { requireSuccessRateDist } from './requireSuccessRateDist.js';
import { standardNormal } from './standardNormal.js';

/**
 * One task's success rate p drawn from the distribution (docs/design.md §3).
 *
 * Formula: point → p (no draw); beta → Beta(a, b); logitNormal → logistic(mu + sigma·Z), Z ~ N(0, 1);
 * mixture → a component i with probability weight_i/Σ weight (one uniform), then a draw from it.
 * `fixed` lists the rates themselves, so it has nothing to sample: use `taskRates`.
 * Example: { dist: 'mixture', components: [{ weight: 0.7, dist: { dist: 'point', p: 1 } },
 * { weight: 0.3, dist: { dist: 'point', p: 0 } }] } gives 1 with probability 0.7, else 0 (tested).
 */
export function sampleSuccessRate(dist: SuccessRateDist, rng: Rng): number {
  return sampleSuccessRateUnchecked(requireSuccessRateDist('dist', dist), rng);
}

/**
 * `sampleSuccessRate` without the check of `dist`, for loops that checked it once with
 * `requireSuccessRateDist`: no allocation per call. Still rejects `fixed`.
 */
export function sampleSuccessRateUnchecked(dist: SuccessRateDist, rng: Rng): number {
  switch (dist.dist) {
    case 'point':
      return dist.p;
    case 'beta':
      return beta(rng, dist.a, dist.b);
    case 'logitNormal':
      return logistic(dist.mu + dist.sigma * standardNormal(rng));
    case 'mixture': {
      const components = dist.components;
      let total = 0;
      for (let i = 0; i < components.length; i++) total += components[i].weight;
      let u = rng.uniform() * total;
      let chosen = -1;
      for (let i = 0; i < components.length; i++) {
        const weight = components[i].weight;
        if (weight > 0) {
          chosen = i;
          if (u < weight) break;
          u -= weight;
        }
      }
      return sampleSuccessRateUnchecked(components[chosen].dist, rng);
    }
    case 'fixed':
      throw new InputError('dist.dist', 'must not be fixed when sampling one rate (use taskRates)', dist.dist);
  }
}
