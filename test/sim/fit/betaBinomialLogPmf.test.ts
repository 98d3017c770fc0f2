import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { betaBinomialLogPmf } from '../../../packages/sim/src/fit/betaBinomialLogPmf.js';

// scipy.stats.betabinom.logpmf(c, n, a, b) where scipy is accurate (moderate a, b), mpmath where
// scipy's betaln difference loses digits (a, b ~ 1e8):
//   python3 -c "import mpmath as mp; mp.mp.dps = 40; a, b = mp.mpf('3e8'), mp.mpf('5e8');
//     print(float(mp.log(mp.binomial(8, 3)) + mp.log(mp.beta(3 + a, 5 + b)) - mp.log(mp.beta(a, b))))"
// Digits: 11 (absolute 5e-12), except n = 10000, where the terms being added are of size n·ln n ≈ 9e4, so
// rounding alone leaves ~1e-16·9e4·few ≈ 3e-11: 9 digits there.
const cases: Array<[n: number, c: number, a: number, b: number, expected: number, source: string, digits?: number]> = [
  [4, 2, 2, 3, -1.3581234841531944, 'doc example, ln(9/35); scipy betabinom.logpmf(2, 4, 2, 3)'],
  [10, 0, 0.3, 0.7, -0.9620692233086663, 'scipy betabinom.logpmf(0, 10, 0.3, 0.7)'],
  [100, 37, 2.5, 4.5, -3.9062131980491714, 'mpmath; scipy gives -3.9062131980491674'],
  [10000, 5000, 50, 60, -7.5480366726916355, 'mpmath; scipy gives -7.54803667270339', 9],
  [8, 3, 3e8, 5e8, -1.2671542195287073, 'mpmath: near Binomial(8, 0.375), scipy binom.logpmf = -1.267154214528707'],
  [4, 1, 1e-6, 2e-6, -13.933296093617033, 'mpmath: tiny a, b'],
];

describe('betaBinomialLogPmf', () => {
  it.each(cases)('n = %i, c = %i, a = %f, b = %f (%s)', (n, c, a, b, expected, _source, digits = 11) => {
    expect(betaBinomialLogPmf(n, c, a, b)).toBeCloseTo(expected, digits);
  });

  it('sums to 1 over c (n = 7, a = 0.4, b = 1.9: a closed-form identity of any pmf)', () => {
    let total = 0;
    for (let c = 0; c <= 7; c++) total += Math.exp(betaBinomialLogPmf(7, c, 0.4, 1.9));
    expect(total).toBeCloseTo(1, 14);
  });

  it('rejects bad input with InputError naming the argument', () => {
    expect(() => betaBinomialLogPmf(4, 5, 1, 1)).toThrow(/^c: must be ≤ n \(4\), got 5$/);
    expect(() => betaBinomialLogPmf(4, 2, 0, 1)).toThrow(InputError);
    expect(() => betaBinomialLogPmf(4, 2, 1, Number.NaN)).toThrow(/^b: must be a finite number > 0, got NaN$/);
  });
});
