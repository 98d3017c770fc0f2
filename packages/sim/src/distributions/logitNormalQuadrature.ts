import { requireNonNegative } from '../checks.js';
import { InputError } from '../errors.js';
import { betaQuadrature } from './betaQuadrature.js';
import { logistic } from './logistic.js';
import type { QuadratureRule } from './quadratureRule.js';

/** Half-width of the integration range in z: 2·Φ(−9) ≈ 2.3e-19 of the mass is cut off. */
const RANGE = 9;
/** Gauss–Legendre points per panel. */
const POINTS = 16;
/** Widest panel in z. */
const WIDEST = 1;
/** The Gauss–Legendre rule on [0, 1] every panel maps, computed once (callers build thousands of rules). */
const LEGENDRE = betaQuadrature(1, 1, POINTS);

/**
 * A quadrature rule for p = logistic(mu + sigma·Z), Z ~ N(0, 1): E[f(p)] ≈ Σ w_i f(p_i), with error
 * ≲ 1e-12 for smooth f on [0, 1] (measured for f = p^k, k ≤ 100, sigma ≤ 50, |mu| ≤ 10 against
 * scipy.integrate.quad). Nodes are returned as p values.
 *
 * Formula: ∫ f(logistic(mu + sigma·z)) φ(z) dz over |z| ≤ 9 by composite 16-point Gauss–Legendre.
 * The integrand's only singularities are the poles of the logistic at z = (−mu ± iπ(2j+1))/sigma,
 * all above the point c = −mu/sigma; panels start at c with width min(1, π/sigma) and double away
 * from it (capped at 1): every panel sees its nearest pole at least as far (relative to its
 * width) as the first one, so each panel converges geometrically whatever sigma (Gauss error for
 * f analytic in a Bernstein ellipse ρ: O(ρ^{−2n}); Trefethen 2008, "Is Gauss quadrature better than
 * Clenshaw–Curtis?", SIAM Review 50:67–87, Thm 4.5). 288–400 nodes for sigma ≤ 50.
 * Plain Gauss–Hermite was measured and rejected: for sigma = 3 it needs > 300 nodes for 1e-10,
 * and its weights overflow past ~370 nodes.
 * Example: logitNormalQuadrature(0, 1) gives E[p²] = 0.293379035858093 (scipy.integrate.quad; tested).
 */
export function logitNormalQuadrature(mu: number, sigma: number): QuadratureRule {
  if (!Number.isFinite(mu)) throw new InputError('mu', 'must be a finite number', mu);
  requireNonNegative('sigma', sigma);
  if (sigma === 0) return { nodes: Float64Array.of(logistic(mu)), weights: Float64Array.of(1) };
  const legendre = LEGENDRE;
  const centre = Math.min(RANGE, Math.max(-RANGE, -mu / sigma));
  const firstWidth = Math.min(WIDEST, Math.PI / sigma);
  const edges: number[] = []; // (from, to) pairs
  for (const direction of [1, -1]) {
    const end = direction * RANGE;
    let from = centre;
    let width = firstWidth;
    while (direction * (end - from) > 0) {
      const to = direction * (end - from) > width ? from + direction * width : end;
      edges.push(from, to);
      from = to;
      width = Math.min(2 * width, WIDEST);
    }
  }
  const nodes = new Float64Array((edges.length / 2) * POINTS);
  const weights = new Float64Array(nodes.length);
  const density = 1 / Math.sqrt(2 * Math.PI);
  for (let panel = 0, at = 0; panel < edges.length; panel += 2) {
    const from = edges[panel];
    const span = edges[panel + 1] - from;
    for (let i = 0; i < POINTS; i++, at++) {
      const z = from + span * legendre.nodes[i];
      nodes[at] = logistic(mu + sigma * z);
      weights[at] = Math.abs(span) * legendre.weights[i] * density * Math.exp(-0.5 * z * z);
    }
  }
  return { nodes, weights };
}
