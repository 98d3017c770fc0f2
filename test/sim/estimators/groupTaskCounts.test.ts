import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taskAverageIntervals } from '../../../packages/sim/src/benchmark/taskAverageIntervals.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { bootstrapTaskAverage } from '../../../packages/sim/src/estimators/bootstrap.js';
import { averageOverTasks, countGroups, groupTaskCounts } from '../../../packages/sim/src/estimators/taskAverage.js';

/** Tasks as (n, c) with n ≤ maxN: few distinct n, so that groups repeat (as in real logs). */
const taskCounts = (maxN: number) =>
  fc
    .array(
      fc.integer({ min: 0, max: maxN }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
      { minLength: 1, maxLength: 60 },
    )
    .map((pairs) => ({ n: pairs.map(([n]) => n), c: pairs.map(([, c]) => c) }));

describe('groupTaskCounts: the groups of countGroups, without an object per task', () => {
  it('the same groups in the same order (first appearance) as countGroups of { n[i], c[i] }, small and large n (checked against it)', () => {
    for (const maxN of [12, 300_000]) {
      fc.assert(
        fc.property(taskCounts(maxN), ({ n, c }) => {
          const grouped = groupTaskCounts(n, c);
          expect(grouped.groups).toEqual(countGroups(n.map((trials, i) => ({ n: trials, c: c[i]! }))));
          expect(grouped.taskCount).toBe(n.length);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('Example of its doc comment: n = [8, 8, 8], c = [5, 3, 5] → (8, 5)×2, (8, 3)×1 (worked by hand)', () => {
    expect(groupTaskCounts([8, 8, 8], [5, 3, 5]).groups).toEqual([
      { n: 8, c: 5, size: 2 },
      { n: 8, c: 3, size: 1 },
    ]);
  });

  it('every estimator gives the same numbers, to the bit, from the groups as from the tasks', () => {
    fc.assert(
      fc.property(taskCounts(10), ({ n, c }) => {
        const tasks = n.map((trials, i) => ({ n: trials, c: c[i]! }));
        const grouped = groupTaskCounts(n, c);
        const ks = [1, 2, 5];
        expect(averageOverTasks(grouped, ks)).toEqual(averageOverTasks(tasks, ks));
        const options = { confidence: 0.95, sides: 2 } as const;
        expect(taskAverageIntervals(grouped, ks, options)).toEqual(taskAverageIntervals(tasks, ks, options));
        const bootstrap = { ks, replicates: 50, seed: 3, ...options };
        expect(bootstrapTaskAverage(grouped, bootstrap)).toEqual(bootstrapTaskAverage(tasks, bootstrap));
      }),
      { numRuns: 60 },
    );
  });

  it('bad counts: the task and the rule, as countGroups says them; no tasks; counts of another length', () => {
    expect(() => groupTaskCounts([4, 4], [2, 5])).toThrow(InputError);
    expect(() => groupTaskCounts([4, 4], [2, 5])).toThrow(/tasks\[1\]/);
    expect(() => groupTaskCounts([4, 2.5], [1, 1])).toThrow(/tasks\[1\]/);
    expect(() => groupTaskCounts([-1], [0])).toThrow(/tasks\[0\]/);
    expect(() => groupTaskCounts([], [])).toThrow(/at least one task/);
    expect(() => groupTaskCounts([4, 4], [1])).toThrow(/one count per task \(2\)/);
  });
});
