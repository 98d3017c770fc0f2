import { describe, expect, it } from 'vitest';
import { unpairedDifference } from '../../../packages/sim/src/compare/unpairedDifference.js';

// Expected values printed by test/reference/welch_reference.py (numpy, scipy.stats.t and
// scipy.stats.ttest_ind with equal_var=False): Welch's SE, degrees of freedom, t interval clipped to
// [−1, 1] (one-sided: upper end 1) and two-sided p-value.
const values = (x: number[]) => new Float64Array(x);

describe('unpairedDifference: Welch (Python reference)', () => {
  it('a = [0, 1, 1, 0], b = [1, 1, 0.5]: d = 1/3, SE = 1/3, ν = 4.571, p = 0.3673; upper end clipped to 1', () => {
    const result = unpairedDifference(values([0, 1, 1, 0]), values([1, 1, 0.5]), 0.95, 2);
    expect(result.baseline.value).toBe(0.5);
    expect(result.candidate.value).toBeCloseTo(5 / 6, 15);
    expect(result.difference).toBeCloseTo(0.33333333333333337, 15);
    expect(result.se).toBeCloseTo(0.3333333333333333, 15);
    expect(result.df).toBeCloseTo(4.571428571428571, 13);
    expect(result.pValue).toMatchObject({ test: 'welch', method: 'welch', permutations: 0, se: null });
    expect(result.pValue!.value).toBeCloseTo(0.3672611777681323, 12);
    expect(result.interval!.lower).toBeCloseTo(-0.5482620194011619, 12);
    expect(result.interval!.upper).toBe(1);
    // One-sided 95 %: d − t(0.95, ν)·SE, upper end 1.
    expect(unpairedDifference(values([0, 1, 1, 0]), values([1, 1, 0.5]), 0.95, 1).interval!.lower).toBeCloseTo(-0.3525127208213922, 12);
    expect(unpairedDifference(values([0, 1, 1, 0]), values([1, 1, 0.5]), 0.9, 1).interval!.lower).toBeCloseTo(-0.16564314833937693, 12);
  });

  it('a = [0.2, 0.4, 0.9, 0.1, 0.5], b = [0.9, 0.95, 0.3] at 90 %: both ends inside [−1, 1]', () => {
    const result = unpairedDifference(values([0.2, 0.4, 0.9, 0.1, 0.5]), values([0.9, 0.95, 0.3]), 0.9, 2);
    expect(result.difference).toBeCloseTo(0.29666666666666663, 14);
    expect(result.se).toBeCloseTo(0.25102014084752466, 14);
    expect(result.df).toBeCloseTo(3.7992277914738106, 12);
    expect(result.pValue!.value).toBeCloseTo(0.3059190823836589, 12);
    expect(result.interval!.lower).toBeCloseTo(-0.24669943662754423, 12);
    expect(result.interval!.upper).toBeCloseTo(0.8400327699608775, 12);
    const one = unpairedDifference(values([0.2, 0.4, 0.9, 0.1, 0.5]), values([0.9, 0.95, 0.3]), 0.9, 1);
    expect(one.interval!.lower).toBeCloseTo(-0.0921653912335913, 12);
    expect(one.interval!.upper).toBe(1);
  });

  it('a = [1, 0, 1], b = [0, 0.2]: lower end clipped to −1, p = 0.2268 (the sign does not matter)', () => {
    const result = unpairedDifference(values([1, 0, 1]), values([0, 0.2]), 0.95, 2);
    expect(result.difference).toBeCloseTo(-0.5666666666666667, 14);
    expect(result.se).toBeCloseTo(0.348010216963685, 14);
    expect(result.df).toBeCloseTo(2.3383192284983267, 12);
    expect(result.pValue!.value).toBeCloseTo(0.2268430995900363, 12);
    expect(result.interval!.lower).toBe(-1);
    expect(result.interval!.upper).toBeCloseTo(0.7411027978397666, 12);
  });
});

describe('unpairedDifference: the edges (by hand)', () => {
  it('a side with one task: no SE, interval, test or ν; the difference still', () => {
    expect(unpairedDifference(values([0.5]), values([1, 0]), 0.95, 2)).toEqual({
      baseline: { value: 0.5, se: null },
      candidate: { value: 0.5, se: expect.any(Number) },
      difference: 0,
      se: null,
      interval: null,
      pValue: null,
      df: null,
    });
    expect(unpairedDifference(values([1, 0]), values([0.25]), 0.95, 2)).toMatchObject({ difference: -0.25, se: null, interval: null, pValue: null, df: null });
  });

  it('no spread on either side: the interval is the difference itself, p = 1 when equal, else 0', () => {
    expect(unpairedDifference(values([0.5, 0.5]), values([0.5, 0.5, 0.5]), 0.95, 2)).toMatchObject({
      difference: 0,
      se: 0,
      interval: { lower: 0, upper: 0 },
      pValue: { value: 1, test: 'welch', method: 'welch', permutations: 0, se: null },
      df: null,
    });
    expect(unpairedDifference(values([0, 0]), values([0.75, 0.75]), 0.95, 2)).toMatchObject({
      difference: 0.75,
      interval: { lower: 0.75, upper: 0.75 },
      pValue: { value: 0 },
    });
    expect(unpairedDifference(values([0, 0]), values([0.75, 0.75]), 0.95, 1).interval).toEqual({ lower: 0.75, upper: 1 });
  });
});
