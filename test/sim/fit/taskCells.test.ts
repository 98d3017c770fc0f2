import { describe, expect, it } from 'vitest';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';

describe('taskCells', () => {
  it('doc example: distinct (n, c) with multiplicities, sorted by n then c', () => {
    const cells = taskCells([
      { n: 4, c: 0 },
      { n: 4, c: 2 },
      { n: 4, c: 0 },
      { n: 2, c: 1 },
    ]);
    // ln C(2, 1) = ln 2, ln C(4, 0) = 0, ln C(4, 2) = ln 6.
    expect(cells).toEqual([
      { n: 2, c: 1, tasks: 1, logChoose: expect.closeTo(Math.log(2), 14) },
      { n: 4, c: 0, tasks: 2, logChoose: 0 },
      { n: 4, c: 2, tasks: 1, logChoose: expect.closeTo(Math.log(6), 14) },
    ]);
  });
});
