import { expect } from 'vitest';
import { groupsPopulationInterval } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { countGroups } from '../../../packages/sim/src/estimators/taskAverage.js';
import { planPrecisionFromPilot } from '../../../packages/sim/src/planning/precisionPilot.js';

// The two Monte Carlo checks of planPrecisionFromPilot at a size the caller gives: small in
// precisionPilot.test.ts (the fast suite), the study's size in precisionPilot.slow.test.ts.
// The promised assurance P(half-width of CI (tasks) ≤ H) at the answer, checked (1) against the
// exact distribution where it is known in closed form and (2) against benchmarks simulated
// independently here the same way (own PRNG, own resampling and subsampling). Tolerances: 4 Monte
// Carlo SEs of the sizes given.

export const OPTIONS = { metric: 'passAtK', k: 1, confidence: 0.95 } as const;

/** Half-width (upper − lower)/2 of CI (tasks) on these counts (the interval estimate prints). */
export function halfWidthOf(counts: readonly { n: number; c: number }[]): number {
  const interval = groupsPopulationInterval(countGroups(counts), 'passAtK', 1, { confidence: 0.95, sides: 2 });
  return interval === null ? Infinity : (interval.upper - interval.lower) / 2;
}

/**
 * Every pilot task 2 of 4, designs of 2 trials: the plan's assurance simulated with `simulations`
 * draws against the exact multinomial sum of hypergeometric counts, within 4 SE.
 */
export function checkExactAssurance(simulations: number): void {
  // A subsample of 2 of a task's 4 trials (2 successes) has c = 0, 1, 2 with probability
  // C(2,c)·C(2,2−c)/C(4,2) = 1/6, 4/6, 1/6; the T tasks are independent, so the count of tasks at
  // each c is multinomial and P(half-width ≤ H) is a finite sum over the compositions of T.
  const pilot = Array.from({ length: 10 }, () => ({ n: 4, c: 2 }));
  const halfWidth = 0.12;
  const plan = planPrecisionFromPilot({ ...OPTIONS, halfWidth, assurance: 0.8, pilot, trials: [2], simulations, seed: 7 });
  const row = plan.rows[0]!;
  expect(row.trialsFrom).toBe('subsample');
  const tasks = row.tasks!;
  const probability = [1 / 6, 4 / 6, 1 / 6];
  const logFactorial = (m: number) => {
    let s = 0;
    for (let i = 2; i <= m; i++) s += Math.log(i);
    return s;
  };
  const exactAt = (t: number) => {
    let sum = 0;
    for (let zero = 0; zero <= t; zero++) {
      for (let two = 0; zero + two <= t; two++) {
        const one = t - zero - two;
        const counts = [
          ...Array.from({ length: zero }, () => ({ n: 2, c: 0 })),
          ...Array.from({ length: one }, () => ({ n: 2, c: 1 })),
          ...Array.from({ length: two }, () => ({ n: 2, c: 2 })),
        ];
        if (halfWidthOf(counts) > halfWidth) continue;
        const log =
          logFactorial(t) -
          logFactorial(zero) -
          logFactorial(one) -
          logFactorial(two) +
          zero * Math.log(probability[0]!) +
          one * Math.log(probability[1]!) +
          two * Math.log(probability[2]!);
        sum += Math.exp(log);
      }
    }
    return sum;
  };
  const exact = exactAt(tasks);
  const se = Math.sqrt((exact * (1 - exact)) / simulations);
  expect(Math.abs(row.simulatedAssurance.value - exact)).toBeLessThanOrEqual(4 * se);
  // The answer is the fewest tasks up to the search's 2 % bracket: the exact assurance reaches the
  // target there (within MC noise) and falls short 3 % of the tasks below.
  expect(exact).toBeGreaterThanOrEqual(0.8 - 4 * se);
  expect(exactAt(Math.floor(tasks * 0.97) - 1)).toBeLessThan(0.8 + 4 * se);
}

/**
 * Uneven pilot, designs within its trials: the plan's assurance (`simulations` draws) against
 * `benchmarks` benchmarks simulated independently, within 4 combined SE.
 */
export function checkIndependentBenchmarks(simulations: number, benchmarks: number): void {
  // 24 tasks × 5 trials, c = t mod 6 successes.
  const pilot = Array.from({ length: 24 }, (_, t) => ({ n: 5, c: t % 6 }));
  const plan = planPrecisionFromPilot({ ...OPTIONS, halfWidth: 0.08, assurance: 0.7, pilot, trials: [3], simulations, seed: 3 });
  const row = plan.rows[0]!;
  const tasks = row.tasks!;
  // Independent simulation: mulberry32, a task drawn uniformly, 3 of its 5 trials (its first c
  // succeed) by a partial Fisher–Yates shuffle.
  let state = 12345;
  const uniform = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const R = benchmarks;
  let reached = 0;
  for (let d = 0; d < R; d++) {
    const counts = [];
    for (let t = 0; t < tasks; t++) {
      const task = pilot[Math.floor(uniform() * pilot.length)]!;
      const trials: number[] = Array.from({ length: task.n }, (_, i) => (i < task.c ? 1 : 0));
      for (let i = 0; i < 3; i++) {
        const j = i + Math.floor(uniform() * (task.n - i));
        [trials[i], trials[j]] = [trials[j]!, trials[i]!];
      }
      counts.push({ n: 3, c: trials[0]! + trials[1]! + trials[2]! });
    }
    if (halfWidthOf(counts) <= 0.08) reached++;
  }
  const independent = reached / R;
  const se = Math.sqrt(row.simulatedAssurance.se ** 2 + (independent * (1 - independent)) / R);
  expect(Math.abs(row.simulatedAssurance.value - independent)).toBeLessThanOrEqual(4 * se);
}
