import { expect } from 'vitest';
import { planTaskPrecision } from '../../../packages/sim/src/planning/taskPrecision.js';
import { taskPrecisionAssurance, tasksForAssurance } from '../../../packages/sim/src/planning/taskPrecisionAssurance.js';

// The check of the task plan's assurance that taskPrecisionAssurance.test.ts makes at 250 simulated
// benchmarks and taskPrecisionAssurance.slow.test.ts at 1 000 (its 3-SE rule gains power with them).

/**
 * pass^4 ± 10 points from 8 trials, mean 0.7, concentration 2: the plan at the expected spread reaches
 * its half-width in fewer than 80 % − 3 SE of `datasets` simulated benchmarks (about 64 % at 1 000);
 * tasksForAssurance finds the fewest tasks that reach 80 %, one fewer does not, and the size found
 * evaluated afresh gives the search's result (the same seed).
 */
export function checkAssuredPlan(datasets: number): void {
  const plan = planTaskPrecision({ metric: 'passHatK', k: 4, trials: 8, mean: 0.7, concentration: 2, halfWidth: 0.1, confidence: 0.95 });
  const options = { metric: 'passHatK' as const, k: 4, halfWidth: 0.1, confidence: 0.95, datasets, seed: 1 };
  const planned = taskPrecisionAssurance(plan, plan.tasks, options);
  expect(planned.assurance).toBeLessThan(0.8 - 3 * planned.se);
  const assured = tasksForAssurance(plan, 0.8, { ...options, maxTasks: 10_000 })!;
  expect(assured.assurance).toBeGreaterThanOrEqual(0.8);
  expect(taskPrecisionAssurance(plan, assured.tasks - 1, options).assurance).toBeLessThan(0.8);
  // The same seed, the same answer: the size found evaluated afresh gives the search's result (the
  // search is a bisection over these evaluations; rerunning all of it took 0.5 s).
  expect(taskPrecisionAssurance(plan, assured.tasks, options)).toEqual(assured);
}
