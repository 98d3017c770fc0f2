import { describe, expect, it } from 'vitest';
import { gamma } from '../../../packages/sim/src/distributions/gamma.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { chiSquareAtEdges, draws, meanAndVariance, share } from './sampleChecks.js';

const N = 100_000;
const TENTHS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
// python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 9))"
const CHI2_9 = 33.719948438964906;

// Deciles and excess kurtosis from scipy:
// python3 -c "from scipy.stats import gamma; a = 0.3; print(gamma.ppf([i/10 for i in range(1,10)], a).tolist(), gamma.stats(a, moments='k'))"
// (likewise a = 1, 2.5, 100). Gamma(a, 1) has mean a, variance a, excess kurtosis 6/a (closed form).
const cases: Array<[shape: number, deciles: number[]]> = [
  [
    0.3,
    [
      0.0003237246218234327, 0.0032703395246849493, 0.012726657769948697, 0.03373979264658412, 0.07313113586695198, 0.14125250363107097, 0.2565649133210519,
      0.4600738869878518, 0.8848107733602443,
    ],
  ],
  [
    1,
    [
      0.10536051565782636, 0.22314355131420974, 0.3566749439387324, 0.5108256237659908, 0.6931471805599455, 0.916290731874155, 1.203972804325936,
      1.6094379124341005, 2.302585092994046,
    ],
  ],
  [
    2.5,
    [
      0.8051539934811613, 1.1712671529205605, 1.4999540663799533, 1.8277498115707937, 2.175730095547763, 2.5659335372009098, 3.03221499207745,
      3.6446380633244804, 4.618178449890562,
    ],
  ],
  [
    100,
    [
      87.41763649959366, 91.50139540313432, 94.52429935888071, 97.15966681011462, 99.66686491931549, 102.21684140686736, 104.99270767886517, 108.30439161901411,
      113.01052385984448,
    ],
  ],
];

describe('gamma(rng, shape)', () => {
  it.each(cases)('shape %f: mean and variance within 5 SE, scipy deciles by chi-square', (shape, deciles) => {
    const xs = draws(N, (rng) => gamma(rng, shape), 'gamma', shape);
    const { mean, variance } = meanAndVariance(xs);
    expect(Math.abs(mean - shape)).toBeLessThan(5 * Math.sqrt(shape / N));
    // SE of the sample variance: σ²·√((2 + excess kurtosis)/N).
    expect(Math.abs(variance - shape)).toBeLessThan(5 * shape * Math.sqrt((2 + 6 / shape) / N));
    expect(chiSquareAtEdges(xs, deciles, TENTHS)).toBeLessThan(CHI2_9);
  });

  it('shape 0.001: is exactly 0 about as often as G < 2^-1075 (the rounding limit of doubles) happens', () => {
    // python3 -c "from mpmath import mpf, gammainc; print(gammainc(mpf('0.001'), 0, mpf(2)**-1075, regularized=True))"
    const p = 0.474944736700843;
    const xs = draws(20_000, (rng) => gamma(rng, 0.001), 'gamma-tiny');
    const zero = share(xs, (x) => x === 0, p);
    expect(Math.abs(zero.share - p)).toBeLessThan(5 * zero.se);
  });

  it('is deterministic and rejects shape ≤ 0 or NaN', () => {
    const a = streamRng(3, 'g');
    const b = streamRng(3, 'g');
    expect([gamma(a, 0.5), gamma(a, 4)]).toEqual([gamma(b, 0.5), gamma(b, 4)]);
    expect(() => gamma(a, 0)).toThrow(InputError);
    expect(() => gamma(a, Number.NaN)).toThrow('shape: must be a finite number > 0, got NaN');
  });
});
