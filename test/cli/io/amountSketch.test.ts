import { describe, expect, it } from 'vitest';
import { AmountSketch, SKETCH_EXACT_VALUES } from '../../../packages/cli/src/io/amountSketch.js';

// The fixed-size summary of a log's per-attempt amounts (io/amountSketch.ts). Expected values by
// arithmetic on permutations of 1..N, whose sorted order is known without sorting: the value v has
// 0-based rank v − 1, so a quantile's true rank is its value minus one.
const K = SKETCH_EXACT_VALUES;

/** 1..n in a scrambled order: i·a mod n + 1 for a coprime to n (a bijection of 0..n − 1). */
function permutation(n: number, a: number): number[] {
  return Array.from({ length: n }, (_, i) => ((i * a) % n) + 1);
}

describe('AmountSketch', () => {
  it('keeps every amount in reading order up to K = 16 384; its quantiles are the exact order statistics', () => {
    const values = permutation(K, 7919);
    const sketch = AmountSketch.of(values);
    expect(sketch.exact).toBe(true);
    expect(sketch.rankError).toBe(0);
    expect(sketch.values()).toEqual(values);
    // Rank ⌊(i + 0.5)/1000 · K⌋ of 1..K is that rank + 1.
    expect(sketch.quantiles(1000)).toEqual(Array.from({ length: 1000 }, (_, i) => Math.floor(((i + 0.5) / 1000) * K) + 1));
  });

  it('count and sum stream: the sum is the left-to-right sum in reading order, bit for bit', () => {
    const values = Array.from({ length: 50_000 }, (_, i) => ((i * 37) % 1013) / 997 + 1e-3);
    const sketch = AmountSketch.of(values);
    let sum = 0;
    for (const value of values) sum += value;
    expect(sketch.count).toBe(50_000);
    expect(sketch.sum).toBe(sum);
  });

  it.each([
    [K + 1, 1],
    [40_000, 7919],
    [1_000_000, 999_983],
  ])('%i amounts: each of 1000 quantiles is within the stated rank error, and that is ≤ (⌊log2(N/K)⌋ + 1)/K', (n, a) => {
    const sketch = AmountSketch.of(permutation(n, a));
    expect(sketch.exact).toBe(false);
    expect(sketch.count).toBe(n);
    const bound = (Math.floor(Math.log2(n / K)) + 1) / K;
    expect(sketch.rankError).toBeGreaterThan(0);
    expect(sketch.rankError).toBeLessThanOrEqual(bound);
    const quantiles = sketch.quantiles(1000);
    expect(quantiles).toHaveLength(1000);
    let worst = 0;
    quantiles.forEach((value, i) => {
      const target = Math.floor(((i + 0.5) / 1000) * n);
      worst = Math.max(worst, Math.abs(value - 1 - target));
    });
    expect(worst).toBeLessThanOrEqual(sketch.rankError * n);
    expect(() => sketch.values()).toThrow('compacted');
  });

  it('holds at most ⌊log2(N/K)⌋ + 2 levels of K values: bounded whatever N', () => {
    const sketch = AmountSketch.of(permutation(1_000_000, 999_983));
    const held = (sketch as unknown as { lengths: number[] }).lengths;
    expect(held.length).toBeLessThanOrEqual(Math.floor(Math.log2(1_000_000 / K)) + 2);
    expect(held.reduce((a, b) => a + b, 0)).toBeLessThan(held.length * K);
  });

  it('the same amounts in the same order give the same quantiles (no randomness)', () => {
    const values = permutation(100_000, 65_537);
    expect(AmountSketch.of(values).quantiles(1000)).toEqual(AmountSketch.of(values).quantiles(1000));
  });
});
