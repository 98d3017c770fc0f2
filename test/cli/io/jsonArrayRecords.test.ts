import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileWindow } from '../../../packages/cli/src/io/fileWindow.js';
import { readJsonArray, type JsonArrayRecord } from '../../../packages/cli/src/io/jsonArrayRecords.js';

// The tokenizer against JSON.parse of the whole text (the independent reference): the same objects,
// each with the line its `{` is on and its 1-based index, whatever the read size.
const dir = mkdtempSync(join(tmpdir(), 'passk-json-array-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function records(path: string, chunkSize: number): Promise<JsonArrayRecord[]> {
  const window = await FileWindow.open(path, chunkSize);
  try {
    const out: JsonArrayRecord[] = [];
    for await (const record of readJsonArray(window, 0)) out.push(record);
    return out;
  } finally {
    await window.close();
  }
}

// Each text with the line of each record's `{`, counted by hand.
const texts: Array<[name: string, text: string, lines: number[]]> = [
  ['compact', '[{"a":1},{"b":[1,{"c":"}"}]},{}]', [1, 1, 1]],
  [
    'pretty, strings with brackets, escapes and UTF-8',
    '[\n  {\n    "task_id": "é😀}",\n    "info": {"q": "a \\"quoted\\" ] \\\\", "n": [1, [2, {"x": "{"}]]}\n  },\n\n  {"task_id": 2, "traj": ["\\u007d", "日本"]}\r\n]\n',
    [2, 7],
  ],
  ['blank around', ' \n\t[ \n { "k" : null } \n , {"k":true}\n]\n\n  ', [3, 4]],
  ['empty array', '[ ]', []],
];

describe('readJsonArray', () => {
  it.each(texts)('%s: the objects JSON.parse sees, at read sizes 1..17 and 1 MiB', async (name, text, lines) => {
    const path = file(`${name.replace(/\W+/g, '-')}.json`, text);
    const expected = JSON.parse(text) as object[];
    expect(lines).toHaveLength(expected.length);
    for (const chunkSize of [1, 2, 3, 5, 7, 11, 17, 1 << 20]) {
      const got = await records(path, chunkSize);
      expect(got, `chunkSize ${chunkSize}`).toEqual(expected.map((value, i) => ({ value, line: lines[i], index: i + 1 })));
    }
  });

  it('keeps memory to the record: a 200 kB record read in 64-byte chunks comes out whole', async () => {
    const big = { task_id: 'big', traj: 'x{'.repeat(100_000) };
    const path = file('big.json', JSON.stringify([{ task_id: 'small' }, big]));
    const got = await records(path, 64);
    expect(got.map((r) => r.value)).toEqual([{ task_id: 'small' }, big]);
  });
});
