import type { Xoshiro128 } from '../rng/xoshiro128.js';
import { expTables, tableExp, type ExpTables } from './tableExp.js';
import { zigguratSlow, zigguratTables, type ZigguratTables } from './zigguratNormal.js';

/**
 * Sums of n independent lognormal amounts median·e^{σZ} (costs or latencies of n attempts).
 *
 * The general path draws each lognormal amount as a sum of one (`generalEpisode`); the fast paths
 * draw none (their costs are Rao–Blackwellised: attempts × the expected amount, `expectedAmount`).
 * Formula: Σ_{i=1..n} median·e^{σZ_i}, Z_i standard normal by the ziggurat (`zigguratNormal`),
 * the exponential by `tableExp`.
 * Example: n = 7, median 0.02, σ 0.5: mean 7·0.02·e^{0.125} ≈ 0.15864, variance 7·0.02²·e^{0.25}(e^{0.25} − 1) (tested).
 */
export class LognormalSum {
  private readonly median: number;
  private readonly sigma: number;
  private readonly tables: ZigguratTables;
  private readonly exp: ExpTables;

  constructor(median: number, sigma: number) {
    this.median = median;
    this.sigma = sigma;
    this.tables = zigguratTables();
    this.exp = expTables();
  }

  sum(rng: Xoshiro128, n: number): number {
    const { kn, wn } = this.tables;
    const sigma = this.sigma;
    const exp = this.exp;
    let total = 0;
    let s0 = rng.s0,
      s1 = rng.s1,
      s2 = rng.s2,
      s3 = rng.s3;
    for (let i = 0; i < n; i++) {
      // One xoshiro128** step (Xoshiro128.uint32 inlined), read as a signed word.
      const y = Math.imul(s1, 5);
      const word = Math.imul((y << 7) | (y >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      const layer = word & 127;
      const v = word >> 7;
      let z: number;
      if (Math.abs(v) < kn[layer]) {
        z = v * wn[layer];
      } else {
        rng.s0 = s0;
        rng.s1 = s1;
        rng.s2 = s2;
        rng.s3 = s3;
        z = zigguratSlow(this.tables, rng, word);
        s0 = rng.s0;
        s1 = rng.s1;
        s2 = rng.s2;
        s3 = rng.s3;
      }
      total += tableExp(exp, sigma * z);
    }
    rng.s0 = s0;
    rng.s1 = s1;
    rng.s2 = s2;
    rng.s3 = s3;
    return this.median * total;
  }
}
