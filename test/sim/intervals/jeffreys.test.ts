import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { jeffreysBounds } from '../../../packages/sim/src/intervals/jeffreys.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 (see proportionInterval.test.ts for the full scipy grid).
describe('jeffreysBounds', () => {
  it('doc example: 27 of 30 at tail 0.025 = Beta(27.5, 3.5) quantiles (scipy.stats.beta)', () => {
    // python3 -c "from scipy.stats import beta; print(beta.ppf(0.025,27.5,3.5), beta.isf(0.025,27.5,3.5))"
    const { lower, upper } = jeffreysBounds(30, 27, 0.025);
    expectRelativelyClose(lower, 0.7565983910150729);
    expectRelativelyClose(upper, 0.9710193809672735);
  });

  it('uses L = 0 at c = 0 and U = 1 at c = n (Brown, Cai & DasGupta), the posterior quantile on the other side', () => {
    // python3 -c "from scipy.stats import beta; print(beta.isf(0.025, 0.5, 30.5), beta.isf(0.05, 0.5, 30.5))"
    // (the second is 1 − L at c = n by the mirror identity Beta(a, b) ↔ 1 − Beta(b, a))
    const none = jeffreysBounds(30, 0, 0.025);
    expect(none.lower).toBe(0);
    expectRelativelyClose(none.upper, 0.07967817381726);
    const all = jeffreysBounds(30, 30, 0.05);
    expect(all.upper).toBe(1);
    expectRelativelyClose(1 - all.lower, 0.0615167245573009);
  });

  it('rejects bad n, c and alpha, naming the argument', () => {
    expect(() => jeffreysBounds(-3, 0, 0.05)).toThrow(InputError);
    expect(() => jeffreysBounds(10, 3.5, 0.05)).toThrow(/^c: /);
    expect(() => jeffreysBounds(10, 3, 2)).toThrow(/^alpha: /);
  });
});
