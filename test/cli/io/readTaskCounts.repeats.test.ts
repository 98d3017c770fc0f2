import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';

// Rows that repeat the previous task in the usual layout (task first, "0"/"1" outcome last) are
// counted by a lean loop (DelimitedRowCounter.countRepeats); any other row goes through the full
// parser. These files mix both inside one run of a task, at every chunk size from 1 to 40, so
// rows and task ids straddle reads. Expected counts are tallied by hand from the rows written.
const dir = mkdtempSync(join(tmpdir(), 'passk-repeats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const CHUNKS = Array.from({ length: 40 }, (_, i) => i + 1);

describe('readTaskCounts: runs of a repeated task', () => {
  it('counts plain and unusual rows of one run alike (quoted fields, CRLF, text outcomes, empty fields)', async () => {
    const path = file(
      'mixed.csv',
      [
        'task_id,attempt,success', // not "trial", which would be read as the trial column (and the empty one refused)
        'task-10,0,1',
        'task-10,1,0',
        'task-10,"2",1', // quoted middle field
        'task-10,3,true', // outcome other than 0/1
        'task-10,,1', // empty middle field
        'task-10,5,1\r', // CRLF
        '"task-10",6,1', // the same task, quoted
        'task-10,7,"0"',
        'task-11,0,0',
        'task-11,1,1',
        'task-1,0,1', // a prefix of the previous id
        'task-1,1,1',
        'task-10,8,0', // back to an earlier task
        '',
      ].join('\n'),
    );
    // task-10: 9 rows, successes on trials 0, 2, 3, 4, 5, 6 → 6; task-11: 2 rows, 1; task-1: 2 rows, 2.
    for (const chunkSize of CHUNKS) {
      const counts = await readTaskCounts(path, { chunkSize });
      expect({ ids: counts.taskIds, n: counts.n, c: counts.c, rows: counts.rows }, `chunkSize ${chunkSize}`).toEqual({
        ids: ['task-10', 'task-11', 'task-1'],
        n: [9, 2, 2],
        c: [6, 1, 2],
        rows: 13,
      });
    }
  });

  it('counts two-column files and files without a final line feed', async () => {
    const path = file('two.csv', 'task,success\nabcdefgh,1\nabcdefgh,1\nabcdefgh,0\nabcdefgi,1\nabcdefgi,1');
    for (const chunkSize of CHUNKS) {
      const counts = await readTaskCounts(path, { chunkSize });
      expect({ n: counts.n, c: counts.c }, `chunkSize ${chunkSize}`).toEqual({ n: [3, 2], c: [2, 2] });
    }
  });

  it('reports a bad row inside a run at its own line', async () => {
    const extra = file('extra.csv', 'task_id,trial,success\nt-1,0,1\nt-1,1,1\nt-1,2,1,9\nt-1,3,1\n');
    const short = file('short.csv', 'task_id,trial,success\nt-1,0,1\nt-1,1,1\nt-1,1\n');
    for (const chunkSize of CHUNKS) {
      await expect(readTaskCounts(extra, { chunkSize }), `chunkSize ${chunkSize}`).rejects.toThrow(`${extra}:4: row must have 3 fields like the header, got 4`);
      await expect(readTaskCounts(short, { chunkSize }), `chunkSize ${chunkSize}`).rejects.toThrow(`${short}:4: row must have 3 fields like the header, got 2`);
    }
  });
});
