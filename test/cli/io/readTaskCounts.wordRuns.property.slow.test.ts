import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { STRAY_QUOTE_RULE } from '../../../packages/cli/src/io/csvRecord.js';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';

// DelimitedRowCounter.countRepeats compares a row's task and separator with the previous row's as
// 32-bit words (offsets 0, 4, 8 and size − 4, the words between in a loop past 16 bytes; byte by byte
// under 4 bytes or after a quoted task) and, in the layout task,trial,success, reads "D,V\n" and
// "DD,V\n" as one word (other trials, CR LF and rows near the end of a read byte by byte). The task
// ids here are of every length around those offsets and differ from each other in one byte at the
// start, in a middle word, in the word loop or at the end, so a wrong word offset shows as a wrong
// count. The reference is a plain tally of the rows written (a Set of "task trial" pairs for the
// first repeated pair), at chunk sizes 1 to 40 (rows and words straddle reads).
const dir = mkdtempSync(join(tmpdir(), 'passk-word-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const x = (count: number) => 'x'.repeat(count);
/** `x` × length with a `y` at offset `at`: ids of one length differing in one byte only. */
const y = (length: number, at: number) => `${x(at)}y${x(length - at - 1)}`;
/**
 * Ids of 1 to 24 bytes (with the separator: 2 to 25), in groups of one length whose ids differ in one
 * byte only: in the first word (offset 0), the second (5), the third (9, 10), only the last (the
 * task's last byte), or only a word of the loop past 16 bytes (12, 13, 18).
 */
const IDS = [
  'a',
  'b',
  'ab',
  'bb',
  'abc',
  'abd',
  'abcd',
  'abce',
  'task-7',
  'task-8',
  x(11),
  y(11, 0),
  y(11, 5),
  y(11, 10),
  x(15),
  y(15, 9),
  y(15, 14),
  x(16),
  y(16, 12),
  y(16, 15),
  x(23),
  y(23, 13),
  y(23, 18),
  `é${x(20)}`,
];

/** How a row writes its outcome: mostly 0/1 (the lean loop's), else `true`/`false` (the full parser's) or a bad one. */
type Outcome = 'digit' | 'word' | 'bad';

const rowArb = fc.record({
  task: fc.integer({ min: 0, max: IDS.length - 1 }),
  trial: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 10, max: 99 }), fc.integer({ min: 100, max: 1500 })),
  success: fc.boolean(),
  outcome: fc.constantFrom<Outcome>('digit', 'digit', 'digit', 'digit', 'digit', 'digit', 'word', 'bad'),
  quotedTask: fc.constantFrom(false, false, false, false, true),
  crlf: fc.constantFrom(false, false, false, true),
});

type Row = { task: number; trial: number; success: boolean; outcome: Outcome; quotedTask: boolean; crlf: boolean };

function rowLine(row: Row, trials: boolean): string {
  const id = row.quotedTask ? `"${IDS[row.task]}"` : IDS[row.task];
  const outcome = row.outcome === 'bad' ? '2' : row.outcome === 'word' ? String(row.success) : row.success ? '1' : '0';
  const fields = trials ? [id, String(row.trial), outcome] : [id, outcome];
  return fields.join(',') + (row.crlf ? '\r' : '');
}

/** Each picked row as a run of `repeat` rows of its task (trials counting up from its trial; one bad outcome at most), long enough for the lean loop. */
function runs(rows: readonly Row[], repeat: number): Row[] {
  return rows.flatMap((row) =>
    Array.from({ length: repeat }, (_, i) => ({
      ...row,
      trial: row.trial + i,
      crlf: row.crlf && i % 2 === 1,
      outcome: row.outcome === 'bad' && i < repeat - 1 ? 'digit' : row.outcome,
    })),
  );
}

type Expected = { ids: string[]; n: number[]; c: number[] } | { line: number; message: string };

/** The counts in order of first appearance, or the first bad row: a bad outcome, or (with `trials`) a repeated (task, trial). */
function reference(rows: readonly Row[], trials: boolean): Expected {
  const seen = new Set<string>();
  const order: string[] = [];
  const n = new Map<string, number>();
  const c = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const { task, trial, success, outcome } = rows[i];
    if (outcome === 'bad') return { line: i + 2, message: 'column "success" must be 1/0' };
    const pair = `${task} ${trial}`;
    if (trials && seen.has(pair)) return { line: i + 2, message: 'duplicate of task' };
    seen.add(pair);
    const id = IDS[task];
    if (!n.has(id)) order.push(id);
    n.set(id, (n.get(id) ?? 0) + 1);
    c.set(id, (c.get(id) ?? 0) + (success ? 1 : 0));
  }
  return { ids: order, n: order.map((id) => n.get(id)!), c: order.map((id) => c.get(id)!) };
}

describe('readTaskCounts: runs of a task compared a word at a time', () => {
  it('counts rows and finds the first repeated (task, trial) as a plain tally does, ids of 1 to 24 bytes, at every chunk size', async () => {
    let file = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), async (picked, repeat, trials) => {
        const rows = runs(picked, repeat);
        const path = join(dir, `words-${file++}.csv`);
        writeFileSync(path, `${trials ? 'task,trial,success' : 'task,success'}\n${rows.map((row) => rowLine(row, trials)).join('\n')}\n`);
        const expected = reference(rows, trials);
        for (let chunkSize = 1; chunkSize <= 40; chunkSize++) {
          const read = readTaskCounts(path, { chunkSize });
          if ('line' in expected) {
            await expect(read, `chunkSize ${chunkSize}`).rejects.toThrow(new RegExp(`^${path.replaceAll('.', '\\.')}:${expected.line}: ${expected.message}`));
          } else {
            const counts = await read;
            expect({ ids: counts.taskIds, n: counts.n, c: counts.c }, `chunkSize ${chunkSize}`).toEqual(expected);
          }
        }
      }),
      { numRuns: 200, seed: 20261203 },
    );
    // 8 000 reads: 28.6 s and over 30 s on this project's 2-core machine on 3 December (a slow day); a guard against a hang, not a timing.
  }, 120_000);

  it('tells apart ids of one length that differ in one byte, each after each, at every chunk size', async () => {
    // Every ordered pair of ids of one length, as runs of 3 rows: a, b, a, … (trials counting up per task).
    const rows: Row[] = [];
    const next = new Map<number, number>();
    const run = (task: number) => {
      for (let i = 0; i < 3; i++) {
        const trial = next.get(task) ?? 0;
        next.set(task, trial + 1);
        rows.push({ task, trial, success: (trial + task) % 3 !== 0, outcome: 'digit', quotedTask: false, crlf: false });
      }
    };
    for (let a = 0; a < IDS.length; a++) {
      for (let b = 0; b < IDS.length; b++) {
        if (a === b || Buffer.byteLength(IDS[a]) !== Buffer.byteLength(IDS[b])) continue;
        run(a);
        run(b);
      }
    }
    for (const trials of [true, false]) {
      const path = join(dir, `pairs-${trials}.csv`);
      writeFileSync(path, `${trials ? 'task,trial,success' : 'task,success'}\n${rows.map((row) => rowLine(row, trials)).join('\n')}\n`);
      const expected = reference(rows, trials);
      expect('ids' in expected && expected.ids.length).toBe(IDS.length - 1); // all but é…, the only id of its length
      for (let chunkSize = 1; chunkSize <= 40; chunkSize++) {
        const counts = await readTaskCounts(path, { chunkSize });
        expect({ ids: counts.taskIds, n: counts.n, c: counts.c }, `chunkSize ${chunkSize}`).toEqual(expected);
      }
    }
  });

  it('refuses a bad outcome inside a run at its line, after one- and two-digit trials', async () => {
    for (const [i, [trial, outcome]] of [
      ['5', '2'],
      ['5', '\u000b'], // a vertical tab where a line feed would be: one bit apart
      ['5', '0\u000b'],
      ['5', '1x'],
      ['5', '11'],
      ['5', ''],
      ['15', '2'],
      ['15', '1x'],
      ['15', '10'],
    ].entries()) {
      const path = join(dir, `bad-${i}.csv`);
      writeFileSync(path, `task,trial,success\nabcd,0,1\nabcd,1,1\nabcd,${trial},${outcome}\nabcd,2,1\n`);
      const rule = outcome === '' ? 'column "success" must have a value' : 'column "success" must be 1/0';
      for (let chunkSize = 1; chunkSize <= 40; chunkSize++) {
        await expect(readTaskCounts(path, { chunkSize, missing: 'error' }), `${trial},${outcome} chunkSize ${chunkSize}`).rejects.toThrow(`${path}:4: ${rule}`);
      }
    }
  });

  it('refuses a stray quote on the row after a quoted task (whose bytes, closing quote included, are not compared as words)', async () => {
    const path = join(dir, 'quoted.csv');
    writeFileSync(path, 'task,trial,success\n"abcd",0,1\nabcd"1,1\n');
    for (let chunkSize = 1; chunkSize <= 40; chunkSize++) {
      await expect(readTaskCounts(path, { chunkSize }), `chunkSize ${chunkSize}`).rejects.toThrow(`${path}:3: ${STRAY_QUOTE_RULE}`);
    }
  });
});
