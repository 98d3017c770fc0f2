import { requireInteger } from '../checks.js';
import type { SuccessRateDist } from '../scenario/types.js';
import { logBetaUnchecked } from '../math/logBeta.js';
import { logitNormalQuadrature } from './logitNormalQuadrature.js';
import { requireSuccessRateDist } from './requireSuccessRateDist.js';

/**
 * E[p^k] over the success-rate distribution: pass^k of independent attempts, averaged over tasks.
 *
 * Formula: fixed → mean of v^k; point → p^k; beta → ∏_{j<k} (a + j)/(a + b + j) = B(a + k, b)/B(a, b)
 * (docs/design.md §3); mixture → Σ weight_i·E_i[p^k]; logitNormal → numerical (`logitNormalQuadrature`,
 * ≲ 1e-12; `hasClosedFormMoments` is false).
 * Example (seeds, §6): tasks fixed at [0.7 × 10] give 0.7^8 ≈ 0.0576; 7 tasks at 1 and 3 at 0 give
 * 0.7 (tested). Beta(2.8, 1.2), k = 8: 0.2036660565333… (mpmath: beta(2.8 + 8, 1.2)/beta(2.8, 1.2)).
 */
export function momentPower(dist: SuccessRateDist, k: number): number {
  requireSuccessRateDist('dist', dist);
  requireInteger('k', k, 0);
  return power(dist, k, false);
}

/**
 * E[(1 − p)^k] over the success-rate distribution: 1 − pass@k of independent attempts, averaged over tasks.
 *
 * Formula: fixed → mean of (1 − v)^k; point → (1 − p)^k; beta → ∏_{j<k} (b + j)/(a + b + j)
 * = B(a, b + k)/B(a, b) (docs/design.md §3); mixture → weighted; logitNormal → numerical with 1 − p taken
 * as logistic(−(mu + sigma·Z)), which keeps its relative precision when p is near 1.
 * Example: Beta(2.8, 1.2), k = 8: 0.0101517312 (mpmath: beta(2.8, 1.2 + 8)/beta(2.8, 1.2); tested).
 */
export function momentComplementPower(dist: SuccessRateDist, k: number): number {
  requireSuccessRateDist('dist', dist);
  requireInteger('k', k, 0);
  return power(dist, k, true);
}

/** The most factors the beta moment multiplies out; beyond, the log-beta form. */
const PRODUCT_LIMIT = 100_000;

/** E[p^k] (complement: E[(1 − p)^k]) of a checked distribution. */
function power(dist: SuccessRateDist, k: number, complement: boolean): number {
  switch (dist.dist) {
    case 'fixed': {
      let sum = 0;
      for (const v of dist.values) sum += Math.pow(complement ? 1 - v : v, k);
      return sum / dist.values.length;
    }
    case 'point':
      return Math.pow(complement ? 1 - dist.p : dist.p, k);
    case 'beta': {
      const top = complement ? dist.b : dist.a;
      const s = dist.a + dist.b;
      // Past PRODUCT_LIMIT factors, B(top + k, other)/B(top, other) from log-beta in constant time
      // (a product of 10⁹ factors took seconds).
      if (k > PRODUCT_LIMIT) return Math.exp(logBetaUnchecked(top + k, s - top) - logBetaUnchecked(top, s - top));
      let product = 1;
      for (let j = 0; j < k; j++) product *= (top + j) / (s + j);
      return product;
    }
    case 'logitNormal': {
      const { nodes, weights } = logitNormalQuadrature(complement ? -dist.mu : dist.mu, dist.sigma);
      let sum = 0;
      for (let i = 0; i < nodes.length; i++) sum += weights[i] * Math.pow(nodes[i], k);
      return sum;
    }
    case 'mixture': {
      let total = 0;
      let sum = 0;
      for (const component of dist.components) {
        total += component.weight;
        if (component.weight > 0) sum += component.weight * power(component.dist, k, complement);
      }
      return sum / total;
    }
  }
}
