import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taskAverageIntervals } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { bootstrapTaskAverage } from '../../../packages/sim/src/estimators/bootstrap.js';
import { averageOverTasks, countGroups, groupTaskCounts } from '../../../packages/sim/src/estimators/taskAverage.js';

/** Tasks as (n, c), n from `trials` (few values, so that groups repeat, as in real logs), c ≤ min(n, maxC). */
const taskCounts = (trials: fc.Arbitrary<number>, maxC = Number.MAX_SAFE_INTEGER) =>
  fc
    .array(
      trials.chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: Math.max(0, n - maxC), max: n }))),
      { minLength: 1, maxLength: 60 },
    )
    .map((pairs) => ({ n: pairs.map(([n]) => n), c: pairs.map(([, c]) => c) }));

/** Small n (one array per n), n past the dense limit of 1024 and n past 2^21 (text keys), with c near n so that pairs repeat. */
const SMALL_TRIALS = fc.integer({ min: 0, max: 12 });
const LARGE_TRIALS = fc.constantFrom(1024, 1025, 100_001, 2_097_151, 2_097_152, 5_000_000);

/** The reference: a tally by the text key "n,c", groups in order of first appearance (written here, apart from the library's). */
function plainTally(n: readonly number[], c: readonly number[]): Array<{ n: number; c: number; size: number }> {
  const tally = new Map<string, { n: number; c: number; size: number }>();
  n.forEach((trials, i) => {
    const key = `${trials},${c[i]}`;
    const group = tally.get(key);
    if (group) group.size++;
    else tally.set(key, { n: trials, c: c[i]!, size: 1 });
  });
  return [...tally.values()];
}

describe('groupTaskCounts: the groups of countGroups, without an object per task', () => {
  it('the groups of a plain tally in order of first appearance, and the same as countGroups of { n[i], c[i] }, small and large n', () => {
    for (const [trials, maxC] of [
      [SMALL_TRIALS, Number.MAX_SAFE_INTEGER],
      [LARGE_TRIALS, 3],
      [fc.oneof(SMALL_TRIALS, LARGE_TRIALS), 3],
    ] as const) {
      fc.assert(
        fc.property(taskCounts(trials, maxC), ({ n, c }) => {
          const grouped = groupTaskCounts(n, c);
          expect(grouped.groups).toEqual(plainTally(n, c));
          expect(countGroups(n.map((trials, i) => ({ n: trials, c: c[i]! })))).toEqual(grouped.groups);
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

  it('the estimators leave the groups as they were (the bootstrap caches its tables on copies)', () => {
    const grouped = groupTaskCounts([8, 8, 8, 4], [5, 3, 5, 4]);
    const before = structuredClone(grouped);
    averageOverTasks(grouped, [1, 4]);
    taskAverageIntervals(grouped, [1, 4], { confidence: 0.95, sides: 2 });
    bootstrapTaskAverage(grouped, { ks: [1, 4], replicates: 20, seed: 1, confidence: 0.95, sides: 2 });
    expect(grouped).toEqual(before);
    // Where the bootstrap keeps a group's binomial table: past its limit of 65 536 (n, v) cells (n =
    // 10 000, then 60 000: that one drawn group by group) and more picks from the group than n + 1
    // (61 000 tasks at 30 000/60 000).
    const n = [10_000, ...new Array<number>(61_000).fill(60_000)];
    const c = [5000, ...new Array<number>(61_000).fill(30_000)];
    const large = groupTaskCounts(n, c);
    const largeBefore = structuredClone(large);
    bootstrapTaskAverage(large, { ks: [1], replicates: 2, seed: 1, confidence: 0.95, sides: 2 });
    expect(large).toEqual(largeBefore);
  });

  it('n = 10¹⁵ (no table of n + 1 slots can be made) and beyond 2²¹ (text keys): grouped as smaller n are (by hand)', () => {
    const huge = 10 ** 15;
    const n = [huge, 8, huge, huge, 2_000_000];
    const c = [7, 5, 7, 8, 2_000_000];
    expect(groupTaskCounts(n, c)).toEqual({
      groups: [
        { n: huge, c: 7, size: 2 },
        { n: 8, c: 5, size: 1 },
        { n: huge, c: 8, size: 1 },
        { n: 2_000_000, c: 2_000_000, size: 1 },
      ],
      taskCount: 5,
    });
  });

  it('groups whose sizes do not add up to taskCount are refused (they were not made by groupTaskCounts)', () => {
    const groups = groupTaskCounts([8, 8], [5, 3]).groups;
    expect(() => averageOverTasks({ groups, taskCount: 3 }, [1])).toThrow(/taskCount.*number of tasks in the groups/);
    expect(() => averageOverTasks({ groups: [], taskCount: 0 }, [1])).toThrow(/at least one task/);
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
