import { describe, expect, it } from 'vitest';
import { flooredVarianceQuantile } from '../../../packages/sim/src/taskAverage/flooredVarianceQuantile.js';
import { normalQuantile } from '../../../packages/sim/src/math/normalQuantile.js';
import { studentTQuantile } from '../../../packages/sim/src/math/studentT.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

describe('flooredVarianceQuantile', () => {
  it('solves E[P(|Z| ≤ q·√max(W, f))] = 1 − α, W ~ χ²_ν/ν, by direct quadrature over the χ²_ν density (scipy)', () => {
    // Independent of the integrated-by-parts form the code uses: the expectation itself, by quad, root by brentq.
    // python3 -c "
    // import numpy as np; from scipy import stats, integrate, optimize
    // def cov(q, f, nu, sides):
    //   g = lambda x: ((2*stats.norm.cdf(q*np.sqrt(max(x/nu, f)))-1) if sides == 2 else stats.norm.cdf(q*np.sqrt(max(x/nu, f))))*stats.chi2.pdf(x, nu)
    //   return sum(integrate.quad(g, lo, hi, limit=400, epsabs=1e-14, epsrel=1e-13)[0] for lo, hi in [(0, nu*f), (nu*f, np.inf)])
    // for f, nu, sides, level in [(1,19,2,.95),(0.5,19,2,.95),(0.9,19,2,.95),(1,49,2,.95),(0.7,163,1,.95),(1,1,2,.95),
    //                             (0.3,4,2,.9),(1,163,2,.95),(1,999,2,.95),(0.95,999,2,.95),(1,19,1,.95),(0.25,9,2,.99)]:
    //   print(f, nu, sides, level, repr(optimize.brentq(lambda q: cov(q, f, nu, sides) - level, 0.5, 20, xtol=1e-13)))"
    const table: Array<[number, number, 1 | 2, number, number]> = [
      [1, 19, 2, 0.95, 1.8758985964949542],
      [0.5, 19, 2, 0.95, 2.080217794888526],
      [0.9, 19, 2, 0.95, 1.9328279001881101],
      [1, 49, 2, 0.95, 1.8991174740009138],
      [0.7, 163, 1, 0.95, 1.654205090658597],
      [1, 1, 2, 0.95, 1.843785254880128],
      [0.3, 4, 2, 0.9, 2.0019521936550313],
      [1, 163, 2, 0.95, 1.922506463579216],
      [1, 999, 2, 0.95, 1.9434770634609668],
      [0.95, 999, 2, 0.95, 1.9590875919088353],
      [1, 19, 1, 0.95, 1.5692251066336176],
      [0.25, 9, 2, 0.99, 3.20734222699615],
    ];
    // scipy's quad and root are good to ~1e-12 relative.
    for (const [f, nu, sides, level, expected] of table) {
      const tail = sides === 2 ? (1 - level) / 2 : 1 - level;
      expectRelativelyClose(flooredVarianceQuantile(f, nu, tail, sides), expected, 1e-10);
    }
  });

  it('is the t quantile without a floor, falls as the floor’s share grows, and is below z when the floor is all of σ²', () => {
    expect(flooredVarianceQuantile(0, 19, 0.025, 2)).toBe(studentTQuantile(0.975, 19));
    let previous = Infinity;
    for (const f of [0.1, 0.3, 0.5, 0.7, 0.9, 1]) {
      const q = flooredVarianceQuantile(f, 19, 0.025, 2);
      expect(q).toBeLessThan(previous);
      previous = q;
    }
    // Y = max(W, 1) ≥ 1, so z already covers more than 95 %.
    expect(flooredVarianceQuantile(1, 19, 0.025, 2)).toBeLessThan(normalQuantile(0.975));
    // A share above 1 is the floor alone.
    expect(flooredVarianceQuantile(1.5, 19, 0.025, 2)).toBe(flooredVarianceQuantile(1, 19, 0.025, 2));
  });
});
