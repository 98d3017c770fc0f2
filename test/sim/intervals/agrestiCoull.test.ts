import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { agrestiCoullBounds } from '../../../packages/sim/src/intervals/agrestiCoull.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (see proportionInterval.test.ts for the full grid).
describe('agrestiCoullBounds', () => {
  it('doc example: 27 of 30 at tail 0.025 (closed form in python with scipy.special.ndtri)', () => {
    // python3 -c "from scipy.special import ndtri; from math import sqrt; z=ndtri(0.975); nt=30+z*z; pt=(27+z*z/2)/nt; h=z*sqrt(pt*(1-pt)/nt); print(pt-h, pt+h)"
    const { lower, upper } = agrestiCoullBounds(30, 27, 0.025);
    expectRelativelyClose(lower, 0.7358281750847897);
    expectRelativelyClose(upper, 0.9733611103760351);
  });

  it('clips to [0, 1]: at c = 0 and c = n the raw centre ± half-width leaves the unit interval', () => {
    // python3 -c "from scipy.special import ndtri; from math import sqrt; z=ndtri(0.975); nt=30+z*z; pt=(0+z*z/2)/nt; h=z*sqrt(pt*(1-pt)/nt); print(pt-h, pt+h)"
    // → -0.021198302965657598 0.13471169613962636: the lower bound is clipped to 0.
    const none = agrestiCoullBounds(30, 0, 0.025);
    expect(none.lower).toBe(0);
    expectRelativelyClose(none.upper, 0.13471169613962636);
    const all = agrestiCoullBounds(30, 30, 0.025);
    expect(all.upper).toBe(1);
  });

  it('rejects bad n, c and alpha, naming the argument', () => {
    expect(() => agrestiCoullBounds(0, 0, 0.05)).toThrow(InputError);
    expect(() => agrestiCoullBounds(10, 12, 0.05)).toThrow(/^c: /);
    expect(() => agrestiCoullBounds(10, 3, -0.05)).toThrow(/^alpha: /);
  });
});
