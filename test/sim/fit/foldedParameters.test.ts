import { describe, expect, it } from 'vitest';
import { foldedParameters } from '../../../packages/sim/src/fit/foldedParameters.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';

describe('foldedParameters', () => {
  it('doc example: π0 = π1 = 0, mean 0.3, concentration 0 → π0 = 0.7, π1 = 0.3, weight 0', () => {
    const p = foldedParameters(mixtureParameters([Math.log(0.3 / 0.7), -Infinity, -Infinity, -Infinity]));
    expect(p.pi0).toBeCloseTo(0.7, 15);
    expect(p.pi1).toBeCloseTo(0.3, 15);
    expect(p.weight).toBe(0);
  });

  it('adds the beta’s share to existing point masses: π0 = 0.2, π1 = 0.2, w = 0.6 at mean ½ → 0.5 and 0.5', () => {
    const p = foldedParameters(mixtureParameters([0, -Infinity, 0, 0]));
    // η0 = η1 = 0: π0 = π1 = w = ⅓; folding moves w/2 to each: ½ and ½.
    expect(p.pi0).toBeCloseTo(0.5, 15);
    expect(p.pi1).toBeCloseTo(0.5, 15);
  });

  it('leaves a fit with a proper beta component unchanged', () => {
    const p = mixtureParameters([0, Math.log(4), -1, -2]);
    expect(foldedParameters(p)).toBe(p);
  });
});
