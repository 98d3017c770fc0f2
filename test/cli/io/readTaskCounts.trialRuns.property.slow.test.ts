import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';

// Files of the layout task,trial,success (and task,trial,note,success): rows that repeat the previous
// task with a plain-digit trial are counted by DelimitedRowCounter.countRepeats, every other row
// (a new task, "3.0", a quoted field, CRLF, a text outcome) by the full parser. The reference is a
// plain tally of the rows written, with a Set of "task trial" pairs for the first repeated pair; every
// chunk size from 1 to 24 (rows straddle reads) must give the same counts or the same error line.
const dir = mkdtempSync(join(tmpdir(), 'passk-trial-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rowArb = fc.record({
  task: fc.integer({ min: 0, max: 3 }),
  trial: fc.integer({ min: 0, max: 40 }),
  success: fc.boolean(),
  trialText: fc.constantFrom('plain', 'plain', 'plain', 'dotZero', 'quoted'),
  successText: fc.constantFrom('digit', 'digit', 'digit', 'word'),
  crlf: fc.boolean(),
});

interface Row {
  task: number;
  trial: number;
  success: boolean;
  trialText: string;
  successText: string;
  crlf: boolean;
}

function rowLine(row: Row, note: boolean): string {
  const trial = row.trialText === 'dotZero' ? `${row.trial}.0` : row.trialText === 'quoted' ? `"${row.trial}"` : String(row.trial);
  const success = row.successText === 'word' ? (row.success ? 'true' : 'false') : row.success ? '1' : '0';
  const fields = note ? [`task-${row.task}`, trial, 'x', success] : [`task-${row.task}`, trial, success];
  return fields.join(',') + (row.crlf ? '\r' : '');
}

/** The counts in order of first appearance, or the 1-based line of the first repeated (task, trial). */
function reference(rows: readonly Row[]): { ids: string[]; n: number[]; c: number[] } | { line: number } {
  const seen = new Set<string>();
  const order: string[] = [];
  const n = new Map<string, number>();
  const c = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const { task, trial, success } = rows[i];
    const id = `task-${task}`;
    const pair = `${task} ${trial}`;
    if (!n.has(id)) order.push(id);
    n.set(id, (n.get(id) ?? 0) + 1);
    c.set(id, (c.get(id) ?? 0) + (success ? 1 : 0));
    if (seen.has(pair)) return { line: i + 2 };
    seen.add(pair);
  }
  return { ids: order, n: order.map((id) => n.get(id)!), c: order.map((id) => c.get(id)!) };
}

describe('readTaskCounts: runs of a task with a trial column', () => {
  it('counts rows and finds the first repeated (task, trial) as a plain tally does, at every chunk size', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 60 }), fc.boolean(), async (rows, note) => {
        const path = join(dir, `runs-${file++}.csv`);
        writeFileSync(path, `${note ? 'task,trial,note,success' : 'task,trial,success'}\n${rows.map((row) => rowLine(row, note)).join('\n')}\n`);
        const expected = reference(rows);
        for (let chunkSize = 1; chunkSize <= 24; chunkSize++) {
          const read = readTaskCounts(path, { chunkSize });
          if ('line' in expected) {
            await expect(read, `chunkSize ${chunkSize}`).rejects.toThrow(new RegExp(`^${path.replaceAll('.', '\\.')}:${expected.line}: duplicate of task`));
          } else {
            const counts = await read;
            expect({ ids: counts.taskIds, n: counts.n, c: counts.c }, `chunkSize ${chunkSize}`).toEqual(expected);
          }
        }
      }),
      { numRuns: 150, seed: 20261201 },
    );
  });
});

describe('readTaskCounts: runs of consecutive trials (0, 1, 2, …: checked a stretch at a time)', () => {
  // Rows written as stretches (a task, a first trial, a length): the trials of a stretch follow one
  // another, as in most logs, and a later stretch may overlap an earlier one of the same task. Same
  // reference as above; the stretch's repeated row must be the one named.
  const stretchArb = fc.record({
    task: fc.integer({ min: 0, max: 2 }),
    first: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1015, max: 1030 })),
    length: fc.integer({ min: 1, max: 40 }),
    crlf: fc.boolean(),
  });
  it('counts rows and finds the first repeated (task, trial) as a plain tally does, at several chunk sizes', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stretchArb, { minLength: 1, maxLength: 8 }), fc.infiniteStream(fc.boolean()), async (stretches, successes) => {
        const rows: Row[] = stretches.flatMap(({ task, first, length, crlf }) =>
          Array.from({ length }, (_, i) => ({ task, trial: first + i, success: successes.next().value, trialText: 'plain', successText: 'digit', crlf })),
        );
        const path = join(dir, `stretches-${file++}.csv`);
        writeFileSync(path, `task,trial,success\n${rows.map((row) => rowLine(row, false)).join('\n')}\n`);
        const expected = reference(rows);
        for (const chunkSize of [7, 64, 1 << 16]) {
          const read = readTaskCounts(path, { chunkSize });
          if ('line' in expected) {
            // The repeated row, and the first row of its pair (found by a second pass, TrialProbe.markRange).
            const { task, trial } = rows[expected.line - 2]!;
            const first = rows.findIndex((row) => row.task === task && row.trial === trial) + 2;
            const message = `^${path.replaceAll('.', '\\.')}:${expected.line}: duplicate of task "task-${task}" trial ${trial} \\(first at line ${first}\\)$`;
            await expect(read, `chunkSize ${chunkSize}`).rejects.toThrow(new RegExp(message));
          } else {
            const counts = await read;
            expect({ ids: counts.taskIds, n: counts.n, c: counts.c }, `chunkSize ${chunkSize}`).toEqual(expected);
          }
        }
      }),
      { numRuns: 150, seed: 20261203 },
    );
  });
});
