// Keys read from results files never reach a prototype: `__proto__`, `constructor`, `prototype` as
// task ids, column names, JSON keys, --where and --by columns are read like any other name, and
// Object.prototype is untouched afterwards. Expected counts are hand-counted from the inputs below.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { passk } from '../../helpers/runPassk.js';

const dir = mkdtempSync(join(tmpdir(), 'passk-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const HOSTILE = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const before = prototypeNames();

/** Per-task n and c from `estimate --json` (its tasks in order of first appearance). */
async function perTask(...args: string[]): Promise<Record<string, [number, number]>> {
  const run = await passk('estimate', ...args, '--json', '--bootstrap', '0', '--k', '1');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const out = JSON.parse(run.stdout) as { perTask?: Array<{ task: string; n: number; c: number }> };
  const result: Record<string, [number, number]> = Object.create(null);
  for (const t of out.perTask ?? []) result[t.task] = [t.n, t.c];
  return result;
}

function expectPrototypeUntouched(): void {
  expect(prototypeNames()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

describe('hostile names in results files', () => {
  // Each hostile id twice: the first row succeeds, the second fails, except toString (both succeed); trials numbered by row.
  const rows = HOSTILE.flatMap((id, i) => [`${id},${2 * i},1,x,m`, `${id},${2 * i + 1},${id === 'toString' ? 1 : 0},x,m`]);
  const csv = file('keys.csv', ['task,trial,success,__proto__,constructor', ...rows, ''].join('\n'));
  // Entries, not an object literal: `{ __proto__: … }` in source would set the literal's prototype.
  const expected = [
    ['__proto__', [2, 1]],
    ['constructor', [2, 1]],
    ['prototype', [2, 1]],
    ['hasOwnProperty', [2, 1]],
    ['toString', [2, 2]],
  ];

  it('task ids and column names in a CSV (the lean counter and the record path)', async () => {
    const lean = await perTask(csv);
    expect(Object.entries(lean)).toEqual(expected);
    // --where on a column named constructor reads every row as a record (header → value, no prototype).
    const records = await perTask(csv, '--where', 'constructor=m');
    expect(Object.entries(records)).toEqual(expected);
    expectPrototypeUntouched();
  });

  it('a CSV column named __proto__ as the task column, and as --by groups', async () => {
    const byProto = await perTask(csv, '--task-col', '__proto__');
    expect(Object.entries(byProto)).toEqual([['x', [10, 6]]]);
    // The record path (a --where) builds each row from the header: a plain {} would drop `__proto__` (assigning a string to it is ignored).
    expect(Object.entries(await perTask(csv, '--task-col', '__proto__', '--where', 'constructor=m'))).toEqual([['x', [10, 6]]]);
    const run = await passk('estimate', csv, '--by', 'constructor', '--json', '--bootstrap', '0', '--k', '1');
    expect(run.code, run.stderr).toBe(0);
    expectPrototypeUntouched();
  });

  it('JSON Lines whose keys and values try to reach Object.prototype', async () => {
    const lines = HOSTILE.map((id, i) => JSON.stringify({ task: id, success: i % 2 })).map((line) =>
      line.replace('{', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},'),
    );
    const jsonl = file('keys.jsonl', `${lines.join('\n')}\n`);
    const counts = await perTask(jsonl);
    expect(Object.entries(counts)).toEqual(HOSTILE.map((id, i) => [id, [1, i % 2]]));
    // Dot paths through hostile keys find nothing on the prototype: a missing column, not a crash.
    const run = await passk('estimate', jsonl, '--task-col', 'constructor.prototype.polluted', '--json');
    expect(run.code).toBe(0); // the records have that path as their own keys
    const missing = await passk('estimate', jsonl, '--task-col', 'toString');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/must have the task column "toString"/);
    expectPrototypeUntouched();
  });

  it('a {task: [outcomes]} document and a JSON array with hostile keys', async () => {
    const doc = file('keys.json', '{"__proto__":[true,false],"constructor":[true],"prototype":[false,false,true]}');
    expect(Object.entries(await perTask(doc))).toEqual([
      ['__proto__', [2, 1]],
      ['constructor', [1, 1]],
      ['prototype', [3, 1]],
    ]);
    const array = file('array.json', `[${HOSTILE.map((id) => `{"__proto__":{"polluted":1},"task":"${id}","success":true}`).join(',')}]`);
    expect(Object.entries(await perTask(array))).toEqual(HOSTILE.map((id) => [id, [1, 1]]));
    expectPrototypeUntouched();
  });
});
