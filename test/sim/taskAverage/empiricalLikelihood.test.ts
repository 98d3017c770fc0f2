import { describe, expect, it } from 'vitest';
import { empiricalLikelihoodInterval } from '../../../packages/sim/src/taskAverage/empiricalLikelihood.js';
import { studentTQuantile } from '../../../packages/sim/src/math/studentT.js';

// Expected values: python3 test/reference/uncertainty_reference.py ("EL interval …"): λ and both bounds by
// scipy's brentq on −2 log R(μ) = 2 Σ log(1 + λ(xᵢ − μ)) = t²_{n−1, 0.975}, written independently of passk.

describe('empiricalLikelihoodInterval (Owen 1988)', () => {
  it('six values skewed to the right (Python reference)', () => {
    const x = [0, 0, 0, 0.1, 0.2, 0.9];
    const critical = studentTQuantile(0.975, 5) ** 2;
    expect(critical).toBeCloseTo(6.607890973703364, 12);
    const interval = empiricalLikelihoodInterval(x, critical)!;
    expect(interval.lower).toBeCloseTo(0.02502693598324387, 10);
    expect(interval.upper).toBeCloseTo(0.6278565965280788, 10);
    // It follows the skew: further above the mean (0.2) than below it.
    expect(interval.upper - 0.2).toBeGreaterThan(2 * (0.2 - interval.lower));
  });

  it('55 values, most of them 0, some of either sign (Python reference; the order does not matter)', () => {
    const y = [
      ...Array(30).fill(0),
      0.237,
      0.049,
      0.275,
      0.038,
      0.229,
      0.001,
      0.518,
      0.011,
      0.0,
      0.735,
      0.185,
      0.327,
      0.014,
      0.156,
      0.022,
      0.019,
      0.074,
      0.48,
      0.018,
      0.022,
      -0.183,
      -0.004,
      -0.22,
      -0.006,
      -0.11,
    ];
    const critical = studentTQuantile(0.975, y.length - 1) ** 2;
    const interval = empiricalLikelihoodInterval(y, critical)!;
    expect(interval.lower).toBeCloseTo(0.016960991258459145, 10);
    expect(interval.upper).toBeCloseTo(0.10557340254288179, 10);
    expect(empiricalLikelihoodInterval([...y].reverse(), critical)).toEqual(interval);
  });

  it('null when every value is equal (no interval inside the data), and within (min, max) otherwise', () => {
    expect(empiricalLikelihoodInterval([0.3, 0.3, 0.3], 4)).toBeNull();
    const interval = empiricalLikelihoodInterval([0, 1], 1e6)!;
    expect(interval.lower).toBeGreaterThan(0);
    expect(interval.upper).toBeLessThan(1);
  });

  it('a larger critical value gives a wider interval (nested)', () => {
    const x = [0, 0, 0.5, 0.25, 1, 0.75, 0, 0.125];
    const narrow = empiricalLikelihoodInterval(x, 2)!;
    const wide = empiricalLikelihoodInterval(x, 6)!;
    expect(wide.lower).toBeLessThan(narrow.lower);
    expect(wide.upper).toBeGreaterThan(narrow.upper);
  });
});
