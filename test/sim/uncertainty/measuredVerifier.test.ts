import { describe, expect, it } from 'vitest';
import { exactValuesFor } from '../../../packages/sim/src/engine/exactValues.js';
import { simulate } from '../../../packages/sim/src/engine/simulate.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { measuredScenario, P } from './measuredScenarios.js';
import { blockScenario } from '../../../packages/sim/src/uncertainty/blockScenario.js';
import { varianceComponents } from '../../../packages/sim/src/uncertainty/blockVariance.js';
import { drawInterval } from '../../../packages/sim/src/uncertainty/drawInterval.js';
import { measuredParameters } from '../../../packages/sim/src/uncertainty/measuredParameters.js';
import { studentTQuantile } from '../../../packages/sim/src/math/studentT.js';

// What-ifs with a measured verifier: each block of 64 replicates simulates one draw of the rates
// from their Jeffreys posteriors; the summary's interval carries that spread. Reference values:
// test/reference/measured_verifier_reference.py (closed form per task, posterior by numpy draws).

// The two coverage studies (200 and 150 simulated measurements): measuredVerifierCoverage.slow.test.ts.

describe('measured parameters', () => {
  it('the Jeffreys posterior Beta(x + ½, n − x + ½) of each measured rate; none without verifier.measured', () => {
    const scenario = measuredScenario(2375, 10018, 156, 12284, 1, 64);
    expect(measuredParameters(scenario)).toEqual([
      { path: 'verifier.falseAccept', events: 2375, trials: 10018, a: 2375.5, b: 7643.5 },
      { path: 'verifier.falseReject', events: 156, trials: 12284, a: 156.5, b: 12128.5 },
    ]);
    const plain = resolveScenario({ tasks: { count: 2, successRate: { dist: 'point', p: 0.5 } }, verifier: { falseAccept: 0.1 }, policy: { maxAttempts: 2 } });
    expect(measuredParameters(plain)).toEqual([]);
    expect(blockScenario(plain, 3)).toBe(plain);
  });

  it('blockScenario: one draw per block from (seed, block), whose mean over blocks is the posterior mean (±4 SE)', () => {
    const scenario = measuredScenario(40, 200, 10, 200, 5, 64);
    const rate = (b: number) => blockScenario(scenario, b).verifier.falseAccept;
    expect(rate(7)).toEqual(rate(7));
    expect(rate(7)).not.toEqual(rate(8));
    const draws = Array.from({ length: 4000 }, (_, b) => (rate(b) as { p: number }).p);
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    // Beta(40.5, 160.5): mean 40.5/201, sd √(mean(1 − mean)/202).
    const posteriorMean = 40.5 / 201;
    const se = Math.sqrt((posteriorMean * (1 - posteriorMean)) / 202 / draws.length);
    expect(Math.abs(mean - posteriorMean)).toBeLessThan(4 * se);
    expect(blockScenario(scenario, 0).verifier.measured).toEqual(scenario.verifier.measured);
  });
});

describe('varianceComponents and drawInterval', () => {
  it('blocks {1, 3} and {5, 7}: MSW = 2, MSB = 16, n₀ = 2 → covariance parameter 7, Monte Carlo 4 (by hand); variance: the upper bound 95, Monte Carlo 48 (scipy f.ppf(0.2, 1, 2) = 1/12)', () => {
    const sums = { products: 1 + 9 + 25 + 49, blockProducts: 16 / 2 + 144 / 2, sumY: 16, sumZ: 16 };
    expect(varianceComponents(sums, { replicates: 4, blocks: 2, squaredSizes: 8 }, false)).toEqual({ parameter: 7, monteCarlo: 4, within: 2 });
    const upper = varianceComponents(sums, { replicates: 4, blocks: 2, squaredSizes: 8 }, true)!;
    expect(upper.parameter).toBeCloseTo(95, 9);
    expect(upper.monteCarlo).toBeCloseTo(48, 9);
    expect(varianceComponents(sums, { replicates: 4, blocks: 1, squaredSizes: 16 }, true)).toBeNull();
    // A constant metric whose sums round to a within-block variance of −1e-20 (found by the shard property test): 0, not a NaN SE.
    const constant = { products: 4 * 0.0036 ** 2 - 1e-20, blockProducts: 4 * 0.0036 ** 2, sumY: 4 * 0.0036, sumZ: 4 * 0.0036 };
    const flat = varianceComponents(constant, { replicates: 4, blocks: 2, squaredSizes: 8 }, true)!;
    expect(flat.within).toBe(0);
    expect(flat.monteCarlo).toBeGreaterThanOrEqual(0);
  });

  it('value ± t(0.975, B − 1)·√(V_θ + SE²), cut to the range (scipy.stats.t.ppf(0.975, 156) = 1.9752875)', () => {
    const interval = drawInterval(0.5, 0.0009, 0.004 ** 2, 157, { min: 0, max: 1 });
    expect(interval.lower).toBeCloseTo(0.4402169519, 9);
    expect(interval.upper).toBeCloseTo(0.5597830481, 9);
    expect(drawInterval(0.01, 0.0009, 0, 157, { min: 0, max: 1 }).lower).toBe(0);
  });
});

describe('simulate with a measured verifier', () => {
  it('the closed form at fixed rates fa = 0.2, fr = 0.05 (python reference: 0.475, 0.1 at k = 1; 0.678596875, 0.1872625 at k = 3)', () => {
    const exact = exactValuesFor(
      resolveScenario({
        tasks: { count: 20, successRate: { dist: 'fixed', values: P } },
        verifier: { falseAccept: 0.2, falseReject: 0.05 },
        policy: { maxAttempts: 3 },
      }),
    );
    expect(exact.deliveredCorrect![0]).toBeCloseTo(0.475, 12);
    expect(exact.deliveredWrong![0]).toBeCloseTo(0.1, 12);
    expect(exact.deliveredCorrect![2]).toBeCloseTo(0.678596875, 12);
    expect(exact.deliveredWrong![2]).toBeCloseTo(0.1872625, 12);
  });

  it("the interval's parameter part is the posterior sd of the closed form (python: 0.022154 delivered wrong, 0.009273 correct at k = 3), within 4 SE of an sd from B blocks", () => {
    const blocks = 300;
    const summary = simulate(measuredScenario(40, 200, 10, 200, 11, 64 * blocks));
    expect(summary.drawn).toEqual({ parameters: ['verifier.falseAccept', 'verifier.falseReject'], blocks, prior: 'jeffreys' });
    // The closed forms at the draws of the first 100 blocks: t(99); the SE of an sd from D draws is about sd/√(2(D − 1)).
    const t = studentTQuantile(0.975, 99);
    const relativeSe = 1 / Math.sqrt(2 * 99);
    for (const [metric, posteriorSd] of [
      ['deliveredWrong', 0.022154],
      ['deliveredCorrect', 0.009273],
    ] as const) {
      const estimate = summary.rows[2]![metric];
      const half = (estimate.interval!.upper - estimate.interval!.lower) / 2;
      const parameterSd = Math.sqrt((half / t) ** 2 - estimate.se! ** 2);
      expect(Math.abs(parameterSd / posteriorSd - 1)).toBeLessThan(4 * relativeSe);
    }
    // The attempt process does not depend on the verifier: its interval is the Monte Carlo part alone (± a little).
    const coverage = summary.rows[2]!.coverage;
    expect(coverage.interval!.method).toMatch(/closed form over ≤ 100 draws/);
    expect((coverage.interval!.upper - coverage.interval!.lower) / 2).toBeCloseTo(t * coverage.se!, 12);
  });
});
