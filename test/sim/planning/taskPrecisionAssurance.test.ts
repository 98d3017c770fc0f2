import { describe, expect, it } from 'vitest';
import { groupsPopulationInterval } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { planTaskPrecision } from '../../../packages/sim/src/planning/taskPrecision.js';
import { taskPrecisionAssurance } from '../../../packages/sim/src/planning/taskPrecisionAssurance.js';
import { checkAssuredPlan } from './taskPrecisionAssuranceChecks.js';

const binomialPmf = (T: number, x: number, mu: number) => {
  let logChoose = 0;
  for (let i = 1; i <= x; i++) logChoose += Math.log(T - x + i) - Math.log(i);
  return Math.exp(logChoose + x * Math.log(mu) + (T - x) * Math.log1p(-mu));
};

describe('taskPrecisionAssurance: how often the plan of tasks reaches its half-width (issue #42)', () => {
  it('one trial per task: the simulated share equals the exact one over x ~ Binomial(T, mean) within 4 SE', () => {
    // With n = 1 a task's estimate is Bernoulli(p_t), p_t ~ Beta: marginally Bernoulli(mean), so the count of ones is
    // Binomial(T, mean) and the interval depends on it alone; the exact assurance is Σ_x pmf(x)·[half-width(x) ≤ h].
    const plan = planTaskPrecision({ metric: 'p', trials: 1, mean: 0.3, concentration: 2, halfWidth: 0.1, confidence: 0.95 });
    const T = plan.tasks;
    let exact = 0;
    for (let x = 0; x <= T; x++) {
      const groups = [
        { n: 1, c: 1, size: x },
        { n: 1, c: 0, size: T - x },
      ].filter((g) => g.size > 0);
      const interval = groupsPopulationInterval(groups, 'passAtK', 1, { confidence: 0.95, sides: 2 })!;
      if ((interval.upper - interval.lower) / 2 <= 0.1) exact += binomialPmf(T, x, 0.3);
    }
    const simulated = taskPrecisionAssurance(plan, T, { metric: 'p', k: 1, halfWidth: 0.1, confidence: 0.95, datasets: 4000, seed: 5 });
    expect(Math.abs(simulated.assurance - exact)).toBeLessThan(4 * Math.sqrt((exact * (1 - exact)) / 4000));
  });

  it('the plan at the expected spread reaches pass^4 ± 10 points in fewer than 80 % − 3 SE of 250 benchmarks (68 %); tasksForAssurance finds the fewest that do', () => {
    // 1 000 benchmarks (about 64 %): taskPrecisionAssurance.slow.test.ts.
    checkAssuredPlan(250);
  });

  it('refuses simulations that cannot finish in seconds', () => {
    const plan = planTaskPrecision({ metric: 'p', trials: 1000, mean: 0.3, concentration: 2, halfWidth: 0.001, confidence: 0.95 });
    expect(() => taskPrecisionAssurance(plan, plan.tasks, { metric: 'p', k: 1, halfWidth: 0.001, confidence: 0.95, datasets: 1000, seed: 1 })).toThrow(/draws/);
  });
});
