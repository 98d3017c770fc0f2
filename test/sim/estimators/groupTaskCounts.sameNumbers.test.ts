import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taskAverageIntervals } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { bootstrapTaskAverage } from '../../../packages/sim/src/estimators/bootstrap.js';
import { averageOverTasks, groupTaskCounts } from '../../../packages/sim/src/estimators/taskAverage.js';

// The property that grouping changes no number (60 random logs through every estimator, about 20 s),
// apart from the unit tests of groupTaskCounts.test.ts so that mutation testing (mutationScopes.mjs)
// runs those alone.

/** Tasks as (n, c), n small (one array per n) or 40 or 200, so that groups repeat as in real logs. */
const taskCounts = fc
  .array(
    fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(40, 200)).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }))),
    { minLength: 1, maxLength: 60 },
  )
  .map((pairs) => ({ n: pairs.map(([n]) => n), c: pairs.map(([, c]) => c) }));

describe('groupTaskCounts: the estimators from the groups', () => {
  it('every estimator gives the same numbers, to the bit, from the groups as from the tasks', () => {
    fc.assert(
      fc.property(taskCounts, ({ n, c }) => {
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
});
