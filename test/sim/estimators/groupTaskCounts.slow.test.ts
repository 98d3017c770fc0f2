import fc from 'fast-check';
import { describe, it } from 'vitest';
import { SMALL_TRIALS, sameIntervals, taskCounts } from '../../helpers/groupedTaskCounts.js';

// Slow suite (docs/testing.md): taskAverageIntervals from the groups against from the tasks on 60
// generated benchmarks, as groupTaskCounts.sameNumbers.test.ts checks the other estimators; there 12 (each call
// fits the task population by NPMLE for every k: about 10 s of CPU for the 60).
describe('groupTaskCounts: taskAverageIntervals from the groups', () => {
  it('the same intervals, to the bit, from the groups as from the tasks', () => {
    fc.assert(fc.property(taskCounts(fc.oneof(SMALL_TRIALS, fc.constantFrom(40, 200))), sameIntervals), { numRuns: 60 });
  });
});
