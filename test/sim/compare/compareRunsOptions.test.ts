import { describe, expect, it } from 'vitest';
import { compareRuns, compareRunsSteps } from '../../../packages/sim/src/compare/compareRuns.js';
import type { Run } from '../../../packages/sim/src/compare/runTasks.js';

// compareRuns' options and edges that need no statistics: each refusal's message (limits worked out
// from the constants in compareRuns.ts and ARGUMENT_LIMITS), the progress its steps report, and
// which tasks an unpaired comparison leaves out at a k. Expected values by hand.
const run = (name: string, counts: Array<[n: number, c: number]>, prefix = 't'): Run => ({
  name,
  tasks: counts.map(([n, c], i) => ({ id: `${prefix}${i}`, n, c })),
});
const a = run('A', [
  [4, 1],
  [4, 3],
  [4, 0],
]);
const b = run('B', [
  [4, 2],
  [4, 4],
  [4, 1],
]);

describe('compareRuns: refusals name the option and its rule', () => {
  it('the runs and the options object', () => {
    expect(() => compareRuns(null as never, b, { ks: [1] })).toThrow(/^a: must be an object/);
    expect(() => compareRuns(a, 'B' as never, { ks: [1] })).toThrow(/^b: must be an object/);
    expect(() => compareRuns({ name: 3, tasks: [] } as never, b, { ks: [1] })).toThrow(/^a\.name: /);
    expect(() => compareRuns({ name: 'A', tasks: 'x' } as never, b, { ks: [1] })).toThrow(/^a\.tasks: /);
    expect(() => compareRuns(a, { name: 'B', tasks: [3] } as never, { ks: [1] })).toThrow(/^b\.tasks\[0\]: must be an object/);
    expect(() => compareRuns(a, b, null as never)).toThrow(/^options: must be an object/);
  });

  it('ks, sides, confidence, seed, exactLimit, minOverlap, pValues', () => {
    expect(() => compareRuns(a, b, { ks: [] })).toThrow(/^ks: must list at least one k/);
    expect(() => compareRuns(a, b, { ks: 2 as never })).toThrow(/^ks: must list at least one k, got 2/);
    expect(() => compareRuns(a, b, { ks: [1], sides: 3 as never })).toThrow(/^sides: must be 1 or 2/);
    expect(() => compareRuns(a, b, { ks: [1], confidence: 1 })).toThrow(/^confidence: must be a number strictly between 0 and 1/);
    expect(() => compareRuns(a, b, { ks: [1], seed: -1 })).toThrow(/^seed: /);
    expect(() => compareRuns(a, b, { ks: [1], exactLimit: 41 })).toThrow(/^exactLimit: /);
    expect(() => compareRuns(a, b, { ks: [1], minOverlap: 1.5 })).toThrow(/^minOverlap: must be a number between 0 and 1/);
    expect(() => compareRuns(a, b, { ks: [1], pValues: 1 as never })).toThrow(/^pValues: must be true or false, got 1/);
    expect(() => compareRuns(a, b, { ks: [1], bootstrap: -1 })).toThrow(/^bootstrap: /);
    expect(() => compareRuns(a, b, { ks: [1], permutations: 0 })).toThrow(/^permutations: /);
  });

  it('bootstrap × comparisons ≤ 10⁷ numbers: with 5 k values (11 comparisons) at most 909 090 replicates', () => {
    const ks = [1, 2, 3, 4, 5];
    expect(() => compareRuns(a, b, { ks, bootstrap: 909_091 })).toThrow(
      /^bootstrap: must be at most 909090 with 5 k values \(each replicate keeps a number for each of the 11 comparisons: 10000000 in all take 80 MB\), got 909091$/,
    );
    // At the limit the bootstrap passes, and the next check (pValues) is the one that refuses.
    expect(() => compareRuns(a, b, { ks, bootstrap: 909_090, pValues: 1 as never })).toThrow(/^pValues: /);
  });

  it('permutations × comparisons ≤ 10⁸ random patterns: with 20 k values (41 comparisons) at most 2 439 024', () => {
    const ks = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(() => compareRuns(a, b, { ks, bootstrap: 0, permutations: 2_439_025 })).toThrow(
      /^permutations: must be at most 2439024 with 20 k values \(random sign patterns for each of the 41 comparisons, each a pass over the tasks: 100000000 in all\), got 2439025$/,
    );
    expect(() => compareRuns(a, b, { ks, bootstrap: 0, permutations: 2_439_024, pValues: 1 as never })).toThrow(/^pValues: /);
  });

  it('random signs drawn ≤ 10¹²: 10⁷ patterns × 3 comparisons × 40 000 paired tasks is too many', () => {
    const many = (name: string) => ({ name, tasks: Array.from({ length: 40_000 }, (_, i) => ({ id: i, n: 1, c: i % 2 })) });
    expect(() => compareRuns(many('A'), many('B'), { ks: [1], bootstrap: 0, permutations: 10_000_000 })).toThrow(
      /^permutations: must be at most 8333333 for 40000 paired tasks and 1 k values \(random signs drawn: permutations × 3 comparisons × tasks, at most 1000000000000, 0\.5 ns each: about 8 minutes\), got 10000000$/,
    );
  });

  it('no task with trials in both runs: refused (every common task has n = 0)', () => {
    expect(() => compareRuns(run('A', [[0, 0]]), run('B', [[0, 0]]), { ks: [1], bootstrap: 0 })).toThrow(/^B: has no task with trials in common with A/);
  });
});

describe('compareRunsSteps: progress', () => {
  it('counts the bootstrap replicates, then every comparison’s random patterns (none drawn when exact): yields at 1 000 of 1 001 + 3·10 000', () => {
    const steps = compareRunsSteps(a, b, { ks: [1], bootstrap: 1001, seed: 2 });
    const yielded = [];
    for (let next = steps.next(); !next.done; next = steps.next()) yielded.push(next.value);
    expect(yielded).toEqual([{ done: 1000, total: 1001 + 3 * 10_000 }]);
  });

  it('without p-values, only the bootstrap counts', () => {
    const steps = compareRunsSteps(a, b, { ks: [1], bootstrap: 1001, seed: 2, pValues: false });
    const yielded = [];
    for (let next = steps.next(); !next.done; next = steps.next()) yielded.push(next.value);
    expect(yielded).toEqual([{ done: 1000, total: 1001 }]);
  });
});

describe('compareRuns unpaired: which tasks count at k', () => {
  it('each run’s own tasks with n ≥ k; a task id left out by both runs is listed once but counted twice', () => {
    const x = {
      name: 'A',
      tasks: [
        { id: 'x', n: 2, c: 1 },
        { id: 'y', n: 4, c: 2 },
        { id: 'v', n: 4, c: 3 },
      ],
    };
    const y = {
      name: 'B',
      tasks: [
        { id: 'x', n: 2, c: 2 },
        { id: 'z', n: 4, c: 4 },
        { id: 'w', n: 1, c: 0 },
        { id: 'u', n: 5, c: 1 },
      ],
    };
    const result = compareRuns(x, y, { ks: [3], bootstrap: 0 });
    expect(result.pairing.mode).toBe('unpaired');
    expect(result.rows[0]!.tasks).toEqual({ baseline: 2, candidate: 2 });
    expect(result.rows[0]!.notEstimable).toEqual({ count: 3, tasks: ['x', 'w'] });
    // pass^3 of B over z (1) and u (C(1,3)/C(5,3) = 0) minus A over y (0) and v (C(3,3)/C(4,3) = 1/4): 1/2 − 1/8.
    expect(result.rows[0]!.passHatK!.difference).toBeCloseTo(0.5 - 0.125, 15);
  });
});
