import { describe, expect, it } from 'vitest';
import type { TaskPair } from '../../../packages/sim/src/compare/matchTasks.js';
import { taskChanges } from '../../../packages/sim/src/compare/taskChanges.js';

// The per-task view (taskChanges.ts) on hand-made pairs; every expected value by hand.
const pair = (id: string, a: [number, number], b: [number, number]): TaskPair => ({ id, a: { id, n: a[0], c: a[1] }, b: { id, n: b[0], c: b[1] } });

describe('taskChanges', () => {
  it('classes each task, keeps its counts and change, and counts the classes', () => {
    const changes = taskChanges([
      pair('fixed', [4, 0], [2, 2]),
      pair('regressed', [3, 3], [5, 0]),
      pair('improved', [4, 1], [4, 2]),
      pair('worsened', [4, 2], [2, 0]),
      pair('same', [4, 2], [2, 1]),
      pair('no trials', [0, 0], [3, 3]),
      pair('both broken', [4, 0], [4, 0]),
    ]);
    expect(changes.tasks.map((t) => [t.task, t.kind, t.change])).toEqual([
      ['fixed', 'fixed', 1],
      ['regressed', 'regressed', -1],
      ['improved', 'improved', 0.25],
      ['worsened', 'worsened', -0.5],
      ['same', 'unchanged', 0],
      ['no trials', 'unchanged', null],
      ['both broken', 'unchanged', 0],
    ]);
    expect(changes.tasks[1]).toEqual({ task: 'regressed', baseline: { n: 3, c: 3 }, candidate: { n: 5, c: 0 }, change: -1, kind: 'regressed' });
    expect(changes.counts).toEqual({ fixed: 1, regressed: 1, improved: 1, worsened: 1, unchanged: 3 });
    expect(changes.fixed).toEqual(['fixed']);
    expect(changes.regressed).toEqual(['regressed']);
  });

  it('a side with no trials has no change, whichever side it is', () => {
    expect(taskChanges([pair('x', [3, 1], [0, 0])]).tasks[0]).toMatchObject({ change: null, kind: 'unchanged' });
  });

  it('largest: biggest |change| first, ties in task order, no unchanged task, at most `largest`', () => {
    const pairs = [pair('a', [4, 1], [4, 2]), pair('b', [4, 2], [4, 2]), pair('c', [4, 3], [4, 2]), pair('d', [2, 0], [2, 2]), pair('e', [4, 0], [4, 2])];
    expect(taskChanges(pairs).largest.map((t) => t.task)).toEqual(['d', 'e', 'a', 'c']);
    expect(taskChanges(pairs, 2).largest.map((t) => t.task)).toEqual(['d', 'e']);
  });
});
