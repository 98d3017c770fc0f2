import { describe, expect, it } from 'vitest';
import { matchTasks } from '../../../packages/sim/src/compare/matchTasks.js';
import type { Run, TaskId } from '../../../packages/sim/src/compare/runTasks.js';
import { InputError } from '../../../packages/sim/src/errors.js';

// Task matching by id (matchTasks.ts): the pairs, the tasks of one run only, the overlap (by hand),
// and one message per refusal, naming the run and the task.
const run = (name: string, ids: TaskId[], n = 4, c = 2): Run => ({ name, tasks: ids.map((id) => ({ id, n, c })) });

describe('matchTasks', () => {
  it('A = {x, y, z}, B = {y, z, w}: pairs y, z in A’s order; x only in A, w only in B; overlap 2/4', () => {
    const a: Run = {
      name: 'A',
      tasks: [
        { id: 'x', n: 3, c: 1 },
        { id: 'z', n: 4, c: 4 },
        { id: 'y', n: 2, c: 0 },
      ],
    };
    const b: Run = {
      name: 'B',
      tasks: [
        { id: 'y', n: 5, c: 5 },
        { id: 'w', n: 1, c: 1 },
        { id: 'z', n: 4, c: 0 },
      ],
    };
    expect(matchTasks(a, b)).toEqual({
      pairs: [
        { id: 'z', a: a.tasks[1], b: b.tasks[2] },
        { id: 'y', a: a.tasks[2], b: b.tasks[0] },
      ],
      onlyInA: ['x'],
      onlyInB: ['w'],
      overlap: 0.5,
    });
  });

  it('numeric ids match numeric ids', () => {
    expect(matchTasks(run('A', [1, 2, 3]), run('B', [3, 2])).pairs.map((pair) => pair.id)).toEqual([2, 3]);
  });

  it('refuses, naming the run: no tasks, ids of another type, mixed or odd ids, repeated ids, bad counts, nothing in common', () => {
    expect(() => matchTasks(run('A', []), run('B', ['x']))).toThrow(/^A: must contain at least one task, got 0$/);
    expect(() => matchTasks(run('A', ['x']), run('B', []))).toThrow(/^B: must contain at least one task, got 0$/);
    expect(() => matchTasks(run('A', [1, 2]), run('B', ['1']))).toThrow(
      /^B: task ids must be of the same type as in A \(numbers\) to be matched, got text ids such as, got "1"$/,
    );
    expect(() => matchTasks(run('A', ['x', 2]), run('B', ['x']))).toThrow(/^A: task id: must all be of one type \(the first are text\), got 2$/);
    expect(() => matchTasks(run('A', ['x']), run('B', [3, 'x']))).toThrow(/^B: task id: must all be of one type \(the first are numbers\), got "x"$/);
    expect(() => matchTasks(run('A', [true as unknown as TaskId]), run('B', ['x']))).toThrow(/^A: task id: must be a string or a number, got true$/);
    expect(() => matchTasks(run('A', ['x', 'x']), run('B', ['x']))).toThrow(/^A: must name each task once, got "x"$/);
    expect(() => matchTasks(run('A', ['x']), run('B', ['x', 'y', 'x']))).toThrow(/^B: must name each task once, got "x"$/);
    expect(() => matchTasks(run('A', ['x'], 3, 5), run('B', ['x']))).toThrow(/^A: task "x"\.c: must be ≤ n/);
    expect(() => matchTasks(run('A', ['x', 'y']), run('B', ['u', 'v', 'w']))).toThrow(
      /^B: has no tasks in common with A \(2 tasks such as "x" against 3 such as "u"\); runs are matched by task id$/,
    );
    expect(() => matchTasks(run('A', ['x']), run('B', ['u']))).toThrow(InputError);
  });
});
