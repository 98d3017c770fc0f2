import { describe, expect, it } from 'vitest';
import { readJsonHead } from '../../../packages/cli/src/io/jsonHead.js';

// Expected values: the documents are written out below, so each key list, text and flag is read
// off the literal (or, for the cut documents, off the literal up to the cut).
const bytes = (text: string) => new TextEncoder().encode(text);
const summary = (text: string) => {
  const head = readJsonHead(bytes(text));
  return {
    root: head.root?.type,
    keys: head.root?.keys,
    members: Object.fromEntries([...head.members].map(([key, value]) => [key, { ...value }])),
    first: head.first && { ...head.first },
    complete: head.complete,
    valid: head.valid,
  };
};

describe('readJsonHead: what the first bytes of a JSON document say', () => {
  it('a whole object: each member with its type, text, keys or first element keys', () => {
    const doc = JSON.stringify({
      id: 'r1',
      results: [{ trial_name: 't.1', task_id: 't', instruction: 'x' }, { trial_name: 't.2' }],
      n: 2,
      ok: [true, 0, null],
    });
    expect(summary(doc)).toEqual({
      root: 'object',
      keys: ['id', 'results', 'n', 'ok'],
      members: {
        id: { type: 'string', keys: [], text: 'r1' },
        results: { type: 'array', keys: ['trial_name', 'task_id', 'instruction'], outcomes: false },
        n: { type: 'number', keys: [] },
        ok: { type: 'array', keys: [], outcomes: true },
      },
      first: undefined,
      complete: true,
      valid: true,
    });
  });

  it('cut inside a long string: the keys read so far, the member being read included, not complete', () => {
    const doc = `{"id": "u", "trial_name": "fix-git.1-of-1", "task_id": "fix-git", "instruction": "${'word '.repeat(1000)}`;
    const head = readJsonHead(bytes(doc).subarray(0, 200));
    expect(head.root?.keys).toEqual(['id', 'trial_name', 'task_id', 'instruction']);
    expect(head.members.get('trial_name')?.text).toBe('fix-git.1-of-1');
    expect(head.members.get('instruction')?.type).toBe('string');
    expect(head.complete).toBe(false);
    expect(head.valid).toBe(true);
  });

  it('cut inside the first element of an array member: its keys so far', () => {
    const doc = `{"id": "run", "results": [{"id": "a", "trial_name": "t.1", "instruction": "${'x'.repeat(500)}"`;
    const head = readJsonHead(bytes(doc).subarray(0, 100));
    expect(head.members.get('results')).toEqual({ type: 'array', keys: ['id', 'trial_name', 'instruction'], outcomes: false });
    expect(head.complete).toBe(false);
  });

  it('an array root: the first element keys; escapes and a byte order mark are read as JSON.parse reads them', () => {
    const doc = `\uFEFF[{"task_id": 1, "re\\"ward": 1, "trial": 0, "info": {"a": [1, {"b": "}]"}]}}, {"task_id": 2}]`;
    expect(summary(doc)).toMatchObject({ root: 'array', keys: ['task_id', 're"ward', 'trial', 'info'], complete: true, valid: true });
    const escaped = readJsonHead(bytes(String.raw`{"name": "a\u00e9\n\\b", "x": 1}`));
    expect(escaped.members.get('name')?.text).toBe(JSON.parse(String.raw`"a\u00e9\n\\b"`));
  });

  it('a string text is cut at 200 characters', () => {
    const head = readJsonHead(bytes(JSON.stringify({ long: 'y'.repeat(500) })));
    expect(head.members.get('long')?.text).toBe('y'.repeat(200));
    expect(head.complete).toBe(true);
  });

  it('not JSON: not valid; empty or blank: no root, not complete', () => {
    expect(summary('task,success\na,1\n')).toMatchObject({ root: undefined, valid: false, complete: false });
    expect(summary('{"a" 1}')).toMatchObject({ root: 'object', valid: false });
    expect(summary('   ')).toMatchObject({ root: undefined, valid: true, complete: false });
  });

  it('a deeply nested value is skipped without recursion', () => {
    const deep = `{"a": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "b": "z"}`;
    const head = readJsonHead(bytes(deep));
    expect(head.root?.keys).toEqual(['a', 'b']);
    expect(head.members.get('a')).toMatchObject({ type: 'array', outcomes: false });
    expect(head.complete).toBe(true);
  });
});
