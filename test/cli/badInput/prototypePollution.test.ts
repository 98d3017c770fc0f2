// No prototype pollution: hostile sweeps, scenario files and shard files through the CLI, and the
// exported library functions that take paths and parsed files, leave Object.prototype exactly as
// it was (no own key added, `({}).polluted` undefined). Each hostile input is refused with exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { applySweepPoint, InputError, parseSweepAxis, resolveScenario, scenarioToInput } from '../../../packages/sim/src/internal.js';
import { passk } from '../../helpers/runPassk.js';

const root = mkdtempSync(join(tmpdir(), 'passk-prototype-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const BEFORE = Object.getOwnPropertyNames(Object.prototype).sort();
const untouched = () => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(BEFORE);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).x).toBeUndefined();
};
afterEach(untouched);

const SCENARIO = 'tasks: { count: 3, successRate: { dist: point, p: 0.5 } }\npolicy: { maxAttempts: 2 }\nrun: { replicates: 64 }\n';
const HOSTILE_PATHS = [
  '__proto__.polluted',
  'constructor.prototype.polluted',
  'policy.__proto__.polluted',
  'tasks.constructor.prototype.x',
  '__proto__',
  'prototype.x',
];

describe('through the CLI', () => {
  const scenario = join(root, 's.yaml');
  writeFileSync(scenario, SCENARIO);

  it.each(HOSTILE_PATHS)('sweep --vary %s=1 is refused, Object.prototype untouched', async (path) => {
    const run = await passk('sweep', scenario, '--vary', `${path}=1`, '--workers', '1');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `passk: --vary: must be the dotted path of a scenario key (e.g. policy.maxAttempts; see passk schema), got ${JSON.stringify(path)}\n`,
    );
  });

  it.each([
    ['YAML', 'x.yaml', `__proto__: { polluted: 1 }\n${SCENARIO}`],
    ['YAML, nested', 'y.yaml', 'tasks: { count: 3, successRate: { dist: point, p: 0.5, __proto__: { polluted: 1 } } }\npolicy: { maxAttempts: 2 }\n'],
    [
      'JSON',
      'x.json',
      '{"constructor": {"prototype": {"polluted": 1}}, "tasks": {"count": 3, "successRate": {"dist": "point", "p": 0.5}}, "policy": {"maxAttempts": 2}}',
    ],
    [
      'JSON, nested',
      'y.json',
      '{"tasks": {"count": 3, "successRate": {"dist": "point", "p": 0.5}}, "policy": {"maxAttempts": 2, "__proto__": {"polluted": 1}}}',
    ],
  ])('a scenario file with prototype keys (%s) is refused', async (_label, name, text) => {
    const path = join(root, name);
    writeFileSync(path, text);
    const run = await passk('simulate', path, '--workers', '1');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/: (\w+\.)*(__proto__|constructor): unknown key/);
  });

  it('a shard file with prototype keys is refused', async () => {
    const shard = await passk('simulate', scenario, '--shard', '1/1', '--workers', '1');
    const text = shard.stdout.replace('{"format"', '{"__proto__":{"polluted":1},"format"').replace('"partial":{', '"partial":{"__proto__":{"polluted":1},');
    writeFileSync(join(root, 'shard.json'), text);
    const run = await passk('merge', join(root, 'shard.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/shard\.json: checksum: must match/);
  });
});

describe('through the library', () => {
  const base = scenarioToInput(resolveScenario({ tasks: { count: 3, successRate: { dist: 'point', p: 0.5 } }, policy: { maxAttempts: 2 } }));

  it.each(HOSTILE_PATHS)('applySweepPoint refuses %s', (path) => {
    expect(() => applySweepPoint(base, { [path]: 1 })).toThrow(InputError);
    expect(() => parseSweepAxis(`${path}=1`)).toThrow(InputError);
  });

  it('a point parsed from JSON with an own "__proto__" key is refused', () => {
    expect(() => applySweepPoint(base, JSON.parse('{"__proto__": {"polluted": 1}}'))).toThrow(
      'sweep point __proto__: must be the dotted path of a scenario key',
    );
  });

  it('resolveScenario refuses prototype keys at every level of parsed input', () => {
    for (const text of ['{"__proto__": {"polluted": 1}}', '{"tasks": {"__proto__": {"polluted": 1}}}', '{"constructor": {"prototype": {"polluted": 1}}}']) {
      expect(() => resolveScenario(JSON.parse(text))).toThrow(InputError);
    }
  });
});
