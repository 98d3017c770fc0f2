import { describe, expect, it } from 'vitest';
import { TaskCountsBuilder } from '../../../packages/cli/src/io/taskCountsBuilder.js';

/** `result()` with its ids decoded: the plain object the hand counts compare with. */
function counted(builder: TaskCountsBuilder) {
  const { ids, ...counts } = builder.result();
  return { taskIds: ids(), ...counts };
}

describe('TaskCountsBuilder', () => {
  it('interns ids by bytes and by string alike, in order of first appearance (hand count)', () => {
    const b = new TaskCountsBuilder();
    const bytes = Buffer.from('xx,é,x', 'utf8'); // "xx" at 0..2, "é" at 3..5, "x" at 6..7
    b.add(bytes, 0, 2, 1);
    b.add(bytes, 3, 5, 0);
    b.addId('xx', 0);
    b.add(bytes, 6, 7, 1);
    b.addId('é', 1);
    b.addId('', 1); // the empty id is a key like any other (readers reject it before)
    expect(counted(b)).toEqual({ taskIds: ['xx', 'é', 'x', ''], n: [2, 2, 1, 1], c: [1, 1, 1, 1], rows: 6, emptyTasks: 0 });
    expect(b.taskCount).toBe(4);
  });

  it('addRun adds several attempts of one task at once (hand count)', () => {
    const b = new TaskCountsBuilder();
    const bytes = Buffer.from('ab', 'utf8');
    const task = b.add(bytes, 0, 2, 1);
    b.addRun(task, 5, 3);
    b.addId('c', 0);
    b.addRun(task, 2, 0);
    // "ab": 1 + 5 + 2 = 8 attempts, 1 + 3 + 0 = 4 successes; "c": 1 attempt, 0 successes.
    expect(counted(b)).toEqual({ taskIds: ['ab', 'c'], n: [8, 1], c: [4, 0], rows: 9, emptyTasks: 0 });
  });

  it('keeps counts right through table and arena growth (closed form)', () => {
    // 50 000 tasks with ids `id-<i>` plus one 100 000-byte id; rows in 3 interleaved passes:
    // task i gets 1 + (i mod 3 ≥ 1) + (i mod 3 = 2) trials = 1 + (i mod 3), successes = 1 per pass when i is even.
    const b = new TaskCountsBuilder();
    const T = 50_000;
    for (let pass = 0; pass < 3; pass++) {
      for (let i = 0; i < T; i++) if (i % 3 >= pass) b.addId(`id-${i}`, i % 2 === 0 ? 1 : 0);
    }
    const huge = 'h'.repeat(100_000);
    b.addId(huge, 1);
    b.addId(huge, 0);
    const r = counted(b);
    expect(r.taskIds.length).toBe(T + 1);
    for (let i = 0; i < T; i++) {
      if (r.taskIds[i] !== `id-${i}` || r.n[i] !== 1 + (i % 3) || r.c[i] !== (i % 2 === 0 ? 1 + (i % 3) : 0)) {
        throw new Error(`task ${i}: got ${r.taskIds[i]} n ${r.n[i]} c ${r.c[i]}`);
      }
    }
    expect([r.taskIds[T] === huge, r.n[T], r.c[T]]).toEqual([true, 2, 1]);
    // Σ(1 + i mod 3) over i < 50 000 = 50 000 + (16 667·0 + 16 667·1 + 16 666·2) = 99 999, plus 2.
    expect(r.rows).toBe(99_999 + 2);
  });

  it('keeps the place of a task seen only on dropped rows, then leaves it out as empty (hand count)', () => {
    const b = new TaskCountsBuilder();
    b.touchId('gone'); // dropped row only
    b.addId('p', 1);
    b.touchId('later'); // dropped first, counted after
    b.addId('later', 0);
    b.touch(Buffer.from('p'), 0, 1); // a dropped row of a counted task changes nothing
    expect(counted(b)).toEqual({ taskIds: ['p', 'later'], n: [1, 1], c: [1, 0], rows: 2, emptyTasks: 1 });
    expect([b.idOf(0), b.idOf(1), b.idOf(2)]).toEqual(['gone', 'p', 'later']);
  });

  it('ids() gives the ids of the tasks counted when result() was taken, rows counted after it aside (hand count)', () => {
    const b = new TaskCountsBuilder();
    b.touchId('empty'); // seen on a dropped row only: not among the counted tasks
    b.addId('a', 1);
    b.addId('b', 0);
    const before = b.result();
    b.addId('empty', 1); // counted from now on, and a new task after it
    b.addId('c', 1);
    expect([before.ids(), before.n, before.emptyTasks]).toEqual([['a', 'b'], [1, 1], 1]);
    const all = b.result();
    expect([all.ids(), all.n, all.emptyTasks]).toEqual([['empty', 'a', 'b', 'c'], [1, 1, 1, 1], 0]);
    // Without empty tasks the ids are the first tasks' at the time of result(), not the later ones'.
    b.addId('d', 0);
    expect(all.ids()).toEqual(['empty', 'a', 'b', 'c']);
  });
});
