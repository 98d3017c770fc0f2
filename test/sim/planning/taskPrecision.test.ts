import { describe, expect, it } from 'vitest';
import { planTaskPrecision } from '../../../packages/sim/src/planning/taskPrecision.js';

// Expected: python3 test/reference/precision_assurance_reference.py (scipy betabinom moments, t quantile, linear search).
describe('planTaskPrecision', () => {
  it('p from one trial per task, Beta(1, 1): sd ½, ±0.1 → 99 tasks', () => {
    const plan = planTaskPrecision({ metric: 'p', trials: 1, mean: 0.5, concentration: 2, halfWidth: 0.1, confidence: 0.95 });
    expect(plan.tasks).toBe(99);
    expect(plan.sdPerTask).toBeCloseTo(0.5, 14);
    expect(plan.halfWidth).toBeCloseTo(0.09972324174661071, 12);
  });

  it.each([
    ['passAtK', 1, 4, 0.6, 2, 0.03, 515, 0.3464101615137753, 0.6],
    ['passHatK', 8, 16, 0.8, 5, 0.05, 218, 0.37408999318929836, 1 / 3],
  ] as const)('%s k %i, %i trials, Beta mean %f concentration %f, ±%f → %i tasks', (metric, k, trials, mean, concentration, halfWidth, tasks, sd, value) => {
    const plan = planTaskPrecision({ metric, k, trials, mean, concentration, halfWidth, confidence: 0.95 });
    expect(plan.tasks).toBe(tasks);
    expect(plan.sdPerTask).toBeCloseTo(sd, 12);
    expect(plan.value).toBeCloseTo(value, 12);
  });
});
