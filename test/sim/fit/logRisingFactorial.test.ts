import { describe, expect, it } from 'vitest';
import { logRisingFactorial } from '../../../packages/sim/src/fit/logRisingFactorial.js';

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
