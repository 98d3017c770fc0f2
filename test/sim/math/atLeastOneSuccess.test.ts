import { describe, expect, it } from 'vitest';
import { atLeastOneSuccess } from '../../../packages/sim/src/math/atLeastOneSuccess.js';

// [p, k, 1 − (1 − p)^k] from python3 test/reference/at_least_one_reference.py: 50-digit decimal
// arithmetic on the double p, rounded to the nearest double once.
const REFERENCE: readonly (readonly [number, number, number])[] = [
  [1e-12, 1, 1e-12], // naive 9.999778782798785e-13
  [1e-12, 3, 2.999999999997e-12], // naive 2.9999336348396355e-12
  [1e-12, 10, 9.999999999955e-12], // naive 9.999778782798785e-12
  [1e-12, 1000, 9.999999995005e-10], // naive 9.999778782798785e-10
  [1e-6, 1, 1e-6], // naive 1.0000000000287557e-06
  [1e-6, 3, 2.9999970000009997e-6], // naive 2.99999700004161e-06
  [1e-6, 10, 9.999955000119999e-6], // naive 9.999955000394856e-06
  [1e-6, 1000, 0.000999500666125591], // naive 0.000999500666154285
  [0.5, 1, 0.5],
  [0.5, 3, 0.875],
  [0.5, 10, 0.9990234375],
  [0.5, 1000, 1.0],
  [0.999999999, 1, 0.999999999],
  [0.999999999, 3, 1.0],
  [0.999999999, 10, 1.0],
  [0.999999999, 1000, 1.0],
];

/** |got − want| in units of the last place of want. */
function ulps(got: number, want: number): number {
  return got === want ? 0 : Math.abs(got - want) / 2 ** (Math.floor(Math.log2(Math.abs(want))) - 52);
}

describe('atLeastOneSuccess', () => {
  it.each(REFERENCE)('p = %s, k = %s: within 2 ulps of 50-digit decimal arithmetic (%s)', (p, k, want) => {
    expect(ulps(atLeastOneSuccess(p, k), want)).toBeLessThanOrEqual(2);
  });

  it('where the naive 1 − (1 − p)^k cancels (p = 1e−12) it is off in the 5th digit; this is not', () => {
    const naive = 1 - (1 - 1e-12) ** 10;
    expect(Math.abs(naive - 9.999999999955e-12) / 9.999999999955e-12).toBeGreaterThan(1e-5);
    expect(Math.abs(atLeastOneSuccess(1e-12, 10) - 9.999999999955e-12) / 9.999999999955e-12).toBeLessThan(1e-15);
  });

  it('exact at the edges: p = 0 gives 0, p = 1 gives 1, k = 0 gives 0; a tiny p gives k·p', () => {
    for (const k of [1, 2, 7, 1e6]) {
      expect(atLeastOneSuccess(0, k)).toBe(0);
      expect(atLeastOneSuccess(1, k)).toBe(1);
    }
    expect(atLeastOneSuccess(0.3, 0)).toBe(0);
    expect(atLeastOneSuccess(1, 0)).toBe(0);
    expect(atLeastOneSuccess(1e-300, 3)).toBe(3e-300);
  });

  it('doc example: p = 0.3, k = 10 → 1 − 0.7^10 = 0.9717524751 (closed form: 0.7^10 = 0.0282475249)', () => {
    expect(atLeastOneSuccess(0.3, 10)).toBeCloseTo(0.9717524751, 12);
  });
});
