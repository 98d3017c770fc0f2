import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';

// Reference: Python's csv and json modules. test/fixtures/results/make_mixed.py writes a shuffled
// file (3 000 attempts over 300 tasks; ids with commas, quotes, line breaks, non-ASCII; BOM, CRLF)
// as CSV, as CSV with every field quoted, and as JSON Lines and prints the per-task counts it reads back:
//   python3 test/fixtures/results/make_mixed.py OUT_DIR --tasks 300 --rows 3000 --seed 11
const script = fileURLToPath(new URL('../../fixtures/results/make_mixed.py', import.meta.url));

interface Reference {
  taskIds: string[];
  n: number[];
  c: number[];
  rows: number;
}

describe('readTaskCounts against Python on a generated file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'passk-io-py-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = spawnSync('python3', [script, dir, '--tasks', '300', '--rows', '3000', '--seed', '11'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`make_mixed.py failed: ${run.stderr}`);
  const reference = JSON.parse(run.stdout) as { csv: Reference; quoted: Reference; jsonl: Reference };

  it('CSV: same tasks in the same order, same n and c', async () => {
    const r = await readTaskCounts(join(dir, 'mixed.csv'));
    expect(reference.csv.rows).toBe(3000);
    expect(r).toMatchObject(reference.csv);
    expect(r.columns).toEqual({ task: 'task_id', success: 'success', trial: 'trial' }); // its trial column is read by default
  });

  it('CSV read in 5-byte chunks gives the same counts', async () => {
    expect(await readTaskCounts(join(dir, 'mixed.csv'), { chunkSize: 5 })).toMatchObject(reference.csv);
  });

  it('CSV with every field quoted: same counts, whole and in 5-byte chunks', async () => {
    expect(reference.quoted.rows).toBe(3000);
    expect(await readTaskCounts(join(dir, 'quoted.csv'))).toMatchObject(reference.quoted);
    expect(await readTaskCounts(join(dir, 'quoted.csv'), { chunkSize: 5 })).toMatchObject(reference.quoted);
  });

  it('JSON Lines: same tasks in the same order, same n and c', async () => {
    const r = await readTaskCounts(join(dir, 'mixed.jsonl'));
    expect(reference.jsonl.rows).toBe(3000);
    expect(r).toMatchObject(reference.jsonl);
    expect(await readTaskCounts(join(dir, 'mixed.jsonl'), { chunkSize: 5 })).toMatchObject(reference.jsonl);
  });
});
