import { describe, expect, it } from 'vitest';
import { InputError, NotEstimableError } from '../../../packages/sim/src/errors.js';
import { passAtK } from '../../../packages/sim/src/estimators/passAtK.js';

describe('passAtK: 1 − C(n − c, k)/C(n, k)', () => {
  it.each([
    // [n, c, k, expected, source]
    [10, 3, 5, 1 - 21 / 252, 'seeds: 1 − C(7,5)/C(10,5) = 91.67 %'],
    [10, 2, 3, 64 / 120, 'seeds: 1 − 56/120 = 53.33 %'],
    [10, 3, 3, 1 - 35 / 120, 'seeds (exercise 3): 1 − C(7,3)/C(10,3) = 70.8 %'],
    [10, 2, 1, 0.2, 'seeds: k = 1 gives c/n = 20 %'],
    [10, 2, 10, 1, 'seeds: k = n with a success in the pool gives 100 %'],
    [10, 0, 4, 0, 'seeds: c = 0 gives 0 for any k'],
    [8, 4, 4, 1 - 1 / 70, 'python: 1 - Fraction(comb(4, 4), comb(8, 4)) = 69/70'],
    [8, 3, 4, 1 - 5 / 70, 'python: 1 - Fraction(comb(5, 4), comb(8, 4)) = 13/14'],
  ])('n = %i, c = %i, k = %i', (n, c, k, expected) => {
    expect(passAtK(n, c, k)).toBeCloseTo(expected, 15);
  });

  it('is exactly 1 when fewer than k failures (closed form)', () => {
    expect(passAtK(8, 5, 4)).toBe(1);
    expect(passAtK(1_000_000, 999_990, 11)).toBe(1);
  });

  it('k > n is not estimable (NotEstimableError, which is an InputError)', () => {
    expect(() => passAtK(5, 2, 6)).toThrow(NotEstimableError);
    expect(() => passAtK(5, 2, 6)).toThrow(/^k: must be ≤ n \(5\)/);
    expect(() => passAtK(0, 0, 1)).toThrow(NotEstimableError);
  });

  it.each([
    [5, 6, 1, /^c: must be ≤ n/],
    [5, -1, 1, /^c: /],
    [5, 0.5, 1, /^c: /],
    [-5, 0, 1, /^n: /],
    [5.5, 2, 1, /^n: /],
    [5, 2, 0, /^k: /],
    [5, 2, -1, /^k: /],
    [5, 2, 1.5, /^k: /],
    [5, 2, Number.NaN, /^k: /],
    [Number.NaN, 2, 1, /^n: /],
  ])('rejects n = %s, c = %s, k = %s with a plain InputError', (n, c, k, message) => {
    let error: unknown;
    try {
      passAtK(n, c, k);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).not.toBeInstanceOf(NotEstimableError);
    expect((error as Error).message).toMatch(message);
  });
});
