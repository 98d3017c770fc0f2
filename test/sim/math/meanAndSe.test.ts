import { describe, expect, it } from 'vitest';
import { meanAndSe } from '../../../packages/sim/src/math/meanAndSe.js';

// Expected values: python3 test/reference/mean_se_reference.py (exact rational arithmetic, the
// square root in 50-digit decimal; statistics.mean/stdev agree). The script also prints what the
// naive algorithm (plain sum, then Σ(x − x̄)²) gives, which these cases tell apart.

/** |got − want| in units of the last place of want (the spacing of doubles at want). */
function ulps(got: number, want: number): number {
  if (got === want) return 0;
  const spacing = want === 0 ? Number.MIN_VALUE : 2 ** (Math.floor(Math.log2(Math.abs(want))) - 52);
  return Math.abs(got - want) / spacing;
}

describe('meanAndSe', () => {
  it('large offset, tiny spread: 1e8 + 1e-6·i, i = 1..19, within 4 ulps of the exact mean and SE (the naive SE is off in the 6th digit)', () => {
    const values = Array.from({ length: 19 }, (_, i) => 1e8 + 1e-6 * (i + 1));
    const { value, se } = meanAndSe(values);
    expect(ulps(value, 100000000.00001)).toBeLessThanOrEqual(4);
    expect(ulps(se!, 1.2912292865327746e-6)).toBeLessThanOrEqual(4);
    // The naive two-pass result printed by the reference script: this case separates the two.
    expect(Math.abs(se! - 1.2912331105897533e-6)).toBeGreaterThan(1e-12);
  });

  it('one value repeated ten times: mean 0.1 and SE exactly 0 (naive: 0.09999999999999999 and 4.6e-18)', () => {
    expect(meanAndSe(new Array(10).fill(0.1))).toEqual({ value: 0.1, se: 0 });
  });

  it('weights count each value that many times: [0.7, 0.1, 1/3] × [3, 5, 4] = the 12 values written out', () => {
    const { value, se } = meanAndSe([0.7, 0.1, 1 / 3], [3, 5, 4]);
    expect(ulps(value, 0.3277777777777778)).toBeLessThanOrEqual(1);
    expect(ulps(se!, 0.07151950280661876)).toBeLessThanOrEqual(4);
    const expanded = [0.7, 0.7, 0.7, 0.1, 0.1, 0.1, 0.1, 0.1, 1 / 3, 1 / 3, 1 / 3, 1 / 3];
    const plain = meanAndSe(expanded);
    expect(ulps(plain.value, 0.3277777777777778)).toBeLessThanOrEqual(1);
    expect(ulps(plain.se!, 0.07151950280661876)).toBeLessThanOrEqual(4);
  });

  it('doc example: [0, 1, 1, 0] → mean 0.5, SE 0.28867513459481287', () => {
    expect(meanAndSe([0, 1, 1, 0])).toEqual({ value: 0.5, se: 0.28867513459481287 });
  });

  it('fewer than two values (or total weight below 2): no SE', () => {
    expect(meanAndSe([0.25])).toEqual({ value: 0.25, se: null });
    expect(meanAndSe([0.25, 0.75], [1, 0])).toEqual({ value: 0.25, se: null });
    expect(meanAndSe([]).se).toBeNull();
  });
});
