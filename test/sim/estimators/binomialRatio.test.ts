import { describe, expect, it } from 'vitest';
import { binomialRatio, oneMinusBinomialRatio } from '../../../packages/sim/src/estimators/binomialRatio.js';
import { exactBinomialRatio, exactOneMinusBinomialRatio, ulpDistance } from '../../helpers/exactRational.js';

// Reference: exact rational arithmetic with BigInt (test/helpers/exactRational.ts).
// "Exact to rounding": within 1 unit in the last place of the exactly rounded value.
// The last two cases multiply 10 000 and 20 000 factors (the long product path).
const cases: Array<[n: number, m: number, k: number]> = [
  [10, 8, 3],
  [10, 7, 5],
  [10, 3, 3],
  [200, 150, 100],
  [1000, 1, 1],
  [1000, 999, 1000],
  [10_000_000, 9_999_999, 1],
  [10_000_000, 1, 1],
  [10_000_000, 5_000_000, 50],
  [10_000_000, 9_999_000, 2000],
  [10_000_000, 3, 3],
  [10_000_000, 9_999_997, 9_999_990],
  [10_000_000, 9_000_000, 40],
  [1_000_000, 999_000, 999],
  [1_000_000, 500_000, 1500],
  [5000, 2500, 2500],
  [64, 32, 10],
  [40_000, 30_000, 20_000],
  [60_000, 40_000, 30_000],
];

describe('binomialRatio C(m,k)/C(n,k) against exact BigInt rationals', () => {
  it.each(cases)('n=%i m=%i k=%i', (n, m, k) => {
    const exact = exactBinomialRatio(n, m, k);
    const got = binomialRatio(n, m, k);
    expect(ulpDistance(got, exact)).toBeLessThanOrEqual(1);
  });

  it.each(cases)('1 − ratio, n=%i m=%i k=%i', (n, m, k) => {
    const exact = exactOneMinusBinomialRatio(n, m, k);
    const got = oneMinusBinomialRatio(n, m, k);
    expect(ulpDistance(got, exact)).toBeLessThanOrEqual(1);
  });

  it('is 0 when k > m and 1 when k = 0 or m = n (closed form)', () => {
    expect(binomialRatio(10, 2, 3)).toBe(0);
    expect(oneMinusBinomialRatio(10, 2, 3)).toBe(1);
    expect(binomialRatio(10, 4, 0)).toBe(1);
    expect(binomialRatio(10, 10, 7)).toBe(1);
  });
});
