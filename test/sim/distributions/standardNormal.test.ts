import { describe, expect, it } from 'vitest';
import { standardNormal } from '../../../packages/sim/src/distributions/standardNormal.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { chiSquareAtEdges, draws, meanAndVariance } from './sampleChecks.js';

const N = 200_000;
// python3 -c "from scipy.stats import norm; print(norm.ppf([i/10 for i in range(1,10)]).tolist())"
const DECILES = [
  -1.2815515655446004, -0.8416212335729142, -0.5244005127080409, -0.2533471031357997, 0, 0.2533471031357997, 0.5244005127080407, 0.8416212335729143,
  1.2815515655446004,
];
const TENTHS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
// python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 9))"
const CHI2_9 = 33.719948438964906;

describe('standardNormal', () => {
  const xs = draws(N, standardNormal, 'standardNormal');

  it('has mean 0 and variance 1 within 5 standard errors (closed form: Var s² = 2/(N − 1))', () => {
    const { mean, variance } = meanAndVariance(xs);
    expect(Math.abs(mean)).toBeLessThan(5 / Math.sqrt(N));
    expect(Math.abs(variance - 1)).toBeLessThan(5 * Math.sqrt(2 / (N - 1)));
  });

  it('fills the scipy deciles evenly (chi-square, 9 df, below the 1e-4 critical value)', () => {
    expect(chiSquareAtEdges(xs, DECILES, TENTHS)).toBeLessThan(CHI2_9);
  });

  it('puts 0.27 % of the mass beyond ±3 within 5 SE (scipy: 2*norm.sf(3) = 0.0026997960632601866)', () => {
    const p = 0.0026997960632601866;
    const beyond = xs.filter((x) => Math.abs(x) > 3).length / N;
    expect(Math.abs(beyond - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / N));
  });

  it('is deterministic: the same stream gives the same sequence, another stream a different one', () => {
    const a = streamRng(7, 'n');
    const b = streamRng(7, 'n');
    const c = streamRng(8, 'n');
    const first = Array.from({ length: 5 }, () => standardNormal(a));
    expect(Array.from({ length: 5 }, () => standardNormal(b))).toEqual(first);
    expect(Array.from({ length: 5 }, () => standardNormal(c))).not.toEqual(first);
  });
});
