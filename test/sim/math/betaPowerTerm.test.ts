import { describe, expect, it } from 'vitest';
import { betaPowerTerm } from '../../../packages/sim/src/math/betaPowerTerm.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Relative 1e-12 (the documented error is ~1e-16 × the size of the exponent).
describe('betaPowerTerm', () => {
  it('doc example: 0.3² · 0.7³ / B(2, 3) = 0.37044 (closed form)', () => {
    expectRelativelyClose(betaPowerTerm(0.3, 0.7, 2, 3), 0.3 ** 2 * 0.7 ** 3 * 12);
  });

  it('matches x^a y^b / B(a, b) in mpmath for huge parameters and tiny results', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; print([float(m.exp(a*m.log(m.mpf(x))+b*m.log1p(-m.mpf(x))-m.log(m.beta(a,b)))) for x,a,b in [(0.4995,5e6,5e6),(1e-60,5,5),(0.00012,1000,9e6)]])"
    const table: Array<[number, number, number, number]> = [
      [0.4995, 5e6, 5e6, 4.250172569553762],
      [1e-60, 5, 5, 6.299999999999999e-298],
      [0.00012, 1000, 9e6, 0.5984511788678362],
    ];
    for (const [x, a, b, expected] of table) expectRelativelyClose(betaPowerTerm(x, 1 - x, a, b), expected);
  });

  it('is 0 at the ends of the unit interval (closed form for a, b > 0)', () => {
    expect(betaPowerTerm(0, 1, 2, 3)).toBe(0);
    expect(betaPowerTerm(1, 0, 2, 3)).toBe(0);
  });
});
