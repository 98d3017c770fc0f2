import { describe, expect, it } from 'vitest';
import { zigguratNormal, zigguratSlow, zigguratTables } from '../../../packages/sim/src/engine/zigguratNormal.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

/** Chi-square statistic of counts in cells split at `edges` against cumulative probabilities `cdf` at the edges. */
function chiSquare(values: Float64Array, edges: number[], cdf: number[]): number {
  const counts = new Array(edges.length + 1).fill(0);
  for (const z of values) {
    let lo = 0;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (z >= edges[mid]) lo = mid + 1;
      else hi = mid;
    }
    counts[lo]++;
  }
  const n = values.length;
  return counts.reduce((s, count, i) => {
    const p = (i < cdf.length ? cdf[i] : 1) - (i > 0 ? cdf[i - 1] : 0);
    return s + (count - n * p) ** 2 / (n * p);
  }, 0);
}

describe('zigguratNormal', () => {
  const tables = zigguratTables();

  it('tables: fn[0] = 1, kn[1] = 0 (no sure region in the top layer), half-widths decrease upwards, the base edge is r', () => {
    const { kn, wn, fn } = tables;
    expect(fn[0]).toBe(1);
    expect(kn[1]).toBe(0);
    for (let i = 2; i < 128; i++) expect(wn[i]).toBeGreaterThan(wn[i - 1]);
    expect(wn[127] * 2 ** 24).toBeCloseTo(3.442619855899, 12);
  });

  it('matches the standard normal in 34 cells of width 0.25 over ±4 (chi-square, 1e-4 critical value)', () => {
    const rng = streamRng(9, 'ziggurat');
    const values = new Float64Array(2_000_000);
    for (let i = 0; i < values.length; i++) values[i] = zigguratNormal(tables, rng);
    const edges = Array.from({ length: 33 }, (_, i) => -4 + 0.25 * i);
    // python3 -c "from scipy.stats import norm; import numpy as np; print(norm.cdf(np.arange(-4, 4.0001, 0.25)).tolist())"
    const cdf = [
      3.167124183311986e-5, 8.841728520080377e-5, 0.00023262907903552502, 0.0005770250423907659, 0.0013498980316300933, 0.002979763235054555,
      0.006209665325776132, 0.012224472655044696, 0.022750131948179195, 0.040059156863817086, 0.06680720126885807, 0.10564977366685535, 0.15865525393145707,
      0.2266273523768682, 0.3085375387259869, 0.4012936743170763, 0.5, 0.5987063256829237, 0.6914624612740131, 0.7733726476231317, 0.8413447460685429,
      0.8943502263331446, 0.9331927987311419, 0.9599408431361829, 0.9772498680518208, 0.9877755273449553, 0.9937903346742238, 0.9970202367649454,
      0.9986501019683699, 0.9994229749576092, 0.9997673709209645, 0.9999115827147992, 0.9999683287581669,
    ];
    // python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 33))"
    expect(chiSquare(values, edges, cdf)).toBeLessThan(72.02964379125794);
  });

  it('the tail beyond r = 3.4426 (base layer outside its rectangle) follows the normal tail: P(Z > r + t | Z > r) by cells', () => {
    const rng = streamRng(9, 'ziggurat-tail');
    const word = ((1 << 24) - 1) << 7; // layer 0, value part 2^24 − 1 ≥ kn[0]: always the tail, positive side
    const values = new Float64Array(200_000);
    for (let i = 0; i < values.length; i++) values[i] = zigguratSlow(tables, rng, word) - 3.442619855899;
    expect(values.every((x) => x > 0)).toBe(true);
    // python3 -c "from scipy.stats import norm; r = 3.442619855899; print([1 - norm.sf(r + t)/norm.sf(r) for t in (0.1, 0.25, 0.5, 1.0)])"
    const cdf = [1 - 0.6876713962352798, 1 - 0.38526713660493583, 1 - 0.13989786296968873, 1 - 0.015425930532910533];
    // python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 4))"
    expect(chiSquare(values, [0.1, 0.25, 0.5, 1.0], cdf)).toBeLessThan(23.512742444991076);
  });
});
