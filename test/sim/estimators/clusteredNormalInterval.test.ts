import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { clusteredNormalInterval } from '../../../packages/sim/src/estimators/clusteredNormalInterval.js';

// mean ± z·SE clipped to [0, 1]; z from scipy.stats.norm.ppf: ppf(0.975) two-sided 95 %, ppf(0.95)
// one-sided 95 %, ppf(0.8) two-sided 60 %, ppf(0.6) one-sided 60 %. Expected bounds printed by
//   python3 -c "from scipy.stats import norm; print(0.6 - norm.ppf(0.975)*0.05, 0.6 + norm.ppf(0.975)*0.05,
//     0.6 - norm.ppf(0.95)*0.05, 0.3 - norm.ppf(0.8)*0.1, 0.3 + norm.ppf(0.8)*0.1, 0.3 - norm.ppf(0.6)*0.1)"
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-15);

describe('clusteredNormalInterval', () => {
  it('doc example: 0.6 ± 1.96·0.05, two-sided 95 %; one-sided 95 %: 0.6 − 1.645·0.05 up to 1', () => {
    const two = clusteredNormalInterval({ value: 0.6, se: 0.05 }, { confidence: 0.95, sides: 2 })!;
    close(two.lower, 0.5020018007729973);
    close(two.upper, 0.6979981992270027);
    const one = clusteredNormalInterval({ value: 0.6, se: 0.05 }, { confidence: 0.95, sides: 1 })!;
    close(one.lower, 0.5177573186524264);
    expect(one.upper).toBe(1);
  });

  it('at 60 %: z = Φ⁻¹(0.8) two-sided, Φ⁻¹(0.6) one-sided', () => {
    const two = clusteredNormalInterval({ value: 0.3, se: 0.1 }, { confidence: 0.6, sides: 2 })!;
    close(two.lower, 0.21583787664270854);
    close(two.upper, 0.38416212335729144);
    close(clusteredNormalInterval({ value: 0.3, se: 0.1 }, { confidence: 0.6, sides: 1 })!.lower, 0.27466528968642);
  });

  it('clipped to [0, 1]; SE 0 gives the point', () => {
    expect(clusteredNormalInterval({ value: 0.02, se: 0.05 }, { confidence: 0.95, sides: 2 })!.lower).toBe(0);
    expect(clusteredNormalInterval({ value: 0.98, se: 0.05 }, { confidence: 0.95, sides: 2 })!.upper).toBe(1);
    expect(clusteredNormalInterval({ value: 0.02, se: 0.05 }, { confidence: 0.95, sides: 1 })).toEqual({ lower: 0, upper: 1 });
    expect(clusteredNormalInterval({ value: 0.4, se: 0 }, { confidence: 0.95, sides: 2 })).toEqual({ lower: 0.4, upper: 0.4 });
  });

  it('null without a mean or without an SE (fewer than 2 tasks)', () => {
    expect(clusteredNormalInterval(null, { confidence: 0.95, sides: 2 })).toBeNull();
    expect(clusteredNormalInterval({ value: 0.5, se: null }, { confidence: 0.95, sides: 2 })).toBeNull();
  });

  it('bad arguments: an InputError naming the argument (options checked first, also with no mean)', () => {
    const options = { confidence: 0.95, sides: 2 } as const;
    const bad: Array<[unknown, unknown, RegExp]> = [
      [null, { confidence: 1, sides: 2 }, /^confidence: /],
      [null, { confidence: 0.95, sides: 3 }, /^sides: /],
      [null, null, /^options: /],
      [3, options, /^mean: /],
      [{ value: 1.5, se: 0.1 }, options, /^mean\.value: /],
      [{ value: 0.5, se: -0.1 }, options, /^mean\.se: /],
    ];
    for (const [mean, opts, message] of bad) {
      const call = () => clusteredNormalInterval(mean as { value: number; se: number }, opts as typeof options);
      expect(call).toThrow(InputError);
      expect(call).toThrow(message);
    }
  });
});
