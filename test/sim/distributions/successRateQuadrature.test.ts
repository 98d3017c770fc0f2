import { describe, expect, it } from 'vitest';
import { BETA_QUADRATURE_POINTS, successRateQuadrature } from '../../../packages/sim/src/distributions/successRateQuadrature.js';

describe('successRateQuadrature(dist)', () => {
  it('fixed [0.9, 0.5, 0]: the values with weight ⅓ each; point: p with weight 1', () => {
    const fixed = successRateQuadrature({ dist: 'fixed', values: [0.9, 0.5, 0] });
    expect(Array.from(fixed.nodes)).toEqual([0.9, 0.5, 0]);
    expect(Array.from(fixed.weights)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    const point = successRateQuadrature({ dist: 'point', p: 0.25 });
    expect(Array.from(point.nodes)).toEqual([0.25]);
    expect(Array.from(point.weights)).toEqual([1]);
  });

  it('mixture: the components concatenated, weights scaled by weight/Σ weight (1 : 3)', () => {
    const rule = successRateQuadrature({
      dist: 'mixture',
      components: [
        { weight: 1, dist: { dist: 'point', p: 0 } },
        { weight: 3, dist: { dist: 'beta', a: 2, b: 2 } },
      ],
    });
    expect(rule.nodes.length).toBe(1 + BETA_QUADRATURE_POINTS);
    expect(rule.nodes[0]).toBe(0);
    expect(rule.weights[0]).toBe(0.25);
    const betaTotal = rule.weights.subarray(1).reduce((sum, w) => sum + w, 0);
    expect(betaTotal).toBeCloseTo(0.75, 14);
    // E[p] = ¾·½ (closed form).
    expect(rule.nodes.reduce((sum, x, i) => sum + x * rule.weights[i], 0)).toBeCloseTo(0.375, 14);
  });
});
