import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapTaskAverage } from '../../../packages/sim/src/estimators/bootstrap.js';
import { averageOverTasks, groupTaskCounts } from '../../../packages/sim/src/estimators/taskAverage.js';
import { SMALL_TRIALS, sameIntervals, taskCounts } from '../../helpers/groupedTaskCounts.js';

// The property that grouping changes no number, apart from the unit tests of groupTaskCounts.test.ts
// so that mutation testing (mutationScopes.mjs) runs those alone.
describe('groupTaskCounts: the estimators from the groups', () => {
  it('every estimator gives the same numbers, to the bit, from the groups as from the tasks', () => {
    fc.assert(
      fc.property(taskCounts(fc.oneof(SMALL_TRIALS, fc.constantFrom(40, 200))), ({ n, c }) => {
        const tasks = n.map((trials, i) => ({ n: trials, c: c[i]! }));
        const grouped = groupTaskCounts(n, c);
        const ks = [1, 2, 5];
        expect(averageOverTasks(grouped, ks)).toEqual(averageOverTasks(tasks, ks));
        const options = { confidence: 0.95, sides: 2 } as const;
        const bootstrap = { ks, replicates: 50, seed: 3, ...options };
        expect(bootstrapTaskAverage(grouped, bootstrap)).toEqual(bootstrapTaskAverage(tasks, bootstrap));
      }),
      { numRuns: 60 },
    );
    // taskAverageIntervals fits the task population (NPMLE) for each k, 80 ms a call: 12 runs here,
    // 60 in groupTaskCounts.slow.test.ts (the slow suite).
    fc.assert(fc.property(taskCounts(fc.oneof(SMALL_TRIALS, fc.constantFrom(40, 200))), sameIntervals), { numRuns: 12 });
  });
});
