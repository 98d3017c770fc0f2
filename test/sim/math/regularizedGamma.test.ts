import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { regularizedGammaP } from '../../../packages/sim/src/math/regularizedGamma.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

describe('regularizedGammaP', () => {
  it('doc example: P(2, 5) = 1 − 6e^−5 (closed form: P(n, x) = 1 − e^−x Σ_{j<n} x^j/j!)', () => {
    expectRelativelyClose(regularizedGammaP(2, 5), 1 - 6 * Math.exp(-5));
    expectRelativelyClose(regularizedGammaP(1, 0.3), -Math.expm1(-0.3));
  });

  it('matches scipy.special.gammainc on both branches (series below a + 1, continued fraction above)', () => {
    // python3 -c "from scipy.special import gammainc; print([(a, x, float(gammainc(a, x))) for a, x in [(9.5,9.5),(2,5),(30,10),(0.5,0.01),(100,120),(10.5,3),(81.5,70)]])"
    const table: Array<[number, number, number]> = [
      [9.5, 9.5, 0.5431638744080374],
      [2, 5, 0.9595723180054873],
      [30, 10, 2.509951201527959e-7],
      [0.5, 0.01, 0.11246291601828491],
      [100, 120, 0.9721362601094793],
      [10.5, 3, 0.0005738205283435891],
      [81.5, 70, 0.09648322780505961],
    ];
    for (const [a, x, expected] of table) expectRelativelyClose(regularizedGammaP(a, x), expected, 1e-12);
  });

  it('is 0 at x = 0 and 1 at x = ∞; rejects a ≤ 0 and x < 0', () => {
    expect(regularizedGammaP(3, 0)).toBe(0);
    expect(regularizedGammaP(3, Infinity)).toBe(1);
    expect(() => regularizedGammaP(0, 1)).toThrow(InputError);
    expect(() => regularizedGammaP(1, -1)).toThrow(InputError);
  });
});
