import { optionalFunction } from '../checkArgs.js';
import { InputError } from '../errors.js';
import type { SuccessRateDist } from '../scenario/types.js';
import { successRateQuadrature } from './successRateQuadrature.js';

/**
 * E[f(p)] for p from the success-rate distribution: the integral of any function of p.
 *
 * Formula: Σ_i w_i·f(p_i) over `successRateQuadrature(dist)` — an exact sum for fixed and point,
 * 64-point Gauss–Jacobi for beta (exact when f is a polynomial of degree ≤ 127), composite
 * Gauss–Legendre for logitNormal (≲ 1e-12 for smooth f), weighted over mixture components.
 * Example: expectOver({ dist: 'beta', a: 2, b: 3 }, (p) => Math.exp(p)) = ₁F₁(2; 5; 1)
 * = 1.5224722339658283 (scipy.special.hyp1f1(2, 5, 1); tested).
 */
export function expectOver(dist: SuccessRateDist, f: (p: number) => number): number {
  if (optionalFunction('f', f) === undefined) throw new InputError('f', 'must be a function of p');
  const { nodes, weights } = successRateQuadrature(dist);
  let sum = 0;
  for (let i = 0; i < nodes.length; i++) sum += weights[i] * f(nodes[i]);
  if (!Number.isFinite(sum)) throw new InputError('f', 'must return finite numbers on [0, 1] (the expectation is not finite)', sum);
  return sum;
}
