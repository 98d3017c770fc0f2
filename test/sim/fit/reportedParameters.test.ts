import { describe, expect, it } from 'vitest';
import { reportedParameters } from '../../../packages/sim/src/fit/reportedParameters.js';

const ALL = ['pi0', 'pi1', 'a', 'b', 'mean', 'concentration', 'taskCorrelation'] as const;

describe('reportedParameters (delta method)', () => {
  // Beta(2, 3): θ = (logit 0.4, ln 5), Var(logit mean) = 0.04, Var(ln s) = 0.09, independent.
  const theta = [Math.log(2 / 3), Math.log(5), -Infinity, -Infinity];
  const covariance = [
    [0.04, 0],
    [0, 0.09],
  ];
  const p = reportedParameters(ALL, theta, [0, 1], covariance, { fold: false });

  it('doc example: mean 0.4, concentration 5, taskCorrelation 1/6, a = 2, b = 3', () => {
    expect(p.mean.value).toBeCloseTo(0.4, 14);
    expect(p.concentration.value).toBeCloseTo(5, 13);
    expect(p.taskCorrelation.value).toBeCloseTo(1 / 6, 14);
    expect(p.a.value).toBeCloseTo(2, 13);
    expect(p.b.value).toBeCloseTo(3, 13);
  });

  it('SEs equal the closed-form delta method: dμ/dθ0 = μ(1 − μ), ds/dθ1 = s, a = μs, ρ = 1/(1 + s)', () => {
    expect(p.mean.se).toBeCloseTo(0.4 * 0.6 * 0.2, 9); // 0.048
    expect(p.concentration.se).toBeCloseTo(5 * 0.3, 8); // 1.5
    // a = μs: ∇ = (s·μ(1 − μ), μs) = (1.2, 2): √(1.2²·0.04 + 2²·0.09) = √0.4176
    expect(p.a.se).toBeCloseTo(Math.sqrt(0.4176), 8);
    // b = (1 − μ)s: ∇ = (−1.2, 3): √(1.44·0.04 + 9·0.09) = √0.8676
    expect(p.b.se).toBeCloseTo(Math.sqrt(0.8676), 8);
    // ρ = 1/(1 + s): d/dθ1 = −s/(1 + s)² = −5/36
    expect(p.taskCorrelation.se).toBeCloseTo((5 / 36) * 0.3, 9);
  });

  it('a parameter fixed at a boundary has value 0 and no SE (π0 = π1 = 0 here)', () => {
    expect(p.pi0).toEqual({ value: 0, se: null });
    expect(p.pi1).toEqual({ value: 0, se: null });
  });

  it('the binomial limit: a, b, concentration are ∞ (null), ρ = 0 without SE, the mean keeps its SE', () => {
    const q = reportedParameters(ALL, [0, Infinity, -Infinity, -Infinity], [0], [[0.01]], { fold: false });
    expect(q.a).toEqual({ value: null, se: null });
    expect(q.concentration).toEqual({ value: null, se: null });
    expect(q.taskCorrelation).toEqual({ value: 0, se: null });
    expect(q.mean.se).toBeCloseTo(0.25 * 0.1, 9);
  });

  it('fold: a two-point fit reports π0 = 1 − mean, π1 = mean with SE μ(1 − μ)·sd, and no beta component', () => {
    const q = reportedParameters(ALL, [Math.log(0.3 / 0.7), -Infinity, -Infinity, -Infinity], [0], [[0.09]], { fold: true });
    expect(q.pi1.value).toBeCloseTo(0.3, 14);
    expect(q.pi0.value).toBeCloseTo(0.7, 14);
    expect(q.pi1.se).toBeCloseTo(0.21 * 0.3, 9);
    expect(q.pi0.se).toBeCloseTo(0.21 * 0.3, 9);
    for (const name of ['a', 'b', 'mean', 'concentration']) expect(q[name]).toEqual({ value: null, se: null });
    // Only point masses at 0 and 1: every task always or never succeeds, ρ = 1 (and no SE: it cannot move).
    expect(q.taskCorrelation).toEqual({ value: expect.closeTo(1, 14), se: null });
  });

  it('the inflated model: ρ is the whole mixture’s Var(p)/(E p·(1 − E p)), not the beta component’s 1/(a + b + 1)', () => {
    // π0 = 0.2, π1 = 0.1, w = 0.7, Beta(2, 3): E p = 0.1 + 0.7·0.4 = 0.38, E p² = 0.1 + 0.7·(0.16 + 0.24/6) = 0.24,
    // ρ = (0.24 − 0.38²)/(0.38·0.62) = 0.0956/0.2356 (closed form; python3 -c "print(0.0956/0.2356)" → 0.40577249575551783).
    const inflated = [Math.log(2 / 3), Math.log(5), Math.log(0.2 / 0.7), Math.log(0.1 / 0.7)];
    const q = reportedParameters(ALL, inflated, [0, 1, 2, 3], null, { fold: true });
    expect(q.taskCorrelation.value).toBeCloseTo(0.40577249575551783, 13);
    expect(q.pi0.value).toBeCloseTo(0.2, 14);
  });

  it('no covariance: values without SEs', () => {
    const q = reportedParameters(['mean'], theta, [0, 1], null, { fold: false });
    expect(q.mean).toEqual({ value: expect.closeTo(0.4, 14), se: null });
  });
});
