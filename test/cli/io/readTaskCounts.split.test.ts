import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import type { ResultsReadOptions } from '../../../packages/cli/src/io/resultsReadOptions.js';

// Files of at least `parallelMinBytes` are split: this thread counts the rows before a line start
// near 55 % of the data, a worker thread (or, run from the TypeScript sources as here, the same
// thread) counts the rest, and the counts are merged. The result must be the one-thread result:
// same tasks in the same order, same counts, same dropped rows, same first error at the same line.
// References: Python's csv module (make_mixed.py, as in readTaskCounts.python.test.ts) and the
// one-thread reader, itself checked against Python there.
const dir = mkdtempSync(join(tmpdir(), 'passk-io-split-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SPLIT: ResultsReadOptions = { threads: 2, parallelMinBytes: 1 };
const ONE: ResultsReadOptions = { threads: 1 };

const script = fileURLToPath(new URL('../../fixtures/results/make_mixed.py', import.meta.url));
const run = spawnSync('python3', [script, dir, '--tasks', '300', '--rows', '3000', '--seed', '5'], { encoding: 'utf8' });
if (run.status !== 0) throw new Error(`make_mixed.py failed: ${run.stderr}`);
const reference = JSON.parse(run.stdout) as Record<'csv' | 'quoted', { taskIds: string[]; n: number[]; c: number[]; rows: number }>;

function write(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
}

async function outcome(path: string, options: ResultsReadOptions): Promise<unknown> {
  return readTaskCounts(path, options).then(
    (counts) => counts,
    (error: unknown) => ({ error: String(error) }),
  );
}

// 400 rows over tasks t0..t59, first appearances spread over both halves: row i has task
// t((i·7) mod 60) for i < 200, t(i mod 60) after; success = (i mod 3 = 0).
const rows = Array.from({ length: 400 }, (_, i) => `t${i < 200 ? (i * 7) % 60 : i % 60},${i},${i % 3 === 0 ? 1 : 0}`);

describe('readTaskCounts split over two threads = one thread', () => {
  it('Python reference files (quoted fields with line breaks, BOM, CRLF), whole and in small reads', async () => {
    for (const [name, expected] of [
      ['mixed.csv', reference.csv],
      ['quoted.csv', reference.quoted],
    ] as const) {
      expect(await readTaskCounts(join(dir, name), SPLIT)).toMatchObject(expected);
      expect(await readTaskCounts(join(dir, name), { ...SPLIT, chunkSize: 7 })).toMatchObject(expected);
    }
  });

  it('task order and counts across the split point', async () => {
    const path = write('order.csv', ['task_id,trial,success', ...rows]);
    const one = await readTaskCounts(path, ONE);
    expect(one.taskIds).toHaveLength(60);
    expect(await readTaskCounts(path, SPLIT)).toEqual(one);
    expect(await readTaskCounts(path, { ...SPLIT, chunkSize: 5 })).toEqual(one);
  });

  it('a split point inside a quoted field with line breaks: read on by this thread', async () => {
    // One row whose quoted note (120 lines) spans the middle of the file.
    const note = `"${Array.from({ length: 120 }, (_, j) => `line ${j}, "" quoted`).join('\n')}"`;
    const path = write('spanning.csv', ['task_id,note,success', 'a,x,1', `b,${note},0`, 'a,y,0', 'c,z,1']);
    const one = await readTaskCounts(path, ONE);
    // a: 1, 0; b: 0; c: 1.
    expect(one).toMatchObject({ taskIds: ['a', 'b', 'c'], n: [2, 1, 1], c: [1, 0, 1] });
    expect(await readTaskCounts(path, SPLIT)).toEqual(one);
  });

  it('dropped rows in both parts add up; tasks only dropped in one part but counted in the other are kept', async () => {
    const lines = rows.map((row, i) => (i % 11 === 0 ? row.replace(/,[01]$/, ',') : row));
    lines.push('late,1,', 'late,2,');
    const path = write('dropped.csv', ['task_id,trial,success', ...lines]);
    const one = await readTaskCounts(path, ONE);
    // 37 rows i ≡ 0 (mod 11) below 400, plus the two "late" rows; "late" has no counted row.
    expect(one.dropped).toEqual({
      policy: 'drop',
      count: 39,
      reasons: { missing: 39, error: 0 },
      tasks: 1,
      countedAsFailures: 0,
      missing: 'drop',
      missingIsDefault: true,
    });
    expect(await readTaskCounts(path, SPLIT)).toEqual(one);
  });

  it.each<[name: string, badRow: number, options: ResultsReadOptions]>([
    ['a malformed row', 350, {}],
    ['a missing value under --missing error', 380, { missing: 'error' }],
  ])('%s in the second part: the error names its line in the whole file', async (_label, badRow, options) => {
    const lines = [...rows];
    lines[badRow] = options.missing === 'error' ? lines[badRow].replace(/,[01]$/, ',') : `${lines[badRow]},extra`;
    const path = write(`bad-${badRow}.csv`, ['task_id,trial,success', ...lines]);
    const one = await outcome(path, { ...ONE, ...options });
    // Row index badRow is on line badRow + 2 (the header is line 1).
    expect(String((one as { error: string }).error)).toContain(`bad-${badRow}.csv:${badRow + 2}:`);
    expect(await outcome(path, { ...SPLIT, ...options })).toEqual(one);
  });

  it('a bad row in the first part wins over one in the second', async () => {
    const lines = [...rows];
    lines[10] = `${lines[10]},extra`;
    lines[390] = `${lines[390]},extra`;
    const path = write('bad-both.csv', ['task_id,trial,success', ...lines]);
    const error = (await outcome(path, SPLIT)) as { error: string };
    expect(error.error).toContain('bad-both.csv:12:');
  });

  it('text trial ids (run-a) in a CSV: counted as on one thread, a repeated one is the same error', async () => {
    // Row i of `rows` with its trial written as a text id: t…,run-i,…
    const texts = rows.map((row) => row.replace(/^(t\d+),(\d+),/, '$1,run-$2,'));
    const path = write('text-trials.csv', ['task_id,trial,success', ...texts]);
    const one = await readTaskCounts(path, { ...ONE, trialColumn: 'trial' });
    // The plain tally of `rows`: 400 rows over 60 tasks, 134 successes (i ≡ 0 mod 3).
    expect(one.taskIds).toHaveLength(60);
    expect(one.n.reduce((a, b) => a + b, 0)).toBe(400);
    expect(one.c.reduce((a, b) => a + b, 0)).toBe(134);
    expect(await readTaskCounts(path, { ...SPLIT, trialColumn: 'trial' })).toEqual(one);
    const repeated = write('text-dup.csv', ['task_id,trial,success', ...texts, texts[5].replace(/,[01]$/, ',0')]);
    const error = (await outcome(repeated, { ...ONE, trialColumn: 'trial' })) as { error: string };
    expect(error.error).toContain(`text-dup.csv:402: duplicate of task "t35" trial "run-5" (first at line 7)`);
    expect(await outcome(repeated, { ...SPLIT, trialColumn: 'trial' })).toEqual(error);
  });

  it('a trial column keeps the file on one thread (duplicates need the whole file): same duplicate error', async () => {
    const path = write('dup.csv', ['task_id,trial,success', 'a,0,1', ...rows.slice(0, 300), 'a,0,0']);
    const error = (await outcome(path, { ...SPLIT, trialColumn: 'trial' })) as { error: string };
    expect(error.error).toContain(`dup.csv:303: duplicate of task "a" trial 0 (first at line 2)`);
  });
});

// The compiled worker (packages/cli/dist/io/csvRangeWorker.js, built by `pnpm test`/`tsc -b`):
// the same reader from dist really starts a thread.
const distReader = fileURLToPath(new URL('../../../packages/cli/dist/io/readTaskCounts.js', import.meta.url));
const distRunner = fileURLToPath(new URL('../../../packages/cli/dist/io/csvRangeRunner.js', import.meta.url));

describe('with the worker thread (built code)', () => {
  it('the worker script is built next to the reader', () => {
    expect(existsSync(fileURLToPath(new URL('../../../packages/cli/dist/io/csvRangeWorker.js', import.meta.url)))).toBe(true);
  });

  it('the worker counts a part as this thread does', async () => {
    const { startCsvRange } = (await import(distRunner)) as typeof import('../../../packages/cli/src/io/csvRangeRunner.js');
    const { countCsvRange } = await import('../../../packages/cli/src/io/countCsvRange.js');
    const path = write('part.csv', ['task_id,trial,success', ...rows]);
    const task = {
      file: path,
      start: 'task_id,trial,success\n'.length + rows.slice(0, 100).join('\n').length + 1,
      separator: 0x2c,
      header: ['task_id', 'trial', 'success'],
      columns: { task: 'task_id', success: 'success' },
      threshold: 1,
      onError: 'drop' as const,
      missing: 'drop' as const,
      chunkSize: 64,
      checkTrials: false,
      maxTrialMemory: 1 << 20,
    };
    const here = await countCsvRange(task);
    const there = await startCsvRange(task).result;
    expect(there.ok).toBe(true);
    expect(here.ok).toBe(true);
    if (there.ok !== true || here.ok !== true) return;
    expect([Buffer.from(there.state.arena).toString(), Array.from(there.state.tasks), there.state.rows, there.reasons]).toEqual([
      Buffer.from(here.state.arena).toString(),
      Array.from(here.state.tasks),
      here.state.rows,
      here.reasons,
    ]);
    expect(there.state.rows).toBe(300);
  });

  it('readTaskCounts from dist with the split = the one-thread result, and the Python reference', async () => {
    const dist = (await import(distReader)) as typeof import('../../../packages/cli/src/io/readTaskCounts.js');
    const path = write('dist.csv', ['task_id,trial,success', ...rows]);
    expect(await dist.readTaskCounts(path, SPLIT)).toEqual(await readTaskCounts(path, ONE));
    expect(await dist.readTaskCounts(join(dir, 'mixed.csv'), SPLIT)).toMatchObject(reference.csv);
    const bad = [...rows];
    bad[350] = `${bad[350]},extra`;
    const badPath = write('dist-bad.csv', ['task_id,trial,success', ...bad]);
    expect(await outcome(badPath, ONE)).toEqual(
      await dist.readTaskCounts(badPath, SPLIT).then(
        () => undefined,
        (error: unknown) => ({ error: String(error) }),
      ),
    );
  });
});
