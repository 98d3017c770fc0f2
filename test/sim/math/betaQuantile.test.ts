import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { betaQuantile, betaQuantileComplement } from '../../../packages/sim/src/math/betaQuantile.js';
import { regularizedBeta, regularizedBetaComplement } from '../../../packages/sim/src/math/regularizedBeta.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 on x (measured worst case in these tables: 1.3e-15).
describe('betaQuantile / betaQuantileComplement', () => {
  it('doc examples: I_x(2, 1) = x² gives x = √0.25; 1 − I_x(1, 2) = (1 − x)² gives x = 1 − √0.25', () => {
    expectRelativelyClose(betaQuantile(0.25, 2, 1), 0.5);
    expectRelativelyClose(betaQuantileComplement(0.25, 1, 2), 0.5);
  });

  it('inverts the closed forms x^a, 1 − (1 − x)^b and (2/π) asin √x, down to q = 1e-300', () => {
    for (const q of [1e-300, 1e-40, 1e-6, 0.025, 0.3, 0.5, 0.8, 0.975, 1 - 1e-9]) {
      expectRelativelyClose(betaQuantile(q, 3.5, 1), q ** (1 / 3.5));
      expectRelativelyClose(betaQuantile(q, 1, 7), -Math.expm1(Math.log1p(-q) / 7));
      expectRelativelyClose(betaQuantileComplement(q, 7, 1), Math.exp(Math.log1p(-q) / 7));
      expectRelativelyClose(betaQuantile(q, 0.5, 0.5), Math.sin((Math.PI * q) / 2) ** 2);
    }
  });

  it('matches scipy.special.betaincinv (Clopper–Pearson and Jeffreys shapes, a or b = ½, tiny q)', () => {
    // python3 -c "from scipy.special import betaincinv; L=[(0.025,27,4),(0.975,28,3),(0.025,27.5,3.5),(0.975,27.5,3.5),(0.05,30,1),(1e-300,5,5),(1e-10,0.5,0.5),(0.5,1e7,1e7),(0.3,0.5,80.5),(0.999,2,2),(0.9,0.6,0.7)]; print([[q, a, b, float(betaincinv(a,b,q))] for q,a,b in L])"
    // (each checked in mpmath: I at scipy's x is q to ≤ 2.3e-15 relative in x)
    const table: Array<[number, number, number, number]> = [
      [0.025, 27, 4, 0.7347115495257919],
      [0.975, 28, 3, 0.9788828629702774],
      [0.025, 27.5, 3.5, 0.7565983910150729],
      [0.975, 27.5, 3.5, 0.9710193809672735],
      [0.05, 30, 1, 0.9049661471446958],
      [1e-300, 5, 5, 3.801245254500843e-61],
      [1e-10, 0.5, 0.5, 2.4674011002723397e-20],
      [0.5, 1e7, 1e7, 0.5],
      [0.3, 0.5, 80.5, 0.0009246258881640839],
      [0.999, 2, 2, 0.9816297461411884],
      [0.9, 0.6, 0.7, 0.9340418319124315],
    ];
    for (const [q, a, b, expected] of table) expectRelativelyClose(betaQuantile(q, a, b), expected);
  });

  it('matches scipy.special.betainccinv for the upper quantile', () => {
    // python3 -c "from scipy.special import betainccinv; C=[(0.025,28,3),(0.025,3.5,27.5),(1e-200,2,50),(0.7,1e5,1e6),(0.5,0.5,0.5)]; print([[q, a, b, float(betainccinv(a,b,q))] for q,a,b in C])"
    const table: Array<[number, number, number, number]> = [
      [0.025, 28, 3, 0.9788828629702774],
      [0.025, 3.5, 27.5, 0.24340160898492716],
      [1e-200, 2, 50, 0.9999075622462171],
      [0.7, 1e5, 1e6, 0.09076517250859444],
      [0.5, 0.5, 0.5, 0.4999999999999999],
    ];
    for (const [q, a, b, expected] of table) expectRelativelyClose(betaQuantileComplement(q, a, b), expected);
  });

  it('is accurate for a, b in the millions (Newton in mpmath on exact binomial sums; scipy is off here)', () => {
    // python3 (with tails() from test/sim/math/regularizedBeta.test.ts, the exact binomial sums):
    //   def quantile(q, a, b, x):  # Newton on I_x(a,b) = q in mpmath (40 digits)
    //       q, x = m.mpf(q), m.mpf(x)
    //       for _ in range(6):
    //           pdf = m.exp((a-1)*m.log(x) + (b-1)*m.log1p(-x) - m.loggamma(a) - m.loggamma(b) + m.loggamma(a+b))
    //           x -= (tails(x, a, b)[0] - q) / pdf
    //       return x
    //   print([[q, a, b, float(quantile(q, a, b, x0))] for q, a, b, x0 in [(1e-20, 1000, 9000000, 8.16e-5), (0.025, 1000000, 9000000, 0.0998)]])
    // scipy.special.betaincinv gives 8.162470588846116e-05 (4.8e-8 off) and 0.09981413728738665 (3.7e-13 off).
    expectRelativelyClose(betaQuantile(1e-20, 1000, 9e6), 8.162470193300588e-5);
    expectRelativelyClose(betaQuantile(0.025, 1e6, 9e6), 0.09981413728734971);
  });

  it('round-trips x → I_x(a, b) → x on a grid (identity), using the smaller tail', () => {
    // x → q is the well-conditioned direction when I is steep (large a, b), so the check is on x.
    for (const [a, b] of [
      [0.5, 0.5],
      [0.5, 30.5],
      [3, 1e4],
      [250.5, 50.5],
      [2e6, 3e6],
    ]) {
      for (const x of [1e-100, 1e-10, 1e-4, 0.001, 0.1, 0.3, 0.4, 0.41, 0.5, 0.7, 0.9, 0.999]) {
        const lower = regularizedBeta(x, a, b);
        const upper = regularizedBetaComplement(x, a, b);
        if (lower <= upper && lower > 0) expectRelativelyClose(betaQuantile(lower, a, b), x);
        if (upper < lower && upper > 0) expectRelativelyClose(betaQuantileComplement(upper, a, b), x);
      }
    }
  });

  it('returns the ends at q = 0 and 1, and 0 when the quantile underflows (closed form q^(1/a))', () => {
    expect(betaQuantile(0, 2, 3)).toBe(0);
    expect(betaQuantile(1, 2, 3)).toBe(1);
    expect(betaQuantileComplement(0, 2, 3)).toBe(1);
    expect(betaQuantileComplement(1, 2, 3)).toBe(0);
    expect(betaQuantile(1e-300, 0.1, 1)).toBe(0); // (1e-300)^10 underflows
  });

  it('finds a quantile near 0 above the median on its own side (a shape near 0: most of the mass within 1e-300 of 0)', () => {
    // Beta(a, 1): x = q^(1/a). 0.8^10000 = 7.9e-970 underflows (the solve on the upper tail gave 6.2e-77);
    // 0.99^10000 = 2.2487748498162805e-44 (Math.pow; the problem amplifies q's rounding 10⁴-fold, hence 1e-10).
    expect(betaQuantile(0.8, 1e-4, 1)).toBe(0);
    expectRelativelyClose(betaQuantile(0.99, 1e-4, 1), 0.99 ** 1e4, 1e-10);
    // I_x(5e-5, ½) at the smallest double is 0.9634 (mpmath), above 0.8: x rounds to 0.
    expect(betaQuantile(0.8, 5e-5, 0.5)).toBe(0);
  });

  it('rejects q outside [0, 1] and non-positive a or b, naming the argument', () => {
    expect(() => betaQuantile(-0.1, 1, 1)).toThrow(InputError);
    expect(() => betaQuantile(Number.NaN, 1, 1)).toThrow(/^q: /);
    expect(() => betaQuantileComplement(0.5, -1, 1)).toThrow(/^a: /);
    expect(() => betaQuantile(0.5, 1, 0)).toThrow(/^b: /);
  });
});
