import { describe, expect, it } from 'vitest';
import { estimatedWorkMs } from '../../../packages/sim/src/engine/workEstimate.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

// The estimate is tasks × replicates × (fixed + K·perAttempt) ns of the scenario's engine path
// (the per-path constants of workEstimate.ts); expected values by hand from that formula.
describe('estimatedWorkMs', () => {
  const tasks = { count: 1000, successRate: { dist: 'beta', mean: 0.3, concentration: 2 }, resample: false } as const;
  it('perfect verifier (5 ns per episode): 1000 tasks × 10 000 replicates → 50 ms, whatever K', () => {
    for (const maxAttempts of [1, 8, 32]) {
      const scenario = resolveScenario({ tasks, policy: { maxAttempts }, run: { replicates: 10_000 } });
      expect(estimatedWorkMs(scenario, 10_000)).toBeCloseTo(50, 10);
    }
  });
  it('sequential kernel (10 + 25·K ns): a cost budget, K = 8 → 210 ns per episode; linear in the replicates', () => {
    const scenario = resolveScenario({
      tasks,
      verifier: { falseAccept: 0.05, falseReject: 0.1 },
      policy: { maxAttempts: 8, budget: { cost: 3 } },
      run: { replicates: 10_000 },
    });
    expect(estimatedWorkMs(scenario, 10_000)).toBeCloseTo(2100, 9);
    expect(estimatedWorkMs(scenario, 1_000)).toBeCloseTo(210, 10);
  });
});
