import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { wilsonBounds } from '../../../packages/sim/src/intervals/wilson.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (see proportionInterval.test.ts for the full scipy grid).
describe('wilsonBounds', () => {
  it('doc example (seed): 27 of 30 at tail 0.025 = scipy binomtest Wilson 95 % two-sided', () => {
    // python3 -c "from scipy.stats import binomtest; ci=binomtest(27,30).proportion_ci(confidence_level=0.95, method='wilson'); print(ci.low, ci.high)"
    const { lower, upper } = wilsonBounds(30, 27, 0.025);
    expectRelativelyClose(lower, 0.7437891742081592);
    expectRelativelyClose(upper, 0.9654001112526657);
  });

  it('is exactly 0 at c = 0 and exactly 1 at c = n (closed form: the square root equals z/2 there)', () => {
    expect(wilsonBounds(30, 0, 0.025).lower).toBe(0);
    expect(wilsonBounds(30, 30, 0.025).upper).toBe(1);
  });

  it('does not cancel for one success in 1e9 trials (closed form in mpmath at 50 digits)', () => {
    // python3 -c "import mpmath as m; from scipy.special import ndtri; m.mp.dps=50; z=m.mpf(float(-ndtri(0.025))); n=m.mpf(10**9); c=m.mpf(1); r=m.sqrt(c*(n-c)/n+z*z/4); print(float((c+z*z/2-z*r)/(n+z*z)), float((c+z*z/2+z*r)/(n+z*z)))"
    // (scipy's binomtest prints 1.765245549569633e-10 for the lower bound: 1.1e-14 relative off.)
    const { lower, upper } = wilsonBounds(1e9, 1, 0.025);
    expectRelativelyClose(lower, 1.765245549569631e-10);
    expectRelativelyClose(upper, 5.66493424329744e-9);
    // Mirror image (identity: c ↔ n − c maps p to 1 − p).
    const mirrored = wilsonBounds(1e9, 1e9 - 1, 0.025);
    expectRelativelyClose(1 - mirrored.upper, 1.765245549569631e-10, 1e-6); // 1 − U is limited by U's ulp (1.1e-16)
    expect(mirrored.lower).toBe(1 - upper);
  });

  it('rejects bad n, c and alpha, naming the argument', () => {
    expect(() => wilsonBounds(0, 0, 0.05)).toThrow(InputError);
    expect(() => wilsonBounds(10, 11, 0.05)).toThrow(/^c: /);
    expect(() => wilsonBounds(10, 3, 0)).toThrow(/^alpha: /);
    expect(() => wilsonBounds(10, 3, 1)).toThrow(/^alpha: /);
  });
});

describe('wilsonBounds at alpha = ½ (z = 0, a one-sided 50 % bound)', () => {
  it('collapses to the estimate c/n (closed form: both roots are c/n when z = 0), also at c = 0 and c = n where the product form is 0/0', () => {
    expect(wilsonBounds(7, 0, 0.5)).toEqual({ lower: 0, upper: 0 });
    expect(wilsonBounds(7, 7, 0.5)).toEqual({ lower: 1, upper: 1 });
    const { lower, upper } = wilsonBounds(8, 3, 0.5);
    expect(lower).toBeCloseTo(3 / 8, 15);
    expect(upper).toBeCloseTo(3 / 8, 15);
  });
});
