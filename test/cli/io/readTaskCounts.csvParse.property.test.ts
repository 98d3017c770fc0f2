// Property: the hand-written CSV reader (readTaskCounts) counts what csv-parse (a separate,
// widely used parser) reads from the same bytes, whatever the chunk size of the reads: random task
// ids with commas, quotes, line breaks and multi-byte characters, random quoting, LF or CRLF line
// ends, an optional BOM and trailing newline, and chunks of 1 byte up to more than the file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';

const dir = mkdtempSync(join(tmpdir(), 'passk-csv-property-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pieceArb = fc.constantFrom('a', 'b', 'task', '7', ',', '"', '""', ' ', 'é', '😀', '\n', '\r\n', ';', 'x y');
const idArb = fc.array(pieceArb, { minLength: 1, maxLength: 5 }).map((pieces) => `t${pieces.join('')}`); // a leading letter: never empty
const rowArb = fc.record({
  task: fc.integer({ min: 0, max: 5 }),
  success: fc.constantFrom('0', '1', 'true', 'false', 'TRUE'),
  note: fc.array(pieceArb, { maxLength: 4 }).map((pieces) => pieces.join('')),
  quote: fc.boolean(),
});
const fileArb = fc.record({
  ids: fc.uniqueArray(idArb, { minLength: 6, maxLength: 6 }),
  rows: fc.array(rowArb, { minLength: 1, maxLength: 40 }),
  eol: fc.constantFrom('\n', '\r\n'),
  bom: fc.boolean(),
  trailingNewline: fc.boolean(),
  chunkSize: fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 17, max: 5000 })),
});

/** A CSV field: quoted when it must be (or when asked), quotes doubled (RFC 4180). */
function field(text: string, quote: boolean): string {
  return quote || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

let case_ = 0;

describe('readTaskCounts against csv-parse (property)', () => {
  it('same tasks, trials and successes at random chunk sizes', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, async ({ ids, rows, eol, bom, trailingNewline, chunkSize }) => {
        const lines = ['task_id,note,success', ...rows.map((row) => [field(ids[row.task]!, row.quote), field(row.note, row.quote), row.success].join(','))];
        const text = `${bom ? '\uFEFF' : ''}${lines.join(eol)}${trailingNewline ? eol : ''}`;
        const path = join(dir, `case-${case_++}.csv`);
        writeFileSync(path, text);

        const records: Array<{ task_id: string; success: string }> = parse(text, { bom: true, columns: true });
        const taskIds: string[] = [];
        const n: number[] = [];
        const c: number[] = [];
        for (const record of records) {
          let t = taskIds.indexOf(record.task_id);
          if (t < 0) {
            t = taskIds.push(record.task_id) - 1;
            n.push(0);
            c.push(0);
          }
          n[t]!++;
          if (record.success === '1' || record.success.toLowerCase() === 'true') c[t]!++;
        }

        const counts = await readTaskCounts(path, { chunkSize });
        expect({ taskIds: counts.taskIds, n: counts.n, c: counts.c, rows: counts.rows }).toEqual({ taskIds, n, c, rows: records.length });
      }),
      { numRuns: 200, seed: 1511 },
    );
  });
});
