import { describe, expect, it } from 'vitest';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { chiSquareAtEdges, draws, meanAndVariance, share } from './sampleChecks.js';

const N = 100_000;
const TENTHS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
// python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 9))"
const CHI2_9 = 33.719948438964906;

// From scipy: deciles, mean, variance, excess kurtosis:
// python3 -c "from scipy.stats import beta; d = beta(2.8, 1.2); print(d.ppf([i/10 for i in range(1,10)]).tolist(), d.mean(), d.var(), d.stats(moments='k'))"
const cases: Array<[a: number, b: number, deciles: number[], mean: number, variance: number, kurtosis: number]> = [
  [
    2.8,
    1.2,
    [
      0.400450050947774, 0.5179682705642858, 0.6036107865642011, 0.6740794527252338, 0.7355655760681079, 0.791240556304812, 0.8431159640613153,
      0.8928143073181997, 0.9423168221096249,
    ],
    0.7,
    0.041999999999999996,
    -0.31292517006802734,
  ],
  [
    0.5,
    0.5,
    [
      0.024471741852423214, 0.09549150281252627, 0.2061073738537634, 0.3454915028125263, 0.4999999999999999, 0.6545084971874737, 0.7938926261462365,
      0.9045084971874736, 0.9755282581475768,
    ],
    0.5,
    0.125,
    -1.5,
  ],
  [
    0.05,
    0.05,
    [
      9.711823602720037e-15, 1.0183585052217087e-8, 3.386199757902803e-5, 0.01057605815099534, 0.5, 0.9894239418490046, 0.999966138002421, 0.9999999898164149,
      0.9999999999999903,
    ],
    0.5,
    0.22727272727272727,
    -1.9354838709677418,
  ],
  [
    0.01,
    2,
    [
      3.6971121232911064e-101, 4.686646402201035e-71, 1.9054084799699975e-53, 5.941030124807613e-41, 2.916507216282999e-31, 2.4153922033139255e-23,
      1.1958222316233805e-16, 7.531150404248162e-11, 9.82014246382188e-6,
    ],
    0.0049751243781094535,
    0.0016446420317381381,
    176.79903534576735,
  ],
  [
    50,
    150,
    [
      0.21137040671072332, 0.22401023594708416, 0.23334500858785892, 0.24146297218272225, 0.24916533834236665, 0.2569753469754734, 0.26544670241675683,
      0.2755071461081499, 0.2897077879972233,
    ],
    0.25,
    0.0009328358208955224,
    0.00965712334780276,
  ],
];

describe('beta(rng, a, b)', () => {
  it.each(cases)('Beta(%f, %f): mean and variance within 5 SE, scipy deciles by chi-square', (a, b, deciles, mean, variance, kurtosis) => {
    const xs = draws(N, (rng) => beta(rng, a, b), 'beta', a, b);
    const sample = meanAndVariance(xs);
    expect(Math.abs(sample.mean - mean)).toBeLessThan(5 * Math.sqrt(variance / N));
    expect(Math.abs(sample.variance - variance)).toBeLessThan(5 * variance * Math.sqrt((2 + kurtosis) / N));
    expect(chiSquareAtEdges(xs, deciles, TENTHS)).toBeLessThan(CHI2_9);
  });

  it('Beta(0.05, 0.05): tiny values come out instead of exact zeros; exact ones only within 2^-54 of 1', () => {
    const xs = draws(N, (rng) => beta(rng, 0.05, 0.05), 'beta-tails');
    // python3 -c "from scipy.stats import beta; print(beta.cdf(1e-20, 0.05, 0.05))"
    const pTiny = 0.05019205308933638;
    const tiny = share(xs, (x) => x < 1e-20, pTiny);
    expect(Math.abs(tiny.share - pTiny)).toBeLessThan(5 * tiny.se);
    // python3 -c "from scipy.stats import beta; print(beta.cdf(5e-324, 0.05, 0.05))" → 3.4e-17: no exact 0 expected.
    expect(xs.filter((x) => x === 0).length).toBe(0);
    // Values above 1 − 2^-54 round to 1: python3 -c "from scipy.stats import beta; print(beta.cdf(2**-54, 0.05, 0.05))"
    const pOne = 0.07724208219405992;
    const one = share(xs, (x) => x === 1, pOne);
    expect(Math.abs(one.share - pOne)).toBeLessThan(5 * one.se);
  });

  it('is deterministic and rejects a ≤ 0, b ≤ 0, NaN', () => {
    const s = streamRng(5, 'beta');
    const t = streamRng(5, 'beta');
    expect([beta(s, 2, 3), beta(s, 0.3, 0.4)]).toEqual([beta(t, 2, 3), beta(t, 0.3, 0.4)]);
    expect(() => beta(s, 0, 1)).toThrow(InputError);
    expect(() => beta(s, 1, Number.NaN)).toThrow('b: must be a finite number > 0, got NaN');
  });
});
