/**
 * Helpers for the statistical tests of the samplers (docs/design.md §5.7): every tolerance is a multiple of
 * a standard error, every critical value comes from scipy (quoted where it is used).
 */
import type { Rng } from '../../../packages/sim/src/rng/rng.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

/** `count` draws from one seeded stream. */
export function draws(count: number, draw: (rng: Rng) => number, ...path: Array<string | number>): Float64Array {
  const rng = streamRng(20240601, 'distributions-test', ...path);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = draw(rng);
  return out;
}

/** Sample mean and (unbiased) variance. */
export function meanAndVariance(xs: ArrayLike<number>): { mean: number; variance: number } {
  let mean = 0;
  for (let i = 0; i < xs.length; i++) mean += xs[i];
  mean /= xs.length;
  let ss = 0;
  for (let i = 0; i < xs.length; i++) ss += (xs[i] - mean) ** 2;
  return { mean, variance: ss / (xs.length - 1) };
}

/**
 * Pearson's statistic Σ (O − E)²/E for the counts of `xs` in the cells cut by increasing `edges`
 * (cell i is [edges[i − 1], edges[i]), with −∞/+∞ at the ends), against the cell probabilities
 * given by `cdf` (cdf[i] = P(X < edges[i])).
 */
export function chiSquareAtEdges(xs: ArrayLike<number>, edges: readonly number[], cdf: readonly number[]): number {
  const counts = new Float64Array(edges.length + 1);
  for (let i = 0; i < xs.length; i++) {
    let cell = 0;
    while (cell < edges.length && xs[i] >= edges[cell]) cell++;
    counts[cell]++;
  }
  let statistic = 0;
  for (let cell = 0; cell <= edges.length; cell++) {
    const upper = cell < edges.length ? cdf[cell] : 1;
    const lower = cell > 0 ? cdf[cell - 1] : 0;
    const expected = (upper - lower) * xs.length;
    statistic += (counts[cell] - expected) ** 2 / expected;
  }
  return statistic;
}

/** Share of xs satisfying `test`, and the binomial standard error of that share under probability `p`. */
export function share(xs: ArrayLike<number>, test: (x: number) => boolean, p: number): { share: number; se: number } {
  let hits = 0;
  for (let i = 0; i < xs.length; i++) if (test(xs[i])) hits++;
  return { share: hits / xs.length, se: Math.sqrt((p * (1 - p)) / xs.length) };
}
