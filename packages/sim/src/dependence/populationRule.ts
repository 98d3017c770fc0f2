import { betaQuadrature } from '../distributions/betaQuadrature.js';
import type { QuadratureRule } from '../distributions/quadratureRule.js';

/** Most quadrature nodes (exact for a task's likelihood up to 2·64 − 1 attempts; accurate beyond). */
export const MAX_NODES = 64;

/**
 * The quadrature rule over the task population p ~ Beta(mean·s, (1 − mean)·s) with n nodes
 * (`betaQuadrature`, Gauss–Jacobi: exact for polynomials in p of degree ≤ 2n − 1; every episode
 * law of the four models is a polynomial in p of degree its length, so n ≥ (D + 1)/2 nodes make a
 * task's likelihood with D attempts exact). The limits: s = ∞ is the point mass at the mean (no
 * spread between tasks), s = 0 the two points 0 and 1 with weights 1 − mean and mean.
 * Example: populationRule(0.3, Infinity, 4) → nodes [0.3], weights [1].
 */
export function populationRule(mean: number, concentration: number, n: number): QuadratureRule {
  if (concentration === Infinity) return { nodes: Float64Array.of(mean), weights: Float64Array.of(1) };
  if (concentration === 0) return { nodes: Float64Array.of(0, 1), weights: Float64Array.of(1 - mean, mean) };
  return betaQuadrature(mean * concentration, (1 - mean) * concentration, n);
}

/** Nodes that make the likelihood of tasks with up to `attempts` attempts exact (at most MAX_NODES). */
export function exactNodes(attempts: number): number {
  return Math.min(MAX_NODES, Math.max(1, Math.ceil((attempts + 1) / 2)));
}
