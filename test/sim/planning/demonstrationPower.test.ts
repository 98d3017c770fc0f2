import { describe, expect, it } from 'vitest';
import { planDemonstration } from '../../../packages/sim/src/planning/demonstrate.js';
import { demonstrationPower, passHatKForPower } from '../../../packages/sim/src/planning/demonstrationPower.js';

// Python references (scipy.stats.binom, scipy.optimize.brentq):
//   binom.cdf(f, runs, 1 − π^(1/k)) for the power; brentq(lambda q: binom.cdf(f, runs, q) − 0.8, 1e-12, 0.5, xtol=1e-15),
//   then (1 − q)^k, for the true pass^k that passes 80 % of the time.
describe('demonstrationPower: the chance that a demonstration passes at a true pass^k (issue #42)', () => {
  it('the 228-run plan for pass^8 ≥ 90 % passes an agent at pass^8 = 95 % 23.2 % of the time: 0.95^(228/8) = 0.2318049740250202', () => {
    expect(demonstrationPower({ runs: 228, failures: 0, k: 8 }, 0.95)).toBeCloseTo(0.2318049740250202, 13);
  });

  it('with failures allowed: binom.cdf(1, 361, 1 − 0.95^(1/8)) = 0.3282338265978623, binom.cdf(2, 480, …) = 0.40743380331058854', () => {
    expect(demonstrationPower({ runs: 361, failures: 1, k: 8 }, 0.95)).toBeCloseTo(0.3282338265978623, 12);
    expect(demonstrationPower({ runs: 480, failures: 2, k: 8 }, 0.95)).toBeCloseTo(0.40743380331058854, 12);
  });

  it('at the target itself the power is at most 1 − confidence (the test is exact)', () => {
    for (const failures of [0, 1, 2, 5]) {
      const plan = planDemonstration({ target: 0.9, k: 8, confidence: 0.95, failures });
      expect(demonstrationPower({ runs: plan.runs, failures, k: 8 }, 0.9)).toBeLessThanOrEqual(0.05);
    }
  });

  it('passHatKForPower: 0.8^(8/228) = 0.9922009731735162 with no failure; 0.9746883179347674 for 480 runs, 2 failures (brentq)', () => {
    expect(passHatKForPower({ runs: 228, failures: 0, k: 8 }, 0.8)).toBeCloseTo(0.9922009731735162, 12);
    expect(passHatKForPower({ runs: 480, failures: 2, k: 8 }, 0.8)).toBeCloseTo(0.9746883179347674, 12);
  });

  it('the plan carries both: power.passHatK for 80 %, and with powerAt the chance there, per failure count', () => {
    const plan = planDemonstration({ target: 0.9, k: 8, confidence: 0.95, failures: 2, powerAt: 0.95 });
    expect(plan.power.level).toBe(0.8);
    expect(plan.power.passHatK).toBeCloseTo(0.9746883179347674, 12);
    expect(plan.power.at).toBe(0.95);
    expect(plan.power.probability).toBeCloseTo(0.40743380331058854, 12);
    expect(plan.byFailures.map((row) => row.powerAt)).toEqual([
      demonstrationPower({ runs: 228, failures: 0, k: 8 }, 0.95),
      demonstrationPower({ runs: 361, failures: 1, k: 8 }, 0.95),
      demonstrationPower({ runs: 480, failures: 2, k: 8 }, 0.95),
    ]);
    expect(() => planDemonstration({ target: 0.9, k: 8, confidence: 0.95, powerAt: 1 })).toThrow(/powerAt/);
  });
});
