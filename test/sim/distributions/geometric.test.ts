import { describe, expect, it } from 'vitest';
import { geometric } from '../../../packages/sim/src/distributions/geometric.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { chiSquareAtEdges, draws, meanAndVariance, share } from './sampleChecks.js';

const N = 200_000;

describe('geometric(rng, p): index of the first success', () => {
  it('p = 0.25 matches scipy.stats.geom cell by cell (chi-square, 13 df, 1e-4 critical value)', () => {
    const xs = draws(N, (rng) => geometric(rng, 0.25), 'geometric');
    // P(X < e) for these edges: python3 -c "from scipy.stats import geom; print(geom.cdf([1,2,3,4,5,6,7,8,9,10,12,15,20], 0.25).tolist())"
    const edges = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 16, 21];
    const cdf = [
      0.24999999999999997, 0.43749999999999994, 0.578125, 0.68359375, 0.7626953124999999, 0.822021484375, 0.86651611328125, 0.8998870849609375,
      0.9249153137207031, 0.9436864852905273, 0.9683236479759216, 0.9866365389898419, 0.996828788061066,
    ];
    // python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 13))"
    expect(chiSquareAtEdges(xs, edges, cdf)).toBeLessThan(40.8706550138363);
    expect(xs.every((x) => Number.isInteger(x) && x >= 1)).toBe(true);
  });

  it('p = 1e-6: mean 1/p within 5 SE (scipy.stats.geom(1e-6).stats(): mean 1e6, variance 999999e6)', () => {
    const xs = draws(N, (rng) => geometric(rng, 1e-6), 'geometric-small');
    expect(Math.abs(meanAndVariance(xs).mean - 1e6)).toBeLessThan(5 * Math.sqrt(999999e6 / N));
  });

  it('p = 0.999: P(X = 1) = 0.999 within 5 SE (closed form)', () => {
    const xs = draws(N, (rng) => geometric(rng, 0.999), 'geometric-large');
    const first = share(xs, (x) => x === 1, 0.999);
    expect(Math.abs(first.share - 0.999)).toBeLessThan(5 * first.se);
  });

  it('p = 1 is always 1, p = 0 is Infinity, tiny p stays finite', () => {
    const rng = streamRng(2, 'geometric-edges');
    expect(geometric(rng, 1)).toBe(1);
    expect(geometric(rng, 0)).toBe(Infinity);
    const x = geometric(rng, 1e-300);
    expect(Number.isFinite(x) && x >= 1).toBe(true);
  });

  it('is deterministic and rejects p outside [0, 1]', () => {
    const a = streamRng(4, 'geo');
    const b = streamRng(4, 'geo');
    expect([geometric(a, 0.3), geometric(a, 0.01)]).toEqual([geometric(b, 0.3), geometric(b, 0.01)]);
    expect(() => geometric(a, -0.1)).toThrow(InputError);
    expect(() => geometric(a, Number.NaN)).toThrow('p: must be a number between 0 and 1, got NaN');
  });
});
