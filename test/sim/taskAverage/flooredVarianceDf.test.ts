import { describe, expect, it } from 'vitest';
import { flooredVarianceDf } from '../../../packages/sim/src/taskAverage/flooredVarianceDf.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

describe('flooredVarianceDf', () => {
  it('matches 2(E Y)²/Var Y of Y = max(χ²_ν/ν, c) by numerical integration (scipy)', () => {
    // Independent of the closed form (which uses the χ²_{ν+2}, χ²_{ν+4} tails): quadrature over the χ²_ν density.
    // python3 -c "
    // from scipy import integrate, stats; import numpy as np
    // for c, nu in [(1,19),(0.5,19),(0.9,49),(0.2,4),(1,163)]:
    //   pdf = lambda w: stats.chi2.pdf(w*nu, nu)*nu
    //   m = lambda p: c**p*stats.chi2.cdf(c*nu, nu) + integrate.quad(lambda w: w**p*pdf(w), c, np.inf, limit=200, epsabs=1e-14, epsrel=1e-13)[0]
    //   e1, e2 = m(1), m(2); print(c, nu, repr(2*e1*e1/(e2-e1*e1)))"
    const table: Array<[number, number, number]> = [
      [1, 19, 56.41566254049761],
      [0.5, 19, 19.6421726403192],
      [0.9, 49, 85.73460545794757],
      [0.2, 4, 4.0965120412210725],
      [1, 163, 479.53731219374293],
    ];
    // The quadrature is good to ~1e-12 relative; the difference of two moments loses a few digits more.
    for (const [c, nu, expected] of table) expectRelativelyClose(flooredVarianceDf(c, nu), expected, 1e-9);
  });

  it('is ν without a floor and grows with the floor’s share', () => {
    expect(flooredVarianceDf(0, 19)).toBe(19);
    let previous = 19;
    for (const c of [0.2, 0.4, 0.6, 0.8, 1]) {
      const df = flooredVarianceDf(c, 19);
      expect(df).toBeGreaterThanOrEqual(previous);
      previous = df;
    }
    // A share above 1 (floor above the variance used) is the floor alone.
    expect(flooredVarianceDf(1.5, 19)).toBe(flooredVarianceDf(1, 19));
  });
});
