// The bad-input catalogue of repeated keys in one JSON object (or YAML mapping), which JSON.parse
// would collapse silently (the last value wins): every reader of JSON refuses them with file:line,
// the rule and the key. See ./catalogue.ts for what each case asserts.
import { crc32, deflateRawSync } from 'node:zlib';
import { zipArchive } from '../../../bench/zipArchive.mjs';
import { catalogue, type BadInputCase } from './catalogue.js';

const RULE = 'must not repeat a key in one object';
const YAML_RULE = 'must not repeat a key in one mapping';

/** An inspect_ai .eval log (zip) whose one sample repeats a key. */
function evalLog(): Buffer {
  const entries = {
    'header.json': Buffer.from(JSON.stringify({ eval: { task: 't', model: 'm' } })),
    'samples/a_epoch_1.json': Buffer.from('{"id": "a", "epoch": 1,\n "scores": {"match": {"value": "C", "value": "I"}}}'),
  };
  return zipArchive(Object.entries(entries).map(([name, data]) => ({ name, packed: deflateRawSync(data), crc: crc32(data), size: data.length })));
}

const cases: BadInputCase[] = [
  {
    name: 'JSON Lines: a record repeats its outcome',
    files: { 'r.jsonl': '{"task":"a","success":1}\n{"task":"b","success":1,"success":0}\n' },
    args: ['estimate', 'r.jsonl'],
    where: 'r.jsonl:2',
    rule: `${RULE} (in the record;`,
    value: '"success"',
  },
  {
    name: 'JSON Lines: a nested object repeats a key (colons in the values too)',
    files: { 'r.jsonl': '{"task":"a","success":1,"meta":{"at":"10:00:00","at":"11:00:00"}}\n' },
    args: ['estimate', 'r.jsonl'],
    where: 'r.jsonl:1',
    rule: `${RULE} (in meta;`,
    value: '"at"',
  },
  {
    name: 'JSON Lines: the repeat spelt with an escape',
    files: { 'r.jsonl': '{"task":"a","success":1,"succ\\u0065ss":0}\n' },
    args: ['estimate', 'r.jsonl'],
    where: 'r.jsonl:1',
    rule: RULE,
    value: '"success"',
  },
  {
    name: 'JSON Lines: an escaped colon cannot hide the repeat',
    files: { 'r.jsonl': '{"task":"a\\u003a","success":1,"success":0}\n' },
    args: ['estimate', 'r.jsonl'],
    where: 'r.jsonl:1',
    rule: RULE,
    value: '"success"',
  },
  {
    name: 'JSON array of records: the line of the repeat inside a record',
    files: { 'r.json': '[\n{"task":"a","success":1},\n{"task":"b",\n "success":1,\n "success":0}\n]\n' },
    args: ['estimate', 'r.json'],
    where: 'r.json:5',
    rule: `${RULE} (in the record;`,
    value: '"success"',
  },
  {
    name: 'JSON document (inspect-style): a sample repeats a key',
    files: { 'doc.json': '{\n  "eval": {"task": "t"},\n  "samples": [{"id": "a", "epoch": 1, "scores": {"match": {"value": "C"}}, "epoch": 2}]\n}\n' },
    args: ['estimate', 'doc.json'],
    where: 'doc.json:3',
    rule: `${RULE} (in samples[0];`,
    value: '"epoch"',
  },
  {
    name: 'inspect .eval log: a sample entry repeats a key',
    files: { 'log.eval': evalLog() },
    args: ['estimate', 'log.eval'],
    where: 'log.eval (samples/a_epoch_1.json):2',
    rule: `${RULE} (in scores.match;`,
    value: '"value"',
  },
  {
    name: 'merge: a shard file repeats a key',
    files: { 'a.json': '{"format":"passk.shard",\n"format":"x"}\n', 'b.json': '{}\n' },
    args: ['merge', 'a.json', 'b.json'],
    where: 'a.json:2',
    rule: `${RULE} (in the top-level object;`,
    value: '"format"',
  },
  {
    name: 'chart: a result document repeats a key',
    files: { 'e.json': '{"kind":"passk.estimate.task","kind":"passk.plan.demonstrate"}\n' },
    args: ['chart', 'pass-curves', '--from', 'e.json', '--out', 'c.svg'],
    where: 'e.json:1',
    rule: RULE,
    value: '"kind"',
  },
  {
    name: 'report: a result document repeats a key',
    files: { 'e.json': '{"kind":"passk.estimate.task","rows":[{"k":1,"k":2}]}\n' },
    args: ['report', 'e.json', '--out', 'r.html'],
    where: 'e.json:1',
    rule: `${RULE} (in rows[0];`,
    value: '"k"',
  },
  {
    name: 'simulate: a scenario given as JSON repeats a key',
    files: { 's.json': '{"seed": 1,\n "tasks": {"count": 3},\n "seed": 2}\n' },
    args: ['simulate', 's.json'],
    where: 's.json:3',
    rule: YAML_RULE,
    value: '"seed"',
  },
  {
    name: 'simulate: a YAML scenario repeats a key',
    files: { 's.yaml': 'seed: 1\ntasks:\n  count: 3\nseed: 2\n' },
    args: ['simulate', 's.yaml'],
    where: 's.yaml:4',
    rule: YAML_RULE,
    value: '"seed"',
  },
  {
    name: 'sweep: a JSON scenario repeats a nested key',
    files: { 's.json': '{"seed":1,"tasks":{"count":3,"count":4}}' },
    args: ['sweep', 's.json', '--vary', 'policy.maxAttempts=1,2'],
    where: 's.json:1',
    rule: YAML_RULE,
    value: '"count"',
  },
];

catalogue('repeated keys in one JSON object', cases);
