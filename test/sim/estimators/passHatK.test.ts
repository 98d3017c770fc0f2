import { describe, expect, it } from 'vitest';
import { InputError, NotEstimableError } from '../../../packages/sim/src/errors.js';
import { passHatK } from '../../../packages/sim/src/estimators/passHatK.js';

describe('passHatK: C(c, k)/C(n, k)', () => {
  it.each([
    // [n, c, k, expected, source]
    [10, 7, 3, 35 / 120, 'seeds: C(7,3)/C(10,3) = 29.17 %'],
    [30, 27, 8, 2220075 / 5852925, 'seeds: C(27,8)/C(30,8) = 37.9 % (python: comb(27, 8), comb(30, 8))'],
    [10, 3, 2, 3 / 45, 'seeds (table): 0.0667'],
    [10, 3, 3, 1 / 120, 'seeds (table): 0.0083'],
    [10, 3, 1, 0.3, 'seeds (table): k = 1 gives c/n'],
    [8, 8, 4, 1, 'seeds, Agent A: all 8 correct → 1'],
  ])('n = %i, c = %i, k = %i', (n, c, k, expected) => {
    expect(passHatK(n, c, k)).toBeCloseTo(expected, 15);
  });

  it('is exactly 0 when c < k (seeds: n = 10, c = 3, k = 5 → 0.0000)', () => {
    expect(passHatK(10, 3, 5)).toBe(0);
  });

  it('k > n is not estimable', () => {
    expect(() => passHatK(7, 7, 8)).toThrow(NotEstimableError);
    expect(() => passHatK(7, 7, 8)).toThrow(/^k: must be ≤ n \(7\)/);
  });

  it.each([
    [5, 6, 1, /^c: must be ≤ n/],
    [5, -2, 1, /^c: /],
    [5, 2.5, 1, /^c: /],
    [5, 2, 0, /^k: /],
    [5, 2, 0.5, /^k: /],
    [5, 2, Number.POSITIVE_INFINITY, /^k: /],
  ])('rejects n = %s, c = %s, k = %s with a plain InputError', (n, c, k, message) => {
    let error: unknown;
    try {
      passHatK(n, c, k);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).not.toBeInstanceOf(NotEstimableError);
    expect((error as Error).message).toMatch(message);
  });
});
