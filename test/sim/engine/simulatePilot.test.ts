import { describe, expect, it } from 'vitest';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { simulatePilot } from '../../../packages/sim/src/engine/simulatePilot.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { averageOver, scenarioOf } from './engineChecks.js';

const T = 200;
const RATES = Array.from({ length: T }, (_, t) => (t + 0.5) / T);
const icc = 0.3;
const scenario = scenarioOf(RATES, { attempts: { correlation: { model: 'exchangeable', icc } } }, 64);
// Exchangeable closed forms (engine semantics): passHatK@k = mean ∏_{j<k}(a + j)/(a + b + j), a = p(1/icc − 1).
const product = (top: (p: number) => number, k: number) =>
  averageOver(RATES, (p) => Array.from({ length: k }, (_, j) => (top(p) + j) / (1 / icc - 1 + j)).reduce((s, x) => s * x, 1));

describe('simulatePilot', () => {
  const truth = simulate(scenario);
  const pilot = simulatePilot(scenario, { trials: 10, truth, design: 'oneEpisode' });

  it('the unbiased task-averaged estimates stay within 5 SE of the exchangeable truth', () => {
    expect(pilot.rows.map((row) => row.k)).toEqual([1, 2, 3, 4, 5]);
    for (const row of pilot.rows) {
      const hat = product((p) => p * (1 / icc - 1), row.k);
      const at = 1 - product((p) => (1 - p) * (1 / icc - 1), row.k);
      expect(Math.abs(row.passHatK!.value - hat)).toBeLessThanOrEqual(5 * row.passHatK!.se!);
      expect(Math.abs(row.passAtK!.value - at)).toBeLessThanOrEqual(5 * row.passAtK!.se!);
    }
  });

  it('a pilot of separate runs (the default) estimates independent-retry pass@k, above the correlated truth', () => {
    const separate = simulatePilot(scenario, { trials: 10, truth });
    expect(separate.design).toBe('separateEpisodes');
    const row = separate.rows[4]!;
    // Closed forms: separate runs are iid Bernoulli(p_t), so the unbiased estimate targets mean 1 − (1 − p)^5;
    // the retries of one episode are exchangeable, so the truth is 1 − mean ∏(b + j)/(a + b + j).
    const independent = averageOver(RATES, (p) => 1 - (1 - p) ** 5);
    const exchangeableTruth = 1 - product((p) => (1 - p) * (1 / icc - 1), 5);
    expect(Math.abs(row.passAtK!.value - independent)).toBeLessThanOrEqual(5 * row.passAtK!.se!);
    // What a user would see: the estimate's 95 % interval lies above the true coverage@5.
    expect(row.passAtK!.value - 1.959964 * row.passAtK!.se!).toBeGreaterThan(exchangeableTruth);
  });

  it('the independence prediction from the mean rate misses coverage@5 by far more than 5 SE (correlated retries)', () => {
    const row = pilot.rows[4];
    const exact = 1 - product((p) => (1 - p) * (1 / icc - 1), 5);
    expect(row.pooledIndependence.passAtK - exact).toBeGreaterThan(5 * row.passAtK!.se!);
    expect(row.pooledIndependence.passAtK).toBeCloseTo(1 - (1 - pilot.meanRate) ** 5, 14);
    expect(row.pooledIndependence.passHatK).toBeCloseTo(pilot.meanRate ** 5, 14);
  });

  it('reports the counts, mean rate, plug-in values and the truth passed in', () => {
    expect(pilot.successes).toHaveLength(T);
    expect(pilot.meanRate).toBe(pilot.successes.reduce((s, c) => s + c, 0) / (T * 10));
    const pluginAt2 = pilot.successes.reduce((s, c) => s + 1 - (1 - c / 10) ** 2, 0) / T;
    expect(pilot.rows[1].plugin!.passAtK).toBeCloseTo(pluginAt2, 12);
    expect(pilot.rows[2].truth).toEqual({ coverage: truth.rows[2].coverage, passHatK: truth.rows[2].passHatK });
    expect(simulatePilot(scenario, { trials: 3 }).rows.map((row) => [row.k, row.truth])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
  });

  it('is deterministic in its seed (default: the scenario seed) and checks its options', () => {
    expect(simulatePilot(scenario, { trials: 10, design: 'oneEpisode' }).successes).toEqual(pilot.successes);
    expect(simulatePilot(scenario, { trials: 10, seed: 'other', design: 'oneEpisode' }).successes).not.toEqual(pilot.successes);
    expect(() => simulatePilot(scenario, { trials: 0 })).toThrow(InputError);
    expect(() => simulatePilot(scenario, { trials: 2.5 })).toThrow('options.trials: must be an integer in 1..1000000, got 2.5');
  });
});
