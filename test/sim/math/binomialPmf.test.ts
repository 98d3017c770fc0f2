import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { binomialPmf } from '../../../packages/sim/src/math/binomialPmf.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (measured worst case in these tables: 2.4e-13, at a value of 8e-235 whose
// exponent alone carries ~1e-16 × 540 of rounding; 4e-15 elsewhere).
describe('binomialPmf', () => {
  it('doc example: P(X = 3), X ~ Bin(10, 0.3) = 120 · 0.3³ · 0.7⁷ (closed form)', () => {
    expectRelativelyClose(binomialPmf(3, 10, 0.3), 120 * 0.3 ** 3 * 0.7 ** 7);
  });

  it('matches scipy.stats.binom.pmf for small n', () => {
    // python3 -c "from scipy.stats import binom; C=[(27,30,0.9),(30,30,0.905),(15,200,0.2),(0,20,0.05),(7,8,0.5)]; print([[k, n, p, float(binom.pmf(k,n,p))] for k,n,p in C])"
    const table: Array<[number, number, number, number]> = [
      [27, 30, 0.9, 0.23608793223234256],
      [30, 30, 0.905, 0.05005614225033141],
      [15, 200, 0.2, 5.653592843917448e-7],
      [0, 20, 0.05, 0.35848592240854227],
      [7, 8, 0.5, 0.031249999999999983],
    ];
    for (const [k, n, p, expected] of table) expectRelativelyClose(binomialPmf(k, n, p), expected);
  });

  it('is accurate for n up to 1e7 and values down to 1e-293 (exact sums in mpmath)', () => {
    // python3:  import mpmath as m; m.mp.dps = 40
    //   pmf = lambda k, n, p: m.exp(m.loggamma(n+1) - m.loggamma(k+1) - m.loggamma(n-k+1) + k*m.log(m.mpf(p)) + (n-k)*m.log1p(-m.mpf(p)))
    //   C=[(5000000,10000000,0.5),(4990000,10000000,0.5),(10,10000000,1e-6),(0,10000000,1e-7),(100,10000000,1e-4),(1035,4319,0.48141725251781586),(9990,10000,0.9999),(2979,14050,0.3229057945509941)]
    //   print([[k, n, p, float(pmf(k, n, p))] for k, n, p in C])
    // (scipy.stats.binom.pmf is up to 1.2e-13 relative off on these rows.)
    const table: Array<[number, number, number, number]> = [
      [5000000, 10000000, 0.5, 0.0002523132458941848],
      [4990000, 10000000, 0.5, 5.200504668162564e-13],
      [10, 10000000, 1e-6, 0.12511009827619704],
      [0, 10000000, 1e-7, 0.3678794227774695],
      [100, 10000000, 1e-4, 5.223077328443428e-293],
      [1035, 4319, 0.48141725251781586, 8.206916059422458e-235],
      [9990, 10000, 0.9999, 1.010183198315898e-7],
      [2979, 14050, 0.3229057945509941, 9.383949772828038e-188],
    ];
    for (const [k, n, p, expected] of table) expectRelativelyClose(binomialPmf(k, n, p), expected);
  });

  it('gives p^n and (1 − p)^n at the ends, and 0 outside 0..n (closed form)', () => {
    expectRelativelyClose(binomialPmf(30, 30, 0.9), 0.9 ** 30);
    expectRelativelyClose(binomialPmf(0, 30, 0.9), 0.1 ** 30);
    expectRelativelyClose(binomialPmf(0, 1e6, 1e-9), Math.exp(1e6 * Math.log1p(-1e-9)));
    expect(binomialPmf(-1, 5, 0.5)).toBe(0);
    expect(binomialPmf(6, 5, 0.5)).toBe(0);
    expect(binomialPmf(0, 5, 0)).toBe(1);
    expect(binomialPmf(5, 5, 1)).toBe(1);
    expect(binomialPmf(2, 5, 1)).toBe(0);
    expect(binomialPmf(0, 0, 0.3)).toBe(1);
  });

  it('sums to 1 over k (identity), n = 57', () => {
    let total = 0;
    for (let k = 0; k <= 57; k++) total += binomialPmf(k, 57, 0.37);
    expect(Math.abs(total - 1)).toBeLessThanOrEqual(1e-14);
  });

  it('rejects non-integer k or n, negative n and p outside [0, 1], naming the argument', () => {
    expect(() => binomialPmf(1.5, 5, 0.5)).toThrow(InputError);
    expect(() => binomialPmf(1.5, 5, 0.5)).toThrow(/^k: /);
    expect(() => binomialPmf(1, -5, 0.5)).toThrow(/^n: /);
    expect(() => binomialPmf(1, 5.5, 0.5)).toThrow(/^n: /);
    expect(() => binomialPmf(1, 5, 1.5)).toThrow(/^p: /);
    expect(() => binomialPmf(1, 5, Number.NaN)).toThrow(/^p: /);
  });
});
