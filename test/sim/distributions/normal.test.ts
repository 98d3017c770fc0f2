import { describe, expect, it } from 'vitest';
import { normal } from '../../../packages/sim/src/distributions/normal.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { chiSquareAtEdges, draws, meanAndVariance } from './sampleChecks.js';

const N = 100_000;
// python3 -c "from scipy.stats import norm; print(norm.ppf([i/10 for i in range(1,10)], 3, 2).tolist())"
const DECILES = [
  0.43689686891079926, 1.3167575328541716, 1.9511989745839182, 2.4933057937284007, 3, 3.5066942062715993, 4.048801025416081, 4.683242467145829,
  5.563103131089201,
];
const TENTHS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
// python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 9))"
const CHI2_9 = 33.719948438964906;

describe('normal(rng, mean, sd)', () => {
  const xs = draws(N, (rng) => normal(rng, 3, 2), 'normal');

  it('N(3, 4): mean and variance within 5 SE (closed form), deciles of scipy.stats.norm(3, 2) by chi-square', () => {
    const { mean, variance } = meanAndVariance(xs);
    expect(Math.abs(mean - 3)).toBeLessThan((5 * 2) / Math.sqrt(N));
    expect(Math.abs(variance - 4)).toBeLessThan(5 * 4 * Math.sqrt(2 / (N - 1)));
    expect(chiSquareAtEdges(xs, DECILES, TENTHS)).toBeLessThan(CHI2_9);
  });

  it('sd = 0 returns the mean exactly', () => {
    const rng = streamRng(1, 'normal-sd0');
    expect(normal(rng, -1.25, 0)).toBe(-1.25);
  });

  it('rejects a negative or NaN sd and a non-finite mean', () => {
    const rng = streamRng(1, 'normal-bad');
    expect(() => normal(rng, 0, -1)).toThrow(InputError);
    expect(() => normal(rng, 0, Number.NaN)).toThrow('sd: must be a finite number ≥ 0, got NaN');
    expect(() => normal(rng, Infinity, 1)).toThrow('mean: must be a finite number, got Infinity');
  });
});
