import { describe, expect, it } from 'vitest';
import { LognormalSum } from '../../../packages/sim/src/engine/lognormalSum.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

describe('LognormalSum', () => {
  it('sums of n draws of median·e^{σZ} have mean n·median·e^{σ²/2} and variance n·median²·e^{σ²}(e^{σ²} − 1) (within 5 SE)', () => {
    const median = 0.02;
    const sigma = 0.5;
    const mean = median * Math.exp(sigma ** 2 / 2); // 0.022662969061336526
    const variance = median ** 2 * Math.exp(sigma ** 2) * (Math.exp(sigma ** 2) - 1);
    const sum = new LognormalSum(median, sigma);
    const rng = streamRng(4, 'lognormal-sum');
    const n = 7;
    const reps = 40000;
    let total = 0;
    let squares = 0;
    for (let i = 0; i < reps; i++) {
      const x = sum.sum(rng, n);
      total += x;
      squares += x * x;
    }
    const m = total / reps;
    const v = squares / reps - m * m;
    expect(Math.abs(m - n * mean)).toBeLessThan(5 * Math.sqrt((n * variance) / reps));
    // The sample variance of a sum of 7 lognormals: its SE is taken from the fourth moment, bounded generously by 5·v·√(8/reps).
    expect(Math.abs(v - n * variance)).toBeLessThan(5 * n * variance * Math.sqrt(8 / reps));
    expect(sum.sum(rng, 0)).toBe(0);
  });
});
