import { describe, expect, it } from 'vitest';
import { stirlingSeries } from '../../../packages/sim/src/math/stirlingSeries.js';

describe('stirlingSeries', () => {
  it('doc example: ω(10) = ln Γ(10) − 9.5 ln 10 + 10 − ½ ln 2π (mpmath)', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; print(float(m.loggamma(10)-m.mpf(9.5)*m.log(10)+10-m.log(2*m.pi)/2))"
    expect(Math.abs(stirlingSeries(10) - 0.00833056343336287)).toBeLessThanOrEqual(1e-12 * 0.00833056343336287);
  });

  it('tends to 1/(12x) for large x (closed form of the leading term, next term −1/(360x³))', () => {
    const x = 1e5;
    expect(Math.abs(stirlingSeries(x) - 1 / (12 * x))).toBeLessThanOrEqual(1.01 / (360 * x ** 3));
  });
});
