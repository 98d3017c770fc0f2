import { describe, expect, it } from 'vitest';
import { LogRisingFactorials, logRisingFactorial } from '../../../packages/sim/src/fit/logRisingFactorial.js';

// Reference: mpmath at 40 digits, e.g.
//   python3 -c "import mpmath as mp; mp.mp.dps = 40; print(float(mp.log(mp.rf(mp.mpf(10)**9, 20))))"
const cases: Array<[x: number, m: number, expected: number, branch: string]> = [
  [0.5, 3, 0.6286086594223741, 'direct sum (doc example: ln 1.875)'],
  [1e9, 20, 414.46531692892825, 'direct sum, huge x'],
  [3.7, 100, 374.7946880964787, 'small x, long product: direct terms up to x + j ≥ 10, then Stirling'],
  [12.5, 40, 135.6484631227352, 'x ≥ 10: Stirling difference form'],
  [1e-7, 5, -12.940041612277048, 'tiny x'],
];

describe('logRisingFactorial', () => {
  it.each(cases)('ln (%f)_%i against mpmath (%s)', (x, m, expected) => {
    expect(logRisingFactorial(x, m)).toBeCloseTo(expected, 12);
  });

  it('is 0 for m = 0, also at x = ∞ (the binomial limit never calls it with m > 0 there)', () => {
    expect(logRisingFactorial(2.5, 0)).toBe(0);
    expect(logRisingFactorial(Infinity, 0)).toBe(0);
  });

  it('the Stirling branch agrees with the direct sum where both apply (x = 1e6, m = 17 vs 16 + ln(x + 16))', () => {
    // Closed form: (x)_17 = (x)_16 · (x + 16).
    expect(logRisingFactorial(1e6, 17)).toBeCloseTo(logRisingFactorial(1e6, 16) + Math.log(1e6 + 16), 10);
  });
});

describe('LogRisingFactorials (one x, many m, for likelihoods)', () => {
  it('gives logRisingFactorial bit for bit on both sides of the direct/Stirling split and for x from 1e-6 to 1e9', () => {
    // The reference is logRisingFactorial itself (checked against scipy above): the table must not change a single likelihood bit.
    const xs = [1e-6, 0.03, 0.3, 0.5, 1, 2.7, 9.5, 10, 10.5, 15.3, 16, 1e3, 1e9];
    const ms = [...Array.from({ length: 41 }, (_, m) => m), 99, 100, 1000, 123_457, 1_000_000];
    for (const x of xs) {
      const table = new LogRisingFactorials(x);
      for (const m of ms) expect(Object.is(table.at(m), logRisingFactorial(x, m)), `x = ${x}, m = ${m}`).toBe(true);
    }
  });

  it('asked the same m again (the remembered last value), or m after m in any order, still gives logRisingFactorial bit for bit', () => {
    // A likelihood asks (s)_n for every cell, mostly the same n, and (a)_c for each c in turn.
    const table = new LogRisingFactorials(2.7);
    for (const m of [100, 100, 17, 100, 3, 3, 1000, 17, 17, 100]) expect(Object.is(table.at(m), logRisingFactorial(2.7, m)), `m = ${m}`).toBe(true);
  });

  it('matches mpmath at a point past the split: ln (0.3)_100', () => {
    // python3 -c "import mpmath as mp; mp.mp.dps = 40; print(float(mp.log(mp.rf(mp.mpf('0.3'), 100))))" → 359.41890773424007
    expect(new LogRisingFactorials(0.3).at(100)).toBeCloseTo(359.41890773424007, 11);
  });
});
