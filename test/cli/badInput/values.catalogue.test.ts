// The bad-input catalogue of values the readers must not accept (issue 43): per-attempt costs,
// tokens and latencies outside [0, 1e12] or not written in decimal (`0x10` was read as 16, 1e308
// overflowed the sums to Infinity), prices outside [0, 1e6] or not in decimal, CRUXEval outcomes
// that are not JSON booleans, and .eval entries whose CRC-32 is not the one the archive states.
// Each case is laid out in a fresh folder; see ./catalogue.ts for what each asserts (exit 2, one
// stderr line naming where, the rule and the value as typed, nothing on stdout, no file created or
// altered). The ranges and their reasons: packages/cli/src/io/amountValue.ts.
import { crc32, deflateRawSync } from 'node:zlib';
import { zipArchive } from '../../../bench/zipArchive.mjs';
import { catalogue, type BadInputCase } from './catalogue.js';

const AMOUNT = 'must be a number ≥ 0 and at most 1e12, written in decimal';
const PRICE = 'must be a number ≥ 0 and at most 1e6, written in decimal (per million tokens)';

const csv = (text: string) => ({ 'r.csv': text });
const est = (...rest: string[]) => ['estimate', 'r.csv', ...rest];
const jsonl = (...records: object[]) => ({ 'r.jsonl': `${records.map((record) => JSON.stringify(record)).join('\n')}\n` });

/** An .eval archive of `entries` (name → JSON text); `stored` entries are written uncompressed (method 0); `damaged` ones state a CRC-32 off by one bit. */
function evalLog(entries: Record<string, string>, options: { stored?: boolean; damaged?: string } = {}): Buffer {
  return zipArchive(
    Object.entries(entries).map(([name, text]) => {
      const data = Buffer.from(text);
      const crc = crc32(data) ^ (name === options.damaged ? 1 : 0);
      return options.stored
        ? { name, packed: data, crc, size: data.length, method: 0 as const }
        : { name, packed: deflateRawSync(data), crc, size: data.length };
    }),
  );
}
const HEADER = JSON.stringify({ eval: { task: 't', model: 'm' } });
const sample = (id: string, epoch: number, extra: object = {}) => JSON.stringify({ id, epoch, scores: { match: { value: 'C' } }, ...extra });

const cases: BadInputCase[] = [
  // ---- amounts in CSV fields: decimal only, in [0, 1e12] ----
  {
    name: 'CSV: a cost written in hex (Number() reads 0x10 as 16)',
    files: csv('task,success,cost\nt1,1,0.5\nt2,0,0x10\n'),
    args: est('--cost-col', 'cost'),
    where: 'r.csv:3',
    rule: `key "cost" ${AMOUNT}`,
    value: '"0x10"',
  },
  {
    name: 'CSV: a cost of 1e308 (finite, but its sums overflow to Infinity)',
    files: csv('task,success,cost\nt1,1,1e308\nt1,0,1e308\n'),
    args: est('--cost-col', 'cost'),
    where: 'r.csv:2',
    rule: `key "cost" ${AMOUNT}`,
    value: '"1e308"',
  },
  {
    name: 'CSV: a cost just over the range (2e12)',
    files: csv('task,success,cost\nt1,1,2e12\n'),
    args: est('--cost-col', 'cost'),
    where: 'r.csv:2',
    rule: `key "cost" ${AMOUNT}`,
    value: '"2e12"',
  },
  {
    name: 'CSV: input tokens written in binary (0b101)',
    files: csv('task,success,tin\nt1,1,100\nt1,0,0b101\n'),
    args: est('--tokens-col', 'tin', '--price-in', '3'),
    where: 'r.csv:3',
    rule: `key "tin" ${AMOUNT}`,
    value: '"0b101"',
  },
  {
    name: 'CSV: output tokens of 1e300',
    files: csv('task,success,tin,tout\nt1,1,100,1e300\n'),
    args: est('--tokens-col', 'tin,tout', '--price-in', '3', '--price-out', '15'),
    where: 'r.csv:2',
    rule: `key "tout" ${AMOUNT}`,
    value: '"1e300"',
  },
  {
    name: 'CSV: a latency written in octal (0o17)',
    files: csv('task,success,secs\nt1,1,0o17\n'),
    args: est('--latency-col', 'secs'),
    where: 'r.csv:2',
    rule: `key "secs" ${AMOUNT}`,
    value: '"0o17"',
  },
  // ---- amounts as JSON numbers ----
  {
    name: 'JSON Lines: a cost of 1e308 as a number',
    files: jsonl({ task: 't1', success: 1, cost: 0.5 }, { task: 't1', success: 0, cost: 1e308 }),
    args: ['estimate', 'r.jsonl', '--cost-col', 'cost'],
    where: 'r.jsonl:2',
    rule: `key "cost" ${AMOUNT}`,
    value: '1e+308',
  },
  {
    name: 'JSON Lines: a duration over the range (3e12 seconds)',
    files: jsonl({ task: 't1', success: 1, duration: 3e12 }),
    args: ['estimate', 'r.jsonl', '--latency-col', 'duration'],
    where: 'r.jsonl:1',
    rule: `key "duration" ${AMOUNT}`,
    value: '3000000000000',
  },
  {
    name: 'τ²-bench: an agent_cost of 1e308',
    files: {
      'r.json': JSON.stringify({
        simulations: [{ task_id: 't1', trial: 0, reward_info: { reward: 1 }, agent_cost: 1e308, duration: 3 }],
      }),
    },
    args: ['estimate', 'r.json'],
    where: 'r.json (simulations[0])',
    rule: `key "agent_cost" ${AMOUNT}`,
    value: '1e+308',
  },
  {
    name: '.eval: a sample whose total_time is 1e300',
    files: { 'log.eval': evalLog({ 'header.json': HEADER, 'samples/a_epoch_1.json': sample('a', 1, { total_time: 1e300 }) }) },
    args: ['estimate', 'log.eval'],
    where: 'log.eval (samples/a_epoch_1.json)',
    rule: `key "total_time" ${AMOUNT}`,
    value: '1e+300',
  },
  // ---- prices: decimal only, in [0, 1e6] per million tokens ----
  {
    name: '--price-in written in hex',
    files: csv('task,success,tin\nt1,1,5\n'),
    args: est('--tokens-col', 'tin', '--price-in', '0x10'),
    where: '--price-in',
    rule: PRICE,
    value: '"0x10"',
  },
  {
    name: '--price-in of 1e308',
    files: csv('task,success,tin\nt1,1,5\n'),
    args: est('--tokens-col', 'tin', '--price-in', '1e308'),
    where: '--price-in',
    rule: PRICE,
    value: '"1e308"',
  },
  {
    name: '--price-out over the range (2e6 per million tokens)',
    files: csv('task,success,a,b\nt1,1,5,6\n'),
    args: est('--tokens-col', 'a,b', '--price-in', '1', '--price-out', '2e6'),
    where: '--price-out',
    rule: PRICE,
    value: '"2e6"',
  },
  // ---- CRUXEval outcomes: JSON booleans only ----
  {
    name: 'CRUXEval: an outcome given as the string "true"',
    files: { 'r.json': JSON.stringify({ raw_scored_generations: { sample_0: [true, 'true', false] } }) },
    args: ['estimate', 'r.json'],
    where: 'r.json (raw_scored_generations[0])',
    rule: 'element 1 of key "outcomes" must be true or false (a JSON boolean',
    value: '"true"',
  },
  {
    name: 'CRUXEval: an outcome given as the number 1',
    files: { 'r.json': JSON.stringify({ raw_scored_generations: { sample_0: [false], sample_1: [1, 0] } }) },
    args: ['estimate', 'r.json'],
    where: 'r.json (raw_scored_generations[1])',
    rule: 'element 0 of key "outcomes" must be true or false (a JSON boolean',
    value: 'got 1',
  },
  // ---- .eval entries whose CRC-32 is not the one stated ----
  {
    name: '.eval: a stored (uncompressed) sample with a bad CRC-32',
    files: {
      'log.eval': evalLog({ 'header.json': HEADER, 'samples/a_epoch_1.json': sample('a', 1) }, { stored: true, damaged: 'samples/a_epoch_1.json' }),
    },
    args: ['estimate', 'log.eval'],
    where: 'log.eval (samples/a_epoch_1.json)',
    rule: 'must have the CRC-32 the archive states for it',
    value: /got "CRC-32 0x[0-9a-f]{8}"$/,
  },
  {
    name: '.eval: a deflated sample with a bad CRC-32',
    files: {
      'log.eval': evalLog(
        { 'header.json': HEADER, 'samples/a_epoch_1.json': sample('a', 1), 'samples/b_epoch_1.json': sample('b', 1) },
        { damaged: 'samples/b_epoch_1.json' },
      ),
    },
    args: ['estimate', 'log.eval'],
    where: 'log.eval (samples/b_epoch_1.json)',
    rule: 'must have the CRC-32 the archive states for it',
    value: /got "CRC-32 0x[0-9a-f]{8}"$/,
  },
  {
    name: '.eval: a stored header.json with a bad CRC-32, after the samples',
    files: {
      'log.eval': evalLog({ 'samples/a_epoch_1.json': sample('a', 1), 'header.json': HEADER }, { stored: true, damaged: 'header.json' }),
    },
    args: ['estimate', 'log.eval'],
    where: 'log.eval (header.json)',
    rule: 'must have the CRC-32 the archive states for it',
    value: /got "CRC-32 0x[0-9a-f]{8}"$/,
  },
];

catalogue('values the readers must not accept', cases);
