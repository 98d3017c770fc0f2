import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';

// FileWindow reads each chunk into the other of two buffers after some room (4 KiB at small chunk
// sizes, up to 1 MiB) for the bytes a refill keeps, the start of a row cut by the read. A row longer
// than that room is joined with the chunk in a buffer of its own and the room grows. The files here
// have rows of 5 000 to 40 000 bytes between short ones, read at chunk sizes around the room and the
// rows; the expected counts are tallied from the rows written.
const dir = mkdtempSync(join(tmpdir(), 'passk-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Task ids: short ones, and long ones (one byte apart) that make rows longer than the room. */
const long = (length: number, last: string) => `${'t'.repeat(length - 1)}${last}`;
const TASKS = ['a', long(5_000, '1'), 'b', long(40_000, '2'), long(40_000, '3'), 'c', long(9_000, '4')];

/** Rows: each task 3 times (trials 0..2), success on trial 0 and on task index parity. */
function rows(): { task: string; trial: number; success: number }[] {
  return TASKS.flatMap((task, i) => [0, 1, 2].map((trial) => ({ task, trial, success: trial === 0 || i % 2 === 0 ? 1 : 0 })));
}

const expected = {
  taskIds: TASKS,
  n: TASKS.map(() => 3),
  c: TASKS.map((_, i) => (i % 2 === 0 ? 3 : 1)),
};

const CHUNKS = [1, 7, 1000, 4095, 4096, 4097, 5000, 12_345, 40_001, 65_536, 1 << 20, undefined];

describe('FileWindow: rows longer than the room kept before a chunk', () => {
  it('counts a CSV with long rows alike at every chunk size (quoted long ids with line breaks too)', async () => {
    const plain = join(dir, 'long.csv');
    writeFileSync(
      plain,
      `task,trial,success\n${rows()
        .map((r) => `${r.task},${r.trial},${r.success}`)
        .join('\n')}\n`,
    );
    // The same ids quoted, each with a line break after its first 100 bytes (read back without the quotes, with the break).
    const quoted = join(dir, 'long-quoted.csv');
    const broken = (task: string) => (task.length > 100 ? `${task.slice(0, 100)}\n${task.slice(100)}` : task);
    writeFileSync(
      quoted,
      `task,trial,success\n${rows()
        .map((r) => `"${broken(r.task)}",${r.trial},${r.success}`)
        .join('\n')}\n`,
    );
    for (const chunkSize of CHUNKS) {
      expect(await readTaskCounts(plain, { chunkSize }), `chunkSize ${chunkSize}`).toMatchObject(expected);
      expect(await readTaskCounts(quoted, { chunkSize }), `quoted, chunkSize ${chunkSize}`).toMatchObject({ ...expected, taskIds: TASKS.map(broken) });
    }
  });

  it('counts JSON Lines with long lines alike at every chunk size', async () => {
    const path = join(dir, 'long.jsonl');
    writeFileSync(
      path,
      `${rows()
        .map((r) => JSON.stringify({ task_id: r.task, trial: r.trial, success: r.success }))
        .join('\n')}\n`,
    );
    for (const chunkSize of CHUNKS) {
      expect(await readTaskCounts(path, { chunkSize }), `chunkSize ${chunkSize}`).toMatchObject(expected);
    }
  });

  it('counts standard input whose chunks are larger than the window asked for (built module, in a child process)', () => {
    // A pipe hands over up to 64 KiB at a time, far more than chunkSize 1 asks for.
    const text = `task,trial,success\n${rows()
      .map((r) => `${r.task},${r.trial},${r.success}`)
      .join('\n')}\n`;
    const module = fileURLToPath(new URL('../../../packages/cli/dist/io/readTaskCounts.js', import.meta.url));
    const script = `import { readTaskCounts } from ${JSON.stringify(module)};
      const counts = await readTaskCounts('-', { chunkSize: Number(process.argv[1]) });
      process.stdout.write(JSON.stringify({ taskIds: counts.taskIds, n: counts.n, c: counts.c }));`;
    for (const chunkSize of [1, 4097, 1 << 20]) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, String(chunkSize)], { input: text, encoding: 'utf8' });
      expect(run.stderr, `chunkSize ${chunkSize}`).toBe('');
      expect(JSON.parse(run.stdout), `chunkSize ${chunkSize}`).toEqual(expected);
    }
  });
});
