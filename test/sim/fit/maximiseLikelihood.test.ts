import { describe, expect, it } from 'vitest';
import { BETA_BINOMIAL, ZERO_ONE_INFLATED_BETA_BINOMIAL } from '../../../packages/sim/src/fit/fitModels.js';
import { maximiseLikelihood } from '../../../packages/sim/src/fit/maximiseLikelihood.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';
import { TAU_TASKS } from './tauBench.js';

const fit = (model: typeof BETA_BINOMIAL, tasks: Array<{ n: number; c: number }>) => {
  const cells = taskCells(tasks);
  return maximiseLikelihood(cells, model.fixed, model.free, model.starts(cells));
};
const repeat = (n: number, c: number, times: number) => Array.from({ length: times }, () => ({ n, c }));

// A likelihood maximised by its value alone locates θ to about √(ε·|ℓ|/I) (ε = 2.2e-16): with
// |ℓ| < 100 that is ~1e-7 of an SE or better, so 1e-6 is the precision asked of the estimates below.
const PRECISION = 1e-6;

describe('maximiseLikelihood', () => {
  it('τ-bench, beta-binomial: the maximum scipy finds (Nelder–Mead on betabinom.logpmf sums), or higher', () => {
    // python: scipy.optimize.minimize(-Σ betabinom.logpmf(c, 4, μs, (1 − μ)s), method='Nelder-Mead', xatol=1e-10, fatol=1e-12)
    //   → logit μ = -0.28975591, ln s = 0.40501752, ℓ = -78.97548374071033
    const max = fit(BETA_BINOMIAL, TAU_TASKS);
    expect(max.logLik).toBeGreaterThanOrEqual(-78.97548374071033 - 1e-10);
    expect(max.theta[0]).toBeCloseTo(-0.28975591, 6);
    expect(max.theta[1]).toBeCloseTo(0.40501752, 6);
    expect(max.boundaries).toEqual([]);
    expect(max.converged).toBe(true);
  });

  it('τ-bench, inflated: the saturated maximum, ℓ = Σ N_c ln(N_c/50) (closed form), not the binomial-boundary local one', () => {
    // With n = 4 and 4 parameters the model reproduces the cell shares; a local maximum at concentration ∞ has ℓ = -77.2426.
    const saturated = 14 * Math.log(14 / 50) + 12 * Math.log(12 / 50) + 10 * Math.log(10 / 50) + 4 * Math.log(4 / 50) + 10 * Math.log(10 / 50);
    const max = fit(ZERO_ONE_INFLATED_BETA_BINOMIAL, TAU_TASKS);
    expect(Math.abs(max.logLik - saturated)).toBeLessThan(1e-9 * Math.abs(saturated));
    expect(max.free).toEqual([0, 1, 2, 3]);
  });

  it('every task 2 of 4: concentration → ∞ (binomial limit) with the binomial MLE mean Σc/Σn = ½', () => {
    const max = fit(BETA_BINOMIAL, repeat(4, 2, 30));
    expect(max.theta[1]).toBe(Infinity);
    expect(max.boundaries).toEqual([1]);
    expect(max.free).toEqual([0]);
    const mean = mixtureParameters(max.theta).mean;
    // SE of the binomial mean: √(½·½/120) = 0.0456; precision asked: 1e-6 of it.
    expect(Math.abs(mean - 0.5)).toBeLessThan(PRECISION * Math.sqrt(0.25 / 120));
  });

  it('every task 0 or 4 (20 and 10 of them): concentration → 0 (two-point limit) with mean 10/30', () => {
    const max = fit(BETA_BINOMIAL, [...repeat(4, 0, 20), ...repeat(4, 4, 10)]);
    expect(max.theta[1]).toBe(-Infinity);
    expect(Math.abs(mixtureParameters(max.theta).mean - 1 / 3)).toBeLessThan(PRECISION * Math.sqrt(((1 / 3) * (2 / 3)) / 30));
  });

  it('no task at c = 0: the inflated model puts π0 at its boundary 0', () => {
    const tasks = [...repeat(4, 1, 10), ...repeat(4, 2, 10), ...repeat(4, 3, 5), ...repeat(4, 4, 10)];
    const max = fit(ZERO_ONE_INFLATED_BETA_BINOMIAL, tasks);
    expect(max.theta[2]).toBe(-Infinity);
    expect(max.boundaries).toContain(2);
  });
});
