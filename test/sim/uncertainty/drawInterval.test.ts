// drawInterval: the interval of a metric from a simulation whose blocks drew measured parameters.
// Every expected bound is from test/reference/draw_interval.py (scipy.stats.t.ppf, scipy.special.expit/logit),
// written independently of the TypeScript.
import { describe, expect, it } from 'vitest';
import { drawInterval } from '../../../packages/sim/src/uncertainty/drawInterval.js';

const PROBABILITY = { min: 0, max: 1 };
const NON_NEGATIVE = { min: 0, max: Infinity };

describe('drawInterval', () => {
  it('a probability inside (0, 1): logistic(logit v ± t(0.975, B − 1)·√(V_θ + SE²)/(v(1 − v))) (python: draw_interval.py)', () => {
    for (const [value, parameter, se, blocks, lower, upper] of [
      [0.5, 0.0009, 0.004, 157, 0.440500219376, 0.559499780624],
      [0.05, 0.0009, 0.004, 157, 0.0147300002908, 0.156322584144],
      [0.97, 0.0004, 0.002, 10, 0.871422724341, 0.993558940102],
      [1e-4, 1e-8, 0, 16, 1.18650323223e-5, 0.000842261289882],
    ] as const) {
      const interval = drawInterval(value, parameter, se ** 2, blocks, PROBABILITY, 'closedForm');
      expect(interval.lower).toBeCloseTo(lower, 10);
      expect(interval.upper).toBeCloseTo(upper, 10);
      expect(interval.level).toBe(0.95);
      expect(interval.method).toMatch(/; normal on the logit scale \(delta method\), t\(draws − 1\)$/);
    }
  });

  it("a probability inside (0, 1) with the draws' logits (mean z̄, variance W): logistic(z̄ ± t·√(W + SE²/(v(1 − v))²)) (python: draw_interval.py)", () => {
    for (const [value, mean, variance, se, blocks, lower, upper] of [
      [0.97, 3.2, 0.25, 0.002, 100, 0.900120368128, 0.985246874468],
      [0.5, 0.1, 0, 0.01, 10, 0.502378410433, 0.547478096378],
      [0.9978, 9.9, 11.6, 0.0001, 32, 0.950407262285, 0.999999951754],
    ] as const) {
      // The probability-scale variance (the argument after the value) is not used on this scale.
      const interval = drawInterval(value, 123, se ** 2, blocks, PROBABILITY, 'closedForm', undefined, { mean, variance });
      expect(interval.lower).toBeCloseTo(lower, 10);
      expect(interval.upper).toBeCloseTo(upper, 10);
      expect(interval.method).toMatch(
        /; closed form over ≤ 100 draws \+ Monte Carlo; normal on the logit scale \(mean and variance of the draws' logits; delta method for Monte Carlo\), t\(draws − 1\)$/,
      );
    }
    // W = 0 and no Monte Carlo noise: the point logistic(z̄); at 0 or 1 the draws' logits are not used (the bound scale).
    const point = drawInterval(0.4, 0.01, 0, 10, PROBABILITY, 'closedForm', undefined, { mean: 0, variance: 0 });
    expect(point).toMatchObject({ lower: 0.5, upper: 0.5 });
    const one = drawInterval(1, 0.0004, 0.001 ** 2, 100, PROBABILITY, 'closedForm', undefined, { mean: 2, variance: 2 });
    expect(one.lower).toBeCloseTo(0.960266086509, 12);
    expect(one.method).toMatch(/no logit/);
  });

  it('stays inside (0, 1) and is asymmetric near a bound, where the probability scale was cut at 0', () => {
    const interval = drawInterval(0.05, 0.0009, 0.004 ** 2, 157, PROBABILITY);
    expect(interval.lower).toBeGreaterThan(0);
    expect(interval.upper - 0.05).toBeGreaterThan(0.05 - interval.lower);
  });

  it('a probability at 0 or 1 (the logit infinite): v ± t·√V cut to [0, 1], named in the method (python: draw_interval.py)', () => {
    const zero = drawInterval(0, 0.0004, 0, 100, PROBABILITY);
    expect(zero.lower).toBe(0);
    expect(zero.upper).toBeCloseTo(0.0396843390317, 12);
    expect(zero.method).toMatch(/normal, cut to \[0, 1\] \(value at 0 or 1, no logit\), t\(blocks − 1\)$/);
    const one = drawInterval(1, 0.0004, 0.001 ** 2, 100, PROBABILITY);
    expect(one.lower).toBeCloseTo(0.960266086509, 12);
    expect(one.upper).toBe(1);
  });

  it('V = 0 (no parameter spread, no Monte Carlo noise): the point [v, v] on every scale, exactly', () => {
    for (const value of [0, 0.3, 1]) expect(drawInterval(value, 0, 0, 16, PROBABILITY)).toMatchObject({ lower: value, upper: value });
    expect(drawInterval(2.5, 0, 0, 16, NON_NEGATIVE)).toMatchObject({ lower: 2.5, upper: 2.5 });
  });

  it('a metric that is not a probability (cost: range [0, ∞)): v ± t·√V, cut at 0 only (python: draw_interval.py)', () => {
    const cost = drawInterval(2.5, 0.09, 0.05 ** 2, 33, NON_NEGATIVE, 'betweenBlocks');
    expect(cost.lower).toBeCloseTo(1.88049090908, 10);
    expect(cost.upper).toBeCloseTo(3.11950909092, 10);
    expect(cost.method).toMatch(/; variance between blocks \(ANOVA\) \+ Monte Carlo; normal, t\(blocks − 1\)$/);
    const small = drawInterval(0.05, 0.0009, 0.004 ** 2, 157, NON_NEGATIVE);
    expect(small.lower).toBe(0);
    expect(small.upper).toBeCloseTo(0.109783048066, 10);
  });
});
