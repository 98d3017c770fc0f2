import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { normalCdf } from '../../../packages/sim/src/math/normalCdf.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (measured worst case against mpmath over 6000 points in [−40, 10]: 1.1e-15).
describe('normalCdf', () => {
  it('doc example: Φ(−1.959963984540054) = 0.025 (scipy.special.ndtr)', () => {
    // python3 -c "from scipy.special import ndtr; print(float(ndtr(-1.959963984540054)))"
    expectRelativelyClose(normalCdf(-1.959963984540054), 0.025);
  });

  it('matches scipy.special.ndtr (= scipy.stats.norm.cdf)', () => {
    // python3 -c "from scipy.special import ndtr; Z=[0.0,0.5,-0.5,1.0,-1.0,1.96,-3.0,3.0,-5.0,-8.3,6.0]; print([[z, float(ndtr(z))] for z in Z])"
    const table: Array<[number, number]> = [
      [0.0, 0.5],
      [0.5, 0.6914624612740131],
      [-0.5, 0.3085375387259869],
      [1.0, 0.8413447460685429],
      [-1.0, 0.15865525393145707],
      [1.96, 0.9750021048517795],
      [-3.0, 0.0013498980316300933],
      [3.0, 0.9986501019683699],
      [-5.0, 2.866515718791933e-7],
      [-8.3, 5.2055697448902465e-17],
      [6.0, 0.9999999990134123],
    ];
    for (const [z, expected] of table) expectRelativelyClose(normalCdf(z), expected);
  });

  it('keeps full relative accuracy deep in the lower tail (mpmath at 50 digits)', () => {
    // python3 -c "import mpmath as m; m.mp.dps=50; print([[z, float(m.ncdf(z))] for z in [-9.0,-12.0,-20.0,-30.0,-37.5]])"
    // (scipy's ndtr is 1.5e-14 relative off at −12 and 5.7e-14 at −30.)
    const table: Array<[number, number]> = [
      [-9.0, 1.1285884059538405e-19],
      [-12.0, 1.776482112077679e-33],
      [-20.0, 2.7536241186062337e-89],
      [-30.0, 4.906713927148187e-198],
      [-37.5, 4.605353009581955e-308],
    ];
    for (const [z, expected] of table) expectRelativelyClose(normalCdf(z), expected);
  });

  it('is symmetric, Φ(z) + Φ(−z) = 1, and saturates at ±∞', () => {
    for (const z of [0.1, 0.99, 1.01, 2.5, 7]) expect(Math.abs(normalCdf(z) + normalCdf(-z) - 1)).toBeLessThanOrEqual(2e-16);
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalCdf(-45)).toBe(0);
  });

  it('rejects NaN and non-numbers with an InputError naming z', () => {
    expect(() => normalCdf(Number.NaN)).toThrow(InputError);
    expect(() => normalCdf('1' as unknown as number)).toThrow(/^z: /);
  });
});
