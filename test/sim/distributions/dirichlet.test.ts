import { describe, expect, it } from 'vitest';
import { dirichlet } from '../../../packages/sim/src/distributions/dirichlet.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import type { Rng } from '../../../packages/sim/src/rng/rng.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { meanAndVariance } from './sampleChecks.js';

const N = 50_000;

/** Component-wise samples of N Dirichlet draws, and whether every draw summed to 1. */
function sample(alpha: number[], path: string): { columns: Float64Array[]; sumsToOne: boolean } {
  const rng: Rng = streamRng(20240601, 'distributions-test', path);
  const out = new Float64Array(alpha.length);
  const columns = alpha.map(() => new Float64Array(N));
  let sumsToOne = true;
  for (let i = 0; i < N; i++) {
    dirichlet(rng, alpha, out);
    let sum = 0;
    out.forEach((x, j) => {
      columns[j][i] = x;
      sum += x;
    });
    if (!(Math.abs(sum - 1) < 1e-12)) sumsToOne = false;
  }
  return { columns, sumsToOne };
}

describe('dirichlet(rng, alpha, out)', () => {
  // python3 -c "from scipy.stats import dirichlet; d = dirichlet([1, 2, 3]); print(d.mean().tolist(), d.var().tolist())"
  // (likewise [0.05, 0.05, 0.05]: mean ⅓ each, variance 0.1932367149758454)
  it.each([
    [
      [1, 2, 3],
      [0.16666666666666666, 0.3333333333333333, 0.5],
      [0.01984126984126984, 0.031746031746031744, 0.03571428571428571],
    ],
    [
      [0.05, 0.05, 0.05],
      [1 / 3, 1 / 3, 1 / 3],
      [0.1932367149758454, 0.1932367149758454, 0.1932367149758454],
    ],
  ])('alpha %j: each component mean within 5 SE of scipy, every draw sums to 1', (alpha, means, variances) => {
    const { columns, sumsToOne } = sample(alpha, `dirichlet-${alpha.join('-')}`);
    expect(sumsToOne).toBe(true);
    columns.forEach((column, j) => {
      expect(Math.abs(meanAndVariance(column).mean - means[j])).toBeLessThan(5 * Math.sqrt(variances[j] / N));
    });
  });

  it('writes into out and returns it; rejects a length mismatch and alpha ≤ 0', () => {
    const rng = streamRng(1, 'dirichlet-api');
    const out = new Float64Array(2);
    expect(dirichlet(rng, [1, 1], out)).toBe(out);
    expect(() => dirichlet(rng, [1, 1, 1], out)).toThrow('out: must have length 3 (as alpha), got 2');
    expect(() => dirichlet(rng, [1, 0], out)).toThrow(InputError);
    expect(() => dirichlet(rng, [], new Float64Array(0))).toThrow(InputError);
  });
});
