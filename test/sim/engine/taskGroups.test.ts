import { describe, expect, it } from 'vitest';
import { forTaskGroups } from '../../../packages/sim/src/engine/taskGroups.js';

// Expected groups by hand from the rule: one task first, then 50 at a time (the last group what is left);
// without the tables of all tasks one at a time.
describe('forTaskGroups', () => {
  const groups = (T: number, allTasks: boolean, warmth: { warm: boolean }) => {
    const seen: Array<[number, number]> = [];
    forTaskGroups(T, allTasks, warmth, (t, n) => seen.push([t, n]));
    return seen;
  };
  it('covers 0..T − 1 in order: the first call one task, then 50 per call', () => {
    const warmth = { warm: false };
    expect(groups(120, true, warmth)).toEqual([
      [0, 1],
      [1, 50],
      [51, 50],
      [101, 19],
    ]);
    expect(warmth.warm).toBe(true);
    expect(groups(120, true, warmth)).toEqual([
      [0, 50],
      [50, 50],
      [100, 20],
    ]);
  });
  it('one task per call without the tables of all tasks', () => {
    expect(groups(3, false, { warm: true })).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
  });
});
