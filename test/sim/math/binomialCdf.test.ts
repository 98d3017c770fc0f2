import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { binomialCdf, binomialSf } from '../../../packages/sim/src/math/binomialCdf.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 on both tails (measured worst case in these tables: 2.1e-13, at a value
// of 1.2e-234; below 6e-15 elsewhere).
type Row = [k: number, n: number, p: number, cdf: number, sf: number];
function checkRows(rows: Row[]): void {
  for (const [k, n, p, cdf, sf] of rows) {
    expectRelativelyClose(binomialCdf(k, n, p), cdf);
    expectRelativelyClose(binomialSf(k, n, p), sf);
  }
}

describe('binomialCdf / binomialSf', () => {
  it('doc examples: P(X ≤ 2), X ~ Bin(10, 0.3), and its complement (closed form)', () => {
    const cdf = 0.7 ** 10 + 10 * 0.3 * 0.7 ** 9 + 45 * 0.3 ** 2 * 0.7 ** 8;
    expectRelativelyClose(binomialCdf(2, 10, 0.3), cdf);
    expectRelativelyClose(binomialSf(2, 10, 0.3), 1 - cdf);
  });

  it('matches scipy.stats.binom.cdf / sf for small n', () => {
    // python3 -c "from scipy.stats import binom; C=[(3,10,0.3),(27,30,0.9),(15,200,0.2),(9990,10000,0.9999),(0,20,0.05),(7,8,0.5)]; print([[k, n, p, float(binom.cdf(k,n,p)), float(binom.sf(k,n,p))] for k,n,p in C])"
    checkRows([
      [3, 10, 0.3, 0.6496107184000002, 0.3503892815999998],
      [27, 30, 0.9, 0.5886487604404944, 0.4113512395595056],
      [15, 200, 0.2, 8.224067176228418e-7, 0.9999991775932824],
      [9990, 10000, 0.9999, 1.1102055084840175e-7, 0.9999998889794491],
      [0, 20, 0.05, 0.3584859224085422, 0.6415140775914578],
      [7, 8, 0.5, 0.99609375, 0.00390625],
    ]);
  });

  it('is accurate for n up to 1e7 and tails down to 1e-293 (exact sums in mpmath)', () => {
    // python3:  import mpmath as m; m.mp.dps = 40
    //   def exact(k, n, p):  # (pmf, cdf, sf) of Binomial(n, p) at k, by summing pmf terms outward from k in mpmath
    //       p = m.mpf(p)
    //       pmf = lambda j: m.exp(m.loggamma(n+1) - m.loggamma(j+1) - m.loggamma(n-j+1) + j*m.log(p) + (n-j)*m.log1p(-p))
    //       def walk(j, step):
    //           s, t = m.mpf(0), pmf(j)
    //           while 0 <= j <= n and (t > s * m.mpf(10)**-38 or (j - n*p) * step < 0):
    //               s += t; t *= m.mpf(n-j)/(j+1)*p/(1-p) if step > 0 else m.mpf(j)/(n-j+1)*(1-p)/p; j += step
    //           return s
    //       return pmf(k), walk(k, -1), (walk(k + 1, 1) if k < n else m.mpf(0))
    //   C=[(5000000,10000000,0.5),(4990000,10000000,0.5),(10,10000000,1e-6),(0,10000000,1e-7),(100,10000000,1e-4),(1035,4319,0.48141725251781586),(2979,14050,0.3229057945509941)]
    //   print([[k, n, p, *map(float, exact(k, n, p)[1:])] for k, n, p in C])
    // (scipy.stats.binom.cdf is off by 6e-13 relative on the last row.)
    checkRows([
      [5000000, 10000000, 0.5, 0.5001261566229471, 0.49987384337705293],
      [4990000, 10000000, 0.5, 1.2724002455775866e-10, 0.99999999987276],
      [10, 10000000, 1e-6, 0.583039750192996, 0.416960249807004],
      [0, 10000000, 1e-7, 0.3678794227774695, 0.6321205772225305],
      [100, 10000000, 1e-4, 5.802646676745338e-293, 1.0],
      [1035, 4319, 0.48141725251781586, 1.2419119494004106e-234, 1.0],
      [2979, 14050, 0.3229057945509941, 2.1516392954091912e-187, 1.0],
    ]);
  });

  it('handles k outside 0..n and p at 0 or 1 (closed form)', () => {
    expect(binomialCdf(-1, 10, 0.3)).toBe(0);
    expect(binomialSf(-1, 10, 0.3)).toBe(1);
    expect(binomialCdf(10, 10, 0.3)).toBe(1);
    expect(binomialSf(12, 10, 0.3)).toBe(0);
    expect(binomialCdf(3, 10, 0)).toBe(1);
    expect(binomialSf(3, 10, 0)).toBe(0);
    expect(binomialCdf(3, 10, 1)).toBe(0);
    expect(binomialSf(3, 10, 1)).toBe(1);
  });

  it('rejects non-integer k or n, negative n and p outside [0, 1], naming the argument', () => {
    expect(() => binomialCdf(0.5, 5, 0.5)).toThrow(InputError);
    expect(() => binomialSf(0.5, 5, 0.5)).toThrow(/^k: /);
    expect(() => binomialCdf(1, -1, 0.5)).toThrow(/^n: /);
    expect(() => binomialSf(1, 5, -0.1)).toThrow(/^p: /);
  });
});
