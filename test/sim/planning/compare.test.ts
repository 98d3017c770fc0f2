import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { planComparison, type CompareOptions } from '../../../packages/sim/src/planning/compare.js';
import { atOptions, hatOptions, unevenOptions } from './compareOptions.js';

/*
 * Reference values by numerical integration in python (independent of the library's quadrature):
 *   a, b = mean*conc, (1 - mean)*conc; g = p**k or 1 - (1 - p)**k
 *   E = lambda f: scipy.integrate.quad(lambda p: f(p)*scipy.stats.beta.pdf(p, a, b), 0, 1, epsabs=1e-14, epsrel=1e-13, limit=200)[0]
 *   shift(p, s) = 1/(1 + (1 - p)/p*math.exp(-s))
 *   s = scipy.optimize.brentq(lambda s: E(lambda p: g(shift(p, s))) - (baseline + delta), -20, 20, xtol=1e-14)
 *   vals[c] = exact unbiased estimate (Fraction/comb) for c = 0..n;  w(p) = pmf·vals² − (pmf·vals)², pmf = scipy.stats.binom.pmf(range(n+1), n, p)
 *   sd = sqrt(E(lambda p: (g(shift(p, s)) - g(p))**2 + w(p) + w(shift(p, s))) - delta**2)
 */
// Each plan is computed once and read by the tests that check it (each costs a quadrature per row).
const plans = new Map<CompareOptions, ReturnType<typeof planComparison>>();
function planOnce(options: CompareOptions): ReturnType<typeof planComparison> {
  if (!plans.has(options)) plans.set(options, planComparison(options));
  return plans.get(options)!;
}

describe('planComparison: model quantities', () => {
  it('pass^4, A ~ Beta(2.4, 1.6): baseline is the Beta moment ∏_{j<4} (a + j)/(a + b + j) (closed form)', () => {
    const plan = planOnce(hatOptions);
    expect(plan.taskDistribution).toEqual({ dist: 'beta', a: 2.4, b: 1.6 });
    expect(plan.baseline).toBeCloseTo((2.4 * 3.4 * 4.4 * 5.4) / (4 * 5 * 6 * 7), 14);
    expect(plan.comparison - plan.baseline).toBeCloseTo(0.1, 14);
    expect(plan.logOddsShift).toBeCloseTo(0.49295343136160225, 10); // python brentq above
    expect(plan.rows.map((r) => r.trials)).toEqual([4, 8]);
    expect(plan.rows[0]!.sdDifference).toBeCloseTo(0.526671132591788, 10); // python above, n = 4
    expect(plan.rows[1]!.sdDifference).toBeCloseTo(0.3282867484487713, 10); // n = 8
  });

  it('pass@3, A ~ Beta(0.6, 1.4): baseline 1 − ∏_{j<3} (b + j)/(a + b + j) = 0.524 (closed form)', () => {
    const plan = planOnce(atOptions);
    expect(plan.baseline).toBeCloseTo(1 - (1.4 * 2.4 * 3.4) / (2 * 3 * 4), 14);
    expect(plan.comparison - plan.baseline).toBeCloseTo(0.1, 14);
    expect(plan.logOddsShift).toBeCloseTo(0.6032140362795234, 10);
    expect(plan.rows[0]!.sdDifference).toBeCloseTo(0.5029731780292769, 10);
    expect(plan.rows[1]!.sdDifference).toBeCloseTo(0.32585583679507374, 10);
  });

  it('tasks = ⌈(z_{1−α/2} + z_power)² sd²/Δ²⌉ and attempts = 2·tasks·trials (closed form, z from scipy.stats.norm.ppf)', () => {
    const z = 1.959963984540054 + 0.8416212335729143; // norm.ppf(0.975) + norm.ppf(0.8)
    for (const options of [hatOptions, atOptions]) {
      for (const row of planOnce(options).rows) {
        expect(row.tasks).toBe(Math.ceil((z * row.sdDifference) ** 2 / 0.1 ** 2));
        expect(row.attempts).toBe(2 * row.tasks * row.trials);
      }
    }
  });

  it('a negative delta is symmetric in meaning: B is worse, the shift negative', () => {
    const plan = planComparison({ ...hatOptions, delta: -0.1 });
    expect(plan.comparison - plan.baseline).toBeCloseTo(-0.1, 14);
    expect(plan.logOddsShift).toBeLessThan(0);
  });

  it('default trials: k, 2k, 4k, 8k', () => {
    const { trials: _, ...rest } = hatOptions;
    expect(planComparison(rest).rows.map((r) => r.trials)).toEqual([4, 8, 16, 32]);
  });
});

describe('planComparison: uneven gains', () => {
  it('the default spread is 0.5', () => {
    // One row of 3 trials (the fewest for k = 3): the spread does not depend on the rows.
    const { gainSpread: _, ...rest } = unevenOptions;
    expect(planComparison({ ...rest, trials: [3] }).gainSpread).toBe(0.5);
  });
});

describe('planComparison: invalid input', () => {
  it.each([
    [{ k: 0 }, /^k: /],
    [{ mean: 1 }, /^mean: /],
    [{ concentration: 0 }, /^concentration: /],
    [{ alpha: 0 }, /^alpha: /],
    [{ power: 1 }, /^power: /],
    [{ delta: 0 }, /^delta: /],
    [{ delta: 1 }, /^delta: /],
    [{ delta: Number.NaN }, /^delta: /],
    [{ delta: 0.8 }, /^delta: must keep agent B's metric inside \(0, 1\)/],
    [{ trials: [3] }, /^trials: /],
    [{ gainSpread: -1 }, /^gainSpread: /],
  ])('%j', (change, message) => {
    expect(() => planComparison({ ...hatOptions, ...change })).toThrow(InputError);
    expect(() => planComparison({ ...hatOptions, ...change })).toThrow(message);
  });
});
