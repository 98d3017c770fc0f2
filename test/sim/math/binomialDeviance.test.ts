import { describe, expect, it } from 'vitest';
import { binomialDeviance } from '../../../packages/sim/src/math/binomialDeviance.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Relative 1e-12 (bd0 is computed to a few ulp).
describe('binomialDeviance', () => {
  it('doc example: bd0(3, 5) = 3 ln(3/5) + 2 (closed form)', () => {
    expectRelativelyClose(binomialDeviance(3, 5), 3 * Math.log(3 / 5) + 2);
    expectRelativelyClose(binomialDeviance(3, 5), 0.46752312870202795);
  });

  it('matches x ln(x/m) + m − x in mpmath, including near x = m where the direct form cancels', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; bd0=lambda x,M: x*m.log(x/M)+M-x; print([[x,M,float(bd0(m.mpf(x),m.mpf(M)))] for x,M in [(1e7,1e7+1000),(0.5,1e-310),(1000,1e-3),(5,4.9999999)]])"
    const table: Array<[number, number, number]> = [
      [1e7, 1e7 + 1000, 0.04999666691664667],
      [0.5, 1e-310, 356.05411582379713],
      [1000, 1e-3, 12815.511557964273],
      [5, 4.9999999, 1.0000000189419601e-15],
    ];
    for (const [x, m, expected] of table) expectRelativelyClose(binomialDeviance(x, m), expected);
  });

  it('is 0 at x = m and m at x = 0 (closed form)', () => {
    expect(binomialDeviance(7, 7)).toBe(0);
    expect(binomialDeviance(0, 2.5)).toBe(2.5);
  });

  it('uses the difference x − m when the caller passes it', () => {
    // bd0(x, m) with the true difference 1000 while m is given rounded: same value as the exact call.
    expectRelativelyClose(binomialDeviance(1e7, 1e7 + 1000, -1000), 0.04999666691664667);
  });
});
