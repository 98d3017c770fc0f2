import { describe, expect, it } from 'vitest';
import { sniffFileKind } from '../../../packages/cli/src/io/fileKind.js';

// What the first bytes of a file say it is (packages/cli/src/io/fileKind.ts), on hand-made heads of
// each kind: the rules are the documented ones, so each case is a file one could meet.

const kindOf = (text: string, path = 'file') => sniffFileKind(new TextEncoder().encode(text), path).kind;

describe('sniffFileKind', () => {
  it('a YAML scenario: top-level scenario keys, with tasks or policy (comments, a document marker, quoted keys)', () => {
    expect(kindOf('# what-if\n---\nname: x\nseed: 3\ntasks:\n  count: 5\npolicy: { maxAttempts: 4 }\n', 's.yaml')).toBe('scenario');
    expect(kindOf('"tasks":\n  count: 5\n', 's.yml')).toBe('scenario');
    // Only the head is read: a scenario cut after its first section is still one.
    expect(kindOf('seed: 1\ntasks:\n  count: 5\n  successRate: { dist: beta', 'cut.yaml')).toBe('scenario');
  });

  it('a JSON scenario: an object whose sections are objects', () => {
    expect(kindOf('{"seed": 1, "tasks": {"count": 5}, "policy": {"maxAttempts": 2}}')).toBe('scenario');
    // A task-outcomes log whose task is named "run" is no scenario: its value is a list of outcomes.
    expect(kindOf('{"run": [1, 0, 1], "walk": [0, 0, 1]}')).toBe('results-log');
  });

  it('a measured verifier (passk verifier --out): a verifier section alone', () => {
    expect(kindOf('# passk verifier …\nverifier:\n  falseAccept: 0.1\n', 'judge.yaml')).toBe('verifier');
  });

  it('mappings with other keys are unknown (a scenario with a misspelt key gets the scenario reader’s own error)', () => {
    expect(kindOf('tasks:\n  count: 5\npolcy: {}\n', 'typo.yaml')).toBe('unknown');
    expect(kindOf('seed: 3\nname: x\n', 'bare.yaml')).toBe('unknown');
  });

  it('a passk result (kind passk.…) and a shard (format passk-shard/…), from the first keys', () => {
    expect(sniffFileKind(new TextEncoder().encode('{\n  "kind": "passk.sweep",\n  "schemaVersion": 3,\n  "seed": 7'), 'r.json')).toEqual({
      kind: 'result',
      resultKind: 'passk.sweep',
    });
    expect(kindOf('{"format": "passk-shard/4", "kind": "sweep", "passk": "1.0.0"')).toBe('shard');
    expect(kindOf('{"format": "passk-shard/9"}')).toBe('shard'); // any version: merge then says which it reads
    expect(kindOf('{"kind": "other.thing"}')).toBe('unknown');
  });

  it('results logs: a JSON array, JSON Lines, a harness document, a zip, a log extension, a delimited header', () => {
    expect(kindOf('[{"task_id": 1, "reward": 1.0}')).toBe('results-log');
    expect(kindOf('{"task_id": "a", "passed": true}\n{"task_id": "a", "passed": false}\n')).toBe('results-log');
    expect(kindOf('{\n  "simulations": [\n    {"task_id": "1"')).toBe('results-log'); // τ²-bench
    expect(kindOf('{"id": "x", "results": [{"is_resolved": true}]}')).toBe('results-log'); // Terminal-Bench, whole
    expect(sniffFileKind(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0, 0), 'run.eval').kind).toBe('results-log');
    expect(kindOf('anything at all', 'run.jsonl')).toBe('results-log');
    expect(kindOf('task_id,trial,success\na,0,1\n', 'no-extension')).toBe('results-log');
    expect(kindOf('task\tsuccess\na\t1\n', 'no-extension')).toBe('results-log');
  });

  it('anything else is unknown: prose, one word, an empty file', () => {
    expect(kindOf('hello world\n')).toBe('unknown');
    expect(kindOf('')).toBe('unknown');
    expect(kindOf('{"note": "a single object with no harness keys"}')).toBe('unknown');
    expect(kindOf('[]')).toBe('unknown');
    expect(kindOf('{"rows": []}')).toBe('unknown');
    expect(kindOf('[[[1]]]')).toBe('unknown');
    expect(kindOf('[1, 2, 3]')).toBe('unknown'); // JSON, not a delimited header
  });
});
