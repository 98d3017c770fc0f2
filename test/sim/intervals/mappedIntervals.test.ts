import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { clopperPearsonBounds } from '../../../packages/sim/src/intervals/clopperPearson.js';
import { passAtKInterval, passHatKInterval } from '../../../packages/sim/src/intervals/mappedIntervals.js';
import { proportionInterval } from '../../../packages/sim/src/intervals/proportionInterval.js';
import { wilsonBounds } from '../../../packages/sim/src/intervals/wilson.js';
import { normalCdf } from '../../../packages/sim/src/math/normalCdf.js';
import { expectRelativelyClose } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12.
describe('passHatKInterval', () => {
  it('seed: 27 of 30, Wilson two-sided 95 % → pass^8 in [9.4 %, 75.4…%] (scipy full values)', () => {
    const p = proportionInterval(30, 27, { method: 'wilson', confidence: 0.95, sides: 2 });
    const passHat8 = passHatKInterval(p, 8);
    // python3 -c "from scipy.stats import binomtest; ci=binomtest(27,30).proportion_ci(confidence_level=0.95, method='wilson'); print(ci.low**8, ci.high**8)"
    expectRelativelyClose(passHat8.lower, 0.09366963406200529);
    expectRelativelyClose(passHat8.upper, 0.7544991524313716);
    expect((passHat8.lower * 100).toFixed(1)).toBe('9.4');
    // With the exact z = Φ⁻¹(0.975) the upper bound is 75.44992 %, which prints as 75.4 %.
    expect((passHat8.upper * 100).toFixed(1)).toBe('75.4');
  });

  it("seed: the seed's printed [9.4 %, 75.5 %] is the same Wilson interval with z rounded to 1.96", () => {
    // python3 -c "from math import sqrt; z=1.96; n,c=30,27; r=sqrt(c*(n-c)/n+z*z/4); print(((c+z*z/2-z*r)/(n+z*z))**8, ((c+z*z/2+z*r)/(n+z*z))**8)"
    const p = wilsonBounds(30, 27, normalCdf(-1.96)); // tail probability whose z is 1.96
    const passHat8 = passHatKInterval(p, 8);
    expectRelativelyClose(passHat8.lower, 0.09366601990772538);
    expectRelativelyClose(passHat8.upper, 0.7545030838235557);
    expect((passHat8.lower * 100).toFixed(1)).toBe('9.4');
    expect((passHat8.upper * 100).toFixed(1)).toBe('75.5');
  });

  it('seed: 30 of 30, Clopper–Pearson one-sided 95 % → pass^8 ≥ 45.0 % (closed form 0.05^(8/30); scipy)', () => {
    const p = proportionInterval(30, 30, { method: 'clopper-pearson', confidence: 0.95, sides: 1 });
    const passHat8 = passHatKInterval(p, 8);
    // python3 -c "from scipy.stats import beta; print(beta.ppf(0.05,30,1)**8)"
    expectRelativelyClose(passHat8.lower, 0.4498406187030708);
    expectRelativelyClose(passHat8.lower, 0.05 ** (8 / 30));
    expect(passHat8.upper).toBe(1);
    expect((passHat8.lower * 100).toFixed(1)).toBe('45.0');
  });

  it('is the identity at k = 1 and maps the bounds through p^k (closed form)', () => {
    const bounds = clopperPearsonBounds(10, 3, 0.025);
    expect(passHatKInterval(bounds, 1)).toEqual({ lower: bounds.lower, upper: bounds.upper });
    expectRelativelyClose(passHatKInterval({ lower: 0.5, upper: 0.9 }, 3).upper, 0.729);
  });
});

describe('passAtKInterval', () => {
  it('doc example: [0.1, 0.3] at k = 2 → [1 − 0.9², 1 − 0.7²] = [0.19, 0.51] (closed form)', () => {
    const mapped = passAtKInterval({ lower: 0.1, upper: 0.3 }, 2);
    expectRelativelyClose(mapped.lower, 0.19);
    expectRelativelyClose(mapped.upper, 0.51);
  });

  it('keeps small values exact: 1 − (1 − 1e-12)^8 = 8e-12 − 28e-24 + … (binomial expansion)', () => {
    const mapped = passAtKInterval({ lower: 1e-12, upper: 1 }, 8);
    expectRelativelyClose(mapped.lower, 8e-12 - 28e-24);
    expect(mapped.upper).toBe(1);
  });
});

describe('mapped intervals: input checks', () => {
  it('rejects k that is not an integer ≥ 1, and bounds outside [0, 1] or out of order', () => {
    for (const map of [passHatKInterval, passAtKInterval]) {
      expect(() => map({ lower: 0.2, upper: 0.4 }, 0)).toThrow(InputError);
      expect(() => map({ lower: 0.2, upper: 0.4 }, 2.5)).toThrow(/^k: /);
      expect(() => map({ lower: -0.1, upper: 0.4 }, 2)).toThrow(/^interval\.lower: /);
      expect(() => map({ lower: 0.2, upper: Number.NaN }, 2)).toThrow(/^interval\.upper: /);
      expect(() => map({ lower: 0.5, upper: 0.4 }, 2)).toThrow(/^interval\.lower: /);
    }
  });
});

describe('mapped intervals: guards at their boundary', () => {
  it('an interval that is not an object is refused by name (null included); lower = upper is allowed', () => {
    for (const map of [passHatKInterval, passAtKInterval]) {
      for (const bad of [null, 0.5, 'x']) {
        expect(() => map(bad as unknown as { lower: number; upper: number }, 2)).toThrow(new InputError('interval', 'must be an object', bad));
      }
      expect(() => map({ lower: 0.5, upper: 0.4 }, 2)).toThrow(new InputError('interval.lower', 'must be ≤ interval.upper', 0.5));
    }
    // A point interval maps to a point: 0.5² = 0.25 and 1 − (1 − 0.5)² = 0.75 (closed forms).
    expect(passHatKInterval({ lower: 0.5, upper: 0.5 }, 2)).toEqual({ lower: 0.25, upper: 0.25 });
    expect(passAtKInterval({ lower: 0.5, upper: 0.5 }, 2)).toEqual({ lower: 0.75, upper: 0.75 });
  });
});
