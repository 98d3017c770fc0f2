import { describe, expect, it } from 'vitest';
import { lognormal } from '../../../packages/sim/src/distributions/lognormal.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { draws, meanAndVariance, share } from './sampleChecks.js';

const N = 200_000;

describe('lognormal(rng, median, sigma)', () => {
  const xs = draws(N, (rng) => lognormal(rng, 0.02, 0.5), 'lognormal');

  it('median 0.02, sigma 0.5: mean within 5 SE of scipy.stats.lognorm', () => {
    // python3 -c "from scipy.stats import lognorm; d = lognorm(0.5, scale=0.02); print(d.mean(), d.var())"
    const mean = 0.022662969061336528;
    const variance = 0.0001458783416049546;
    expect(Math.abs(meanAndVariance(xs).mean - mean)).toBeLessThan(5 * Math.sqrt(variance / N));
  });

  it('has half its mass below the median and 90 % below scipy lognorm.ppf(0.9) (within 5 SE)', () => {
    const below = share(xs, (x) => x < 0.02, 0.5);
    expect(Math.abs(below.share - 0.5)).toBeLessThan(5 * below.se);
    // python3 -c "from scipy.stats import lognorm; print(lognorm.ppf(0.9, 0.5, scale=0.02))"
    const q90 = share(xs, (x) => x < 0.03795905414669421, 0.9);
    expect(Math.abs(q90.share - 0.9)).toBeLessThan(5 * q90.se);
  });

  it('sigma = 0 returns the median; bad parameters throw InputError', () => {
    const rng = streamRng(1, 'lognormal-edge');
    expect(lognormal(rng, 0.5, 0)).toBe(0.5);
    expect(() => lognormal(rng, 0, 1)).toThrow(InputError);
    expect(() => lognormal(rng, 1, -0.1)).toThrow('sigma: must be a finite number ≥ 0, got -0.1');
  });
});
