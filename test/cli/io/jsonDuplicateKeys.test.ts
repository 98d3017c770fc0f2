import { describe, expect, it } from 'vitest';
import { findDuplicateKey, refuseDuplicateKeys } from '../../../packages/cli/src/io/jsonDuplicateKeys.js';

// Expected values by reading the JSON texts: which object repeats which key, on which line.
describe('findDuplicateKey', () => {
  it('finds nothing in objects whose keys differ, nor in sibling objects sharing keys', () => {
    expect(findDuplicateKey('{"a":1,"b":{"a":2},"c":[{"a":1},{"a":2}]}')).toBeUndefined();
    expect(findDuplicateKey('[{"a":"x:y"},{"a":"\\"a\\":1"}]')).toBeUndefined();
  });

  it('names the key, the path of its object and the line of the repeat', () => {
    expect(findDuplicateKey('{"a":1,\n"b":{"c":1,\n"c":2}}')).toEqual({ key: 'c', path: 'b', line: 3 });
    expect(findDuplicateKey('{"rows":[{"k":1},{"k":2,"k":3}]}')).toEqual({ key: 'k', path: 'rows[1]', line: 1 });
    expect(findDuplicateKey('{"odd key":{"x":1,"x":1}}')).toEqual({ key: 'x', path: '["odd key"]', line: 1 });
    expect(findDuplicateKey('{"a":1,"a":1}')).toEqual({ key: 'a', path: '', line: 1 });
  });

  it('compares keys as decoded: an escape spells the same key', () => {
    expect(findDuplicateKey('{"ab":1,"\\u0061b":2}')).toEqual({ key: 'ab', path: '', line: 1 });
    expect(findDuplicateKey('{"a\\"":1,"a\\u0022":2}')).toEqual({ key: 'a"', path: '', line: 1 });
  });

  it('takes deep nesting without recursion', () => {
    const deep = `${'['.repeat(100_000)}{"a":1,"a":2}${']'.repeat(100_000)}`;
    expect(findDuplicateKey(deep)?.key).toBe('a');
  });
});

describe('refuseDuplicateKeys', () => {
  const refuse = (text: string) => () => refuseDuplicateKeys(text, JSON.parse(text), (line) => `f.json:${line}`);

  it('passes texts without repeats, with colons in keys and values and with escaped colons', () => {
    for (const text of ['{"t":"10:00:00","u":{"a:b":[":"]}}', '{"a":"\\u003a","b":1}', '[1,2]', '{}']) expect(refuse(text)).not.toThrow();
  });

  it('refuses a repeat, however the colons of the values add up', () => {
    expect(refuse('{"a":"x","a":"y"}')).toThrow(
      'f.json:1: must not repeat a key in one object (in the top-level object; JSON readers would keep only the last), got "a"',
    );
    // The dropped value held a colon: the parsed strings have one colon fewer as well.
    expect(refuse('{"a":"1:2","a":"3"}')).toThrow('got "a"');
    // An escaped colon adds a parsed colon the text lacks: the text is scanned.
    expect(refuse('{"a":"\\u003a","a":"\\u003a"}')).toThrow('got "a"');
  });
});
