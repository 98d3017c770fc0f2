import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { pluginPassAtK, pluginPassHatK, pluginValues } from '../../../packages/sim/src/estimators/plugin.js';

describe('plug-in estimates 1 − (1 − c/n)^k and (c/n)^k', () => {
  it('seeds: n = 10, c = 3, k = 5 → 1 − 0.7^5 = 83.19 % (closed form)', () => {
    expect(pluginPassAtK(10, 3, 5)).toBeCloseTo(1 - 0.7 ** 5, 15);
    expect(pluginPassAtK(10, 3, 5).toFixed(4)).toBe('0.8319');
  });

  it('seeds: 27 of 30, k = 8 → 0.9^8 = 43.05 %', () => {
    expect(pluginPassHatK(30, 27, 8)).toBeCloseTo(0.43046721, 15);
  });

  it('seeds table: n = 10, c = 3 → (0.3)^k for k = 1, 2, 3, 5', () => {
    expect([1, 2, 3, 5].map((k) => pluginPassHatK(10, 3, k).toFixed(4))).toEqual(['0.3000', '0.0900', '0.0270', '0.0024']);
  });

  it('keeps tiny pass@k exact: 1 − (1 − 1e-9)^3 (python: -math.expm1(3*math.log1p(-1e-9)))', () => {
    expect(pluginPassAtK(1_000_000_000, 1, 3)).toBeCloseTo(2.999999997e-9, 22);
    expect(pluginValues(1_000_000_000, 1, 3).passAtK / 2.999999997e-9 - 1).toBeLessThan(1e-14);
  });

  it('is defined for any k ≥ 1, also k > n (no NotEstimableError)', () => {
    expect(pluginPassHatK(2, 1, 5)).toBe(0.5 ** 5);
  });

  it.each([
    [0, 0, 1, /^n: must be ≥ 1/],
    [5, 6, 1, /^c: must be ≤ n/],
    [5, -1, 1, /^c: /],
    [5, 1.5, 1, /^c: /],
    [5, 2, 0, /^k: /],
    [5, 2, 1.5, /^k: /],
  ])('rejects n = %s, c = %s, k = %s', (n, c, k, message) => {
    expect(() => pluginPassAtK(n, c, k)).toThrow(InputError);
    expect(() => pluginPassAtK(n, c, k)).toThrow(message);
    expect(() => pluginPassHatK(n, c, k)).toThrow(message);
  });
});
