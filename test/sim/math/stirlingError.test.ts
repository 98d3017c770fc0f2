import { describe, expect, it } from 'vitest';
import { stirlingError } from '../../../packages/sim/src/math/stirlingError.js';

// δ enters exponents, so its accuracy is absolute: the library documents ≲ 1e-14.
const ATOL = 1e-14;

describe('stirlingError', () => {
  it('doc example: δ(1) = 1 − ½ ln 2π (closed form)', () => {
    expect(Math.abs(stirlingError(1) - (1 - 0.5 * Math.log(2 * Math.PI)))).toBeLessThanOrEqual(1e-16);
  });

  it('matches ln Γ(z + 1) − (z + ½) ln z + z − ½ ln 2π evaluated in mpmath', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; d=lambda z: m.loggamma(z+1)-(z+m.mpf(0.5))*m.log(z)+z-m.log(2*m.pi)/2; print([[z, float(d(m.mpf(z)))] for z in [0.5,3.3,7.5,9.99,10.0,15.0,123.4,1e7]])"
    const table: Array<[number, number]> = [
      [0.5, 0.15342640972002736],
      [3.3, 0.025177132967245105],
      [7.5, 0.011104559758206917],
      [9.99, 0.00833889679773433],
      [10.0, 0.00833056343336287],
      [15.0, 0.005554733551962801],
      [123.4, 0.0006753091646594012],
      [1e7, 8.33333333333333e-9],
    ];
    for (const [z, expected] of table) expect(Math.abs(stirlingError(z) - expected)).toBeLessThanOrEqual(ATOL);
    // Far from 0 the series is also relatively accurate.
    expect(Math.abs(stirlingError(1e7) / 8.33333333333333e-9 - 1)).toBeLessThanOrEqual(1e-14);
  });
});
