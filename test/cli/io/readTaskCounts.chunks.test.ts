import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import type { ResultsReadOptions } from '../../../packages/cli/src/io/resultsReadOptions.js';

// Reading in tiny chunks makes rows, quoted fields, CRLF pairs, the BOM and multi-byte UTF-8
// characters straddle reads; the result must not depend on where the reads fall.
const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/results/${name}`, import.meta.url));
const SMALL_CHUNKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 16, 31];

async function outcome(path: string, options: ResultsReadOptions): Promise<unknown> {
  return readTaskCounts(path, options).then(
    (counts) => counts,
    (error: unknown) => ({ error: String(error) }),
  );
}

describe('readTaskCounts: chunk boundaries', () => {
  const files: Array<[name: string, options: ResultsReadOptions]> = [
    ['basic.csv', {}],
    ['basic.tsv', {}],
    ['basic.jsonl', {}],
    ['quoted.csv', {}],
    ['tau-rewards.jsonl', { rewardColumn: 'reward' }],
    ['jsonl-content', {}],
    ['tsv-content.txt', {}],
    ['csv-content', {}],
    ['tau-small.json', {}],
    ['tau-compact.txt', {}],
    ['samples.jsonl_results.jsonl', {}],
    ['errors.csv', { trialColumn: 'trial' }],
    ['errors.jsonl', {}],
  ];
  it.each(files)('%s: same counts at chunk sizes 1..31 as in one read', async (name, options) => {
    const whole = await readTaskCounts(fixture(name), options);
    for (const chunkSize of SMALL_CHUNKS) {
      expect(await readTaskCounts(fixture(name), { ...options, chunkSize }), `chunkSize ${chunkSize}`).toEqual(whole);
    }
  });

  const errors: Array<[name: string, options: ResultsReadOptions]> = [
    ['err-wrong-fields.csv', {}],
    ['err-wrong-fields-quoted.csv', {}],
    ['err-unterminated.csv', {}],
    ['err-after-quote.csv', {}],
    ['err-after-quote-cr.csv', {}],
    ['err-stray-quote.csv', {}],
    ['err-quoted-empty-success.csv', { missing: 'error' }],
    ['err-bad-success.csv', {}],
    ['err-bad-json.jsonl', {}],
    ['err-missing-key.jsonl', { missing: 'error' }],
    ['err-empty.csv', {}],
    ['err-blank-lines.jsonl', {}],
    ['dup-trial.csv', { trialColumn: 'trial' }],
    ['dup-trial.jsonl', { trialColumn: 'trial' }],
    ['err-tau-truncated-record.json', {}],
    ['err-tau-truncated-after.json', {}],
    ['err-tau-duplicate.json', {}],
    ['err-tau-missing-comma.json', {}],
    ['err-tau-bad-json.json', {}],
  ];
  it.each(errors)('%s: same error at chunk sizes 1..31 as in one read', async (name, options) => {
    const whole = await outcome(fixture(name), options);
    expect(whole).toHaveProperty('error');
    for (const chunkSize of SMALL_CHUNKS) {
      expect(await outcome(fixture(name), { ...options, chunkSize }), `chunkSize ${chunkSize}`).toEqual(whole);
    }
  });
});

describe('readTaskCounts: rows longer than a read and than the initial buffer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'passk-io-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // 60 rows over 3 tasks; task t = i mod 3, success = (i mod 4 = 0). Every 10th row carries a
  // 9 000-character note (quoted with line breaks when i mod 20 = 0, else unquoted), past the
  // 4 KiB initial buffer. Closed form: each task has 20 rows; successes are the i ≡ 0 (mod 4)
  // among i ≡ t (mod 3), i < 60: i ≡ 0, 4, 8 (mod 12) for t = 0, 1, 2 respectively → 5 each.
  const ids = ['ü-0', '東-1', '🙂-2'];
  const long = 'ä€🙂x'.repeat(2250);
  const lines = ['task_id,note,success'];
  for (let i = 0; i < 60; i++) {
    const note = i % 20 === 0 ? `"${long}\r\n""${long}"""` : i % 10 === 0 ? long : 'n';
    lines.push(`${ids[i % 3]},${note},${i % 4 === 0 ? 1 : 0}`);
  }
  const path = join(dir, 'long.csv');
  writeFileSync(path, lines.join('\r\n'));

  it.each([7, 4093, 1 << 20])('chunkSize %i', async (chunkSize) => {
    const r = await readTaskCounts(path, { chunkSize });
    expect(r).toMatchObject({ taskIds: ids, n: [20, 20, 20], c: [5, 5, 5], rows: 60 });
  });
});
