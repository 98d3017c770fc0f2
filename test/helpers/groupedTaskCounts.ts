import fc from 'fast-check';
import { expect } from 'vitest';
import { taskAverageIntervals } from '../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { groupTaskCounts } from '../../packages/sim/src/estimators/taskAverage.js';

// Generated task counts for groupTaskCounts.test.ts and groupTaskCounts.slow.test.ts.

/** Tasks as (n, c), n from `trials` (few values, so that groups repeat, as in real logs), c ≤ min(n, maxC). */
export const taskCounts = (trials: fc.Arbitrary<number>, maxC = Number.MAX_SAFE_INTEGER) =>
  fc
    .array(
      trials.chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: Math.max(0, n - maxC), max: n }))),
      { minLength: 1, maxLength: 60 },
    )
    .map((pairs) => ({ n: pairs.map(([n]) => n), c: pairs.map(([, c]) => c) }));

/** Small n (one array of groups per n). */
export const SMALL_TRIALS = fc.integer({ min: 0, max: 12 });

/** taskAverageIntervals gives the same intervals, to the bit, from the groups as from the tasks (k = 1, 2, 5). */
export function sameIntervals({ n, c }: { n: number[]; c: number[] }): void {
  const tasks = n.map((trials, i) => ({ n: trials, c: c[i]! }));
  const options = { confidence: 0.95, sides: 2 } as const;
  expect(taskAverageIntervals(groupTaskCounts(n, c), [1, 2, 5], options)).toEqual(taskAverageIntervals(tasks, [1, 2, 5], options));
}
