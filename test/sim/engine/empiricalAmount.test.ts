import { describe, expect, it } from 'vitest';
import { ATTEMPTS, COST, LATENCY, METRIC_COUNT } from '../../../packages/sim/src/engine/engineMetrics.js';
import { expectedAmount } from '../../../packages/sim/src/engine/expectedAmount.js';
import { GeneralEpisode } from '../../../packages/sim/src/engine/generalEpisode.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { scenarioToInput } from '../../../packages/sim/src/scenario/scenarioToInput.js';
import { scenarioOf } from './engineChecks.js';

// The scenario amount { dist: empirical, values }: each attempt draws one of the values uniformly
// (a log's observed per-attempt costs or latencies, written by passk fit --out).
const values = [0.1, 0.3, 0.3, 1.3];

describe('empirical per-attempt amounts', () => {
  it('resolve, round-trip through scenarioToInput, and refuse an empty list or a negative value', () => {
    const scenario = scenarioOf([0.5], { attempts: { cost: { perAttempt: { dist: 'empirical', values } } } });
    expect(scenario.attempts.cost).toEqual({ dist: 'empirical', values });
    expect(resolveScenario(scenarioToInput(scenario))).toEqual(scenario);
    expect(() => scenarioOf([0.5], { attempts: { cost: { perAttempt: { dist: 'empirical', values: [] } } } })).toThrow(
      'attempts.cost.perAttempt.values: must be a non-empty list of numbers ≥ 0, got []',
    );
    expect(() => scenarioOf([0.5], { attempts: { cost: { perAttempt: { dist: 'empirical', values: [1, -1] } } } })).toThrow(
      'attempts.cost.perAttempt.values[1]',
    );
  });

  it("mean: the values' average (closed form: (0.1 + 0.3 + 0.3 + 1.3)/4 = 0.5)", () => {
    expect(expectedAmount({ dist: 'empirical', values })).toBeCloseTo(0.5, 15);
  });

  it('general path: every attempt draws one of the values, each with probability 1/4 (tolerance from the binomial SE)', () => {
    // p = 0 and a perfect verifier: every episode runs all K attempts, so cost(k) − cost(k − 1) is attempt k's draw.
    const scenario = scenarioOf(
      [0],
      {
        attempts: { cost: { perAttempt: { dist: 'empirical', values } }, latency: { perAttempt: { dist: 'empirical', values: [2, 4] } } },
        policy: { maxAttempts: 4, budget: { cost: 100 } },
      },
      1,
    );
    const episode = new GeneralEpisode(scenario);
    const rng = streamRng(3, 'empirical');
    const K = 4;
    const E = 5000;
    const seen = new Map<number, number>();
    let latencySum = 0;
    for (let e = 0; e < E; e++) {
      const out = new Float64Array(METRIC_COUNT * K);
      episode.run(0, 0, 0, rng, out, 0);
      expect(out[ATTEMPTS * K + K - 1]).toBe(K);
      for (let k = 1; k <= K; k++) {
        const draw = Number((out[COST * K + k - 1] - (k > 1 ? out[COST * K + k - 2] : 0)).toFixed(9));
        seen.set(draw, (seen.get(draw) ?? 0) + 1);
      }
      latencySum += out[LATENCY * K + K - 1];
    }
    expect([...seen.keys()].sort()).toEqual([0.1, 0.3, 1.3]);
    const draws = E * K;
    // P(0.1) = P(1.3) = 1/4, P(0.3) = 1/2: each share within 5 SE of its probability, SE = √(q(1 − q)/draws).
    for (const [value, q] of [
      [0.1, 0.25],
      [0.3, 0.5],
      [1.3, 0.25],
    ] as const) {
      expect(Math.abs(seen.get(value)! / draws - q)).toBeLessThanOrEqual(5 * Math.sqrt((q * (1 - q)) / draws));
    }
    // Latency: K sequential rounds, each 2 or 4 (mean 3, sd 1): mean of K rounds within 5 SE of 3K.
    expect(Math.abs(latencySum / E - 3 * K)).toBeLessThanOrEqual(5 * Math.sqrt(K / E));
  });
});
