import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import { TaskCountsBuilder } from '../../../packages/cli/src/io/taskCountsBuilder.js';
import { tempDir } from '../../helpers/tempDir.js';

// Two ids with the same 32-bit FNV-1a hash, the hash of the task table: the first collision among
// `task-<i>` (7 digits: the same length, so only the bytes tell them apart) found by the
// brute-force search test/reference/fnv1a_collision.py
// (prints "task-0062789 task-0279192 0x478883cb").
const FIRST = 'task-0062789';
const SECOND = 'task-0279192';
const HASH = 0x478883cb;

/** FNV-1a, 32 bits, written out from its definition (offset basis 0x811c9dc5, prime 16777619) in BigInt arithmetic. */
function fnv1a(id: string): number {
  let hash = 0x811c9dc5n;
  for (const byte of Buffer.from(id, 'utf8')) hash = ((hash ^ BigInt(byte)) * 16777619n) % 2n ** 32n;
  return Number(hash);
}

describe('task table: two ids with the same hash stay two tasks', () => {
  it('the pair collides (so the tests below exercise the byte comparison)', () => {
    expect(FIRST).not.toBe(SECOND);
    expect(FIRST.length).toBe(SECOND.length);
    expect(fnv1a(FIRST)).toBe(HASH);
    expect(fnv1a(SECOND)).toBe(HASH);
  });

  it('TaskCountsBuilder: by bytes and by string, in either order, counts kept apart (hand count)', () => {
    for (const [a, b] of [
      [FIRST, SECOND],
      [SECOND, FIRST],
    ]) {
      const builder = new TaskCountsBuilder();
      const bytes = Buffer.from(`${a},${b}`, 'utf8');
      builder.add(bytes, 0, a.length, 1); // a: 1 of 1
      builder.add(bytes, a.length + 1, bytes.length, 0); // b: 0 of 1
      builder.addId(b, 0); // b: 0 of 2
      builder.addId(a, 1); // a: 2 of 2
      builder.addId(b, 1); // b: 1 of 3
      const { ids, n, c, rows } = builder.result();
      expect({ ids: ids(), n, c, rows }).toEqual({ ids: [a, b], n: [2, 3], c: [2, 1], rows: 5 });
      expect(builder.taskCount).toBe(2);
    }
  });

  it('a colliding pair among many tasks, through table growth (hand count)', () => {
    // 1 000 other tasks between the two: the table is rebuilt several times with both in it.
    const builder = new TaskCountsBuilder();
    builder.addId(FIRST, 1);
    for (let i = 0; i < 1000; i++) builder.addId(`other-${i}`, 0);
    builder.addId(SECOND, 0);
    builder.addId(FIRST, 1);
    builder.addId(SECOND, 0);
    const { ids, n, c } = builder.result();
    const at = (id: string) => ids().indexOf(id);
    expect([at(FIRST), at(SECOND)]).toEqual([0, 1001]);
    expect([n[0], c[0], n[1001], c[1001]]).toEqual([2, 2, 2, 0]);
    expect(builder.taskCount).toBe(1002);
  });

  it('readTaskCounts on a CSV log with the pair: two tasks (hand count)', async () => {
    const dir = tempDir('collision');
    const file = join(dir, 'collision.csv');
    writeFileSync(file, `task_id,success\n${FIRST},1\n${SECOND},0\n${SECOND},0\n${FIRST},0\n${SECOND},1\n`);
    const r = await readTaskCounts(file);
    expect(r).toMatchObject({ taskIds: [FIRST, SECOND], n: [2, 3], c: [1, 1], rows: 5 });
  });
});
