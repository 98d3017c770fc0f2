import { describe, expect, it } from 'vitest';
import { sampleSuccessRate } from '../../../packages/sim/src/distributions/sampleSuccessRate.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { SuccessRateDist } from '../../../packages/sim/src/scenario/types.js';
import { draws, meanAndVariance, share } from './sampleChecks.js';

const N = 100_000;

describe('sampleSuccessRate(dist, rng)', () => {
  it('beta(2.8, 1.2): mean 0.7 within 5 SE (closed form, variance 0.042)', () => {
    const xs = draws(N, (rng) => sampleSuccessRate({ dist: 'beta', a: 2.8, b: 1.2 }, rng), 'ssr-beta');
    expect(Math.abs(meanAndVariance(xs).mean - 0.7)).toBeLessThan(5 * Math.sqrt(0.042 / N));
  });

  it('logitNormal(0.5, 1.2): mean within 5 SE of scipy.integrate.quad (E[p] = 0.5960873055121725, E[p²] = 0.4080457924024495)', () => {
    // python3 -c "from scipy import integrate, special, stats; print([integrate.quad(lambda z: special.expit(0.5 + 1.2*z)**k * stats.norm.pdf(z), -40, 40, epsabs=1e-15, epsrel=1e-14, limit=500)[0] for k in (1, 2)])"
    const mean = 0.5960873055121725;
    const variance = 0.4080457924024495 - mean * mean;
    const xs = draws(N, (rng) => sampleSuccessRate({ dist: 'logitNormal', mu: 0.5, sigma: 1.2 }, rng), 'ssr-logit');
    expect(Math.abs(meanAndVariance(xs).mean - mean)).toBeLessThan(5 * Math.sqrt(variance / N));
  });

  it('mixture {0.7 point 1, 0.3 point 0} (seeds §6, Agent B): 1 with probability 0.7 within 5 SE, nothing else', () => {
    const mixture: SuccessRateDist = {
      dist: 'mixture',
      components: [
        { weight: 0.7, dist: { dist: 'point', p: 1 } },
        { weight: 0.3, dist: { dist: 'point', p: 0 } },
      ],
    };
    const xs = draws(N, (rng) => sampleSuccessRate(mixture, rng), 'ssr-mixture');
    expect(xs.every((x) => x === 0 || x === 1)).toBe(true);
    const ones = share(xs, (x) => x === 1, 0.7);
    expect(Math.abs(ones.share - 0.7)).toBeLessThan(5 * ones.se);
  });

  it('mixture with a zero-weight component never draws from it', () => {
    const mixture: SuccessRateDist = {
      dist: 'mixture',
      components: [
        { weight: 0, dist: { dist: 'point', p: 0.25 } },
        { weight: 1, dist: { dist: 'point', p: 0.75 } },
        { weight: 0, dist: { dist: 'point', p: 0.5 } },
      ],
    };
    const xs = draws(10_000, (rng) => sampleSuccessRate(mixture, rng), 'ssr-zero-weight');
    expect(xs.every((x) => x === 0.75)).toBe(true);
  });

  it('point returns p without drawing; the same stream gives the same rates', () => {
    const used = streamRng(3, 'ssr');
    const fresh = streamRng(3, 'ssr');
    expect(sampleSuccessRate({ dist: 'point', p: 0.4 }, used)).toBe(0.4);
    expect(used.uint32()).toBe(fresh.uint32());
    const dist: SuccessRateDist = { dist: 'logitNormal', mu: 0, sigma: 2 };
    expect(sampleSuccessRate(dist, used)).toBe(sampleSuccessRate(dist, fresh));
  });

  it('fixed has no single-rate sampler, and bad distributions throw InputError naming the field', () => {
    const rng = streamRng(1, 'ssr-bad');
    expect(() => sampleSuccessRate({ dist: 'fixed', values: [0.5] }, rng)).toThrow(
      'dist.dist: must not be fixed when sampling one rate (use taskRates), got "fixed"',
    );
    expect(() => sampleSuccessRate({ dist: 'point', p: 2 }, rng)).toThrow('dist.p: must be a number between 0 and 1, got 2');
    expect(() => sampleSuccessRate({ dist: 'logitNormal', mu: 0, sigma: -1 }, rng)).toThrow(InputError);
  });
});
