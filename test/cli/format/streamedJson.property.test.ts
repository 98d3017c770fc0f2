import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LazyArray, writeJson } from '../../../packages/cli/src/format/streamedJson.js';

// writeJson writes what JSON.stringify(value, null, 2) + "\n" does, in pieces (format/streamedJson.ts):
// `estimate --json` on 400 000 tasks is written task by task instead of as one string. The expected
// bytes are JSON.stringify's own, the reference implementation of the format.

function written(value: unknown): { text: string; pieces: number } {
  let text = '';
  let pieces = 0;
  writeJson(value, (piece) => {
    text += piece;
    pieces++;
  });
  return { text, pieces };
}

/** `value` with every array replaced by a LazyArray of the same items (what estimate does for perTask). */
function lazily(value: unknown): unknown {
  if (Array.isArray(value)) return new LazyArray(value.length, (i) => value[i]);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, lazily(item)]));
  return value;
}

describe('writeJson', () => {
  it('equals JSON.stringify(value, null, 2) + "\\n" for any JSON-like value (undefined members, -0, NaN, holes included)', () => {
    const leaf = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constant(-0),
      fc.constant(Number.NaN),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.sparseArray(tie('node')), fc.dictionary(fc.string(), tie('node'))),
    })).node;
    fc.assert(
      fc.property(tree, (value) => {
        expect(written(value).text).toBe(`${JSON.stringify(value, null, 2) ?? 'null'}\n`);
      }),
      { numRuns: 500 },
    );
  });

  it('a LazyArray is written like the array of its items; items are made one at a time', () => {
    const json = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.double(), fc.string(), fc.constant(null), fc.array(tie('node')), fc.dictionary(fc.string(), tie('node'))),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(json)), (value) => {
        expect(written(lazily(value)).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
      }),
      { numRuns: 300 },
    );
    const made: number[] = [];
    const { text, pieces } = written({
      kind: 'x',
      perTask: new LazyArray(5_000, (i) => {
        made.push(i);
        return { task: `t${i}`, n: 3, c: i % 4 };
      }),
    });
    const tasks = Array.from({ length: 5_000 }, (_, i) => ({ task: `t${i}`, n: 3, c: i % 4 }));
    expect(text).toBe(`${JSON.stringify({ kind: 'x', perTask: tasks }, null, 2)}\n`);
    expect(made).toEqual(tasks.map((_, i) => i));
    // Written in pieces of about 64 KiB, not as one string (5 000 items: about 300 KB, several pieces).
    expect(pieces).toBeGreaterThan(text.length / (1 << 17));
  });

  it('objects with toJSON (a Date) and class instances go through JSON.stringify as they would in place', () => {
    const value = { at: new Date(0), list: [new Date(1), { inner: new Date(2) }], empty: {}, none: [] };
    expect(written(value).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });
});
