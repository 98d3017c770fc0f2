import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { logBeta } from '../../../packages/sim/src/math/logBeta.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (measured worst case in this table: 2e-15).
describe('logBeta', () => {
  it('doc example: ln B(½, ½) = ln π (closed form)', () => {
    expectRelativelyClose(logBeta(0.5, 0.5), Math.log(Math.PI));
  });

  it('is symmetric and 0 at (1, 1); ln B(2, 3) = ln(1/12) (closed form)', () => {
    expect(logBeta(1, 1)).toBe(0);
    expectRelativelyClose(logBeta(2, 3), -Math.log(12));
    expect(logBeta(7.25, 0.3)).toBe(logBeta(0.3, 7.25));
  });

  it('matches scipy.special.betaln, small to very large parameters', () => {
    // python3 -c "from scipy.special import betaln; ab=[(0.001,5),(9.5,0.5),(30,10),(1000,1000),(1e7,0.5),(1e-8,1e7),(12,3)]; print([[a, b, float(betaln(a,b))] for a,b in ab])"
    const table: Array<[number, number, number]> = [
      [0.001, 5, 6.905672657062074],
      [9.5, 0.5, -0.5401291163595009],
      [30, 10, -22.572893813393982],
      [1000, 1000, -1388.482601635902],
      [1e7, 0.5, -7.48668287005446],
      [1e-8, 1e7, 18.420680576999253],
      [12, 3, -6.9957661563048505],
    ];
    for (const [a, b, expected] of table) expectRelativelyClose(logBeta(a, b), expected);
  });

  it('does not cancel for a, b in the millions (mpmath; scipy is off by 7.5e-15 at (1e7, 1e7))', () => {
    // python3 -c "import mpmath as m; m.mp.dps=40; print([float(m.log(m.beta(m.mpf(a), m.mpf(b)))) for a,b in [(1e7,1e7),(3000000.5,7000000.5)]])"
    expectRelativelyClose(logBeta(1e7, 1e7), -13862950.404734597);
    expectRelativelyClose(logBeta(3000000.5, 7000000.5), -6108650.160658255);
  });

  it('rejects non-positive or non-finite parameters, naming a or b', () => {
    expect(() => logBeta(0, 1)).toThrow(InputError);
    expect(() => logBeta(1, Number.NaN)).toThrow(/^b: /);
    expect(() => logBeta(Infinity, 1)).toThrow(/^a: /);
  });
});
