import { describe, expect, it } from 'vitest';
import { planPrecisionFromPilot } from '../../../packages/sim/src/planning/precisionPilot.js';
import { checkExactAssurance, checkIndependentBenchmarks, OPTIONS } from './precisionPilotChecks.js';

// plan precision --pilot: the assurance checks of precisionPilotChecks.ts at a small size (their
// tolerances are 4 SE of that size); at the study's size in precisionPilot.slow.test.ts.

describe('planPrecisionFromPilot', () => {
  it('every pilot task 2 of 4, designs of 2 trials: assurance = the exact multinomial sum of hypergeometric counts', () => {
    checkExactAssurance(500);
  }, 60_000);

  it('uneven pilot, designs within its trials: matches benchmarks simulated independently', () => {
    checkIndependentBenchmarks(250, 500);
  }, 60_000);

  it('fixed tasks: the fewest trials reaching the assurance; same seed, same plan', () => {
    const pilot = Array.from({ length: 24 }, (_, t) => ({ n: 5, c: t % 6 }));
    const options = { ...OPTIONS, halfWidth: 0.12, assurance: 0.8, pilot, trials: [5], tasks: 60, simulations: 200, seed: 5 } as const;
    const plan = planPrecisionFromPilot(options);
    expect(plan.fixedTasks!.tasks).toBe(60);
    expect(plan.fixedTasks!.trials).not.toBeNull();
    expect(plan).toEqual(planPrecisionFromPilot(options));
    // The pilot's figures: mean of (t mod 6)/5 = 2.5/5 = 0.5.
    expect(plan.pilot.estimate).toBeCloseTo(0.5, 12);
  }, 60_000);

  it('refuses a half-width outside (0, 0.5]', () => {
    const pilot = [
      { n: 2, c: 1 },
      { n: 2, c: 0 },
    ];
    expect(() => planPrecisionFromPilot({ ...OPTIONS, halfWidth: 0.6, assurance: 0.8, pilot, simulations: 10 })).toThrow(/halfWidth/);
  });
});
