import { describe, expect, it } from 'vitest';
import { betaLambda } from '../../../packages/sim/src/math/betaLambda.js';

describe('betaLambda', () => {
  it('doc example: λ = 2 − 5 · 0.3 = 0.5 (closed form)', () => {
    expect(betaLambda(0.3, 0.7, 2, 3)).toBe(0.5);
  });

  it('equals a − (a + b)x computed exactly with the double x (Python fractions)', () => {
    // python3 -c "from fractions import Fraction as F; print([float(F(a)-(F(a)+F(b))*F(x)) for x,a,b in [(0.4995,5e6,5e6),(0.7,2.5,1e7),(0.999999,1e7,0.5)]])"
    // The naive a − (a + b)·x gives 5000 and 9.500000501051545 for the first and last: 1e-15 and 8e-11 off.
    const table: Array<[number, number, number, number]> = [
      [0.4995, 5e6, 5e6, 5000.000000000005],
      [0.7, 2.5, 1e7, -6999999.25],
      [0.999999, 1e7, 0.5, 9.500000500287557],
    ];
    for (const [x, a, b, expected] of table) {
      expect(Math.abs(betaLambda(x, 1 - x, a, b) - expected)).toBeLessThanOrEqual(2e-16 * Math.abs(expected));
    }
  });
});
