import { describe, expect, it } from 'vitest';
import { fitTasks } from '../../../packages/sim/src/fit/fitTasks.js';
import { posteriorTasks } from '../../../packages/sim/src/fit/posteriorTasks.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';

describe('posteriorTasks', () => {
  // τ-bench gpt-4o airline successes per task (n = 4): 14×0, 12×1, 10×2, 4×3, 10×4 (shared/data/tau-bench/README.md).
  const tasks = [0, 1, 2, 3, 4].flatMap((c, i) => Array.from({ length: [14, 12, 10, 4, 10][i]! }, () => ({ n: 4, c })));
  const fit = fitTasks(tasks);
  const a = fit.models.find((m) => m.name === 'betaBinomial')!.params.a!.value!;
  const b = fit.models.find((m) => m.name === 'betaBinomial')!.params.b!.value!;

  it('is the mixture of Beta(a + c, b + n − c) over distinct (n, c), weighted by their share (closed form)', () => {
    // b + (n − c): the integer n − c first, so the sum is rounded once (as posteriorTasks adds them).
    const block = posteriorTasks(tasks, fit);
    expect(block.count).toBe(50);
    expect(block.successRate).toEqual({
      dist: 'mixture',
      components: [0, 1, 2, 3, 4].map((c, i) => ({ weight: [14, 12, 10, 4, 10][i]! / 50, dist: 'beta', a: a + c, b: b + (4 - c) })),
    });
    // It resolves as a scenario tasks block.
    expect(resolveScenario({ tasks: { ...block, resample: true }, policy: { maxAttempts: 4 } }).tasks.count).toBe(50);
  });

  it('has the posterior-predictive mean rate: Σ share·(a + c)/(a + b + n)', () => {
    const block = posteriorTasks(tasks, fit) as unknown as { successRate: { components: { weight: number; a: number; b: number }[] } };
    const mean = block.successRate.components.reduce((sum, comp) => sum + (comp.weight * comp.a) / (comp.a + comp.b), 0);
    const expected = [0, 1, 2, 3, 4].reduce((sum, c, i) => sum + ([14, 12, 10, 4, 10][i]! / 50) * ((a + c) / (a + b + 4)), 0);
    expect(mean).toBeCloseTo(expected, 14);
  });
});
