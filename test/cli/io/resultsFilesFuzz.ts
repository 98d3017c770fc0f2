// Fuzzing the results-file readers through the CLI (in-process): random structure (CSV, TSV, JSON
// Lines, JSON arrays and documents, cut or spliced at random bytes), random types and values in
// every cell or key (numbers, text with quotes, separators and line breaks, booleans, null, nested
// values, NUL and other control bytes, hostile key names), random sizes (up to lines longer than
// the line limit) and random reader options. Property: `passk estimate` ends with exit 0 or 2, never
// 1 (a passk bug); with 2, exactly one stderr line; never a stack trace; never a hang (each run has a
// time limit). fast-check prints the seed and the shrunk counterexample when the property fails.
// Shared by resultsFiles.fuzz.test.ts (the fast share) and resultsFiles.fuzz.slow.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { passk } from '../../helpers/runPassk.js';

const RUN_LIMIT_MS = 20_000;
const NAMES = [
  'task',
  'task_id',
  'success',
  'passed',
  'trial',
  'reward',
  'score',
  'error',
  'status',
  'model',
  'cost',
  'epoch',
  '__proto__',
  'constructor',
  'prototype',
  'a.b',
  '',
];

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '0',
    '1',
    'true',
    'False',
    '1.0',
    '',
    'null',
    'NaN',
    '-1',
    '1e400',
    'error',
    'timeout',
    '"',
    '""',
    ',',
    '\t',
    '\n',
    '\r\n',
    '\u0000',
    '\u001f',
    '\ufeff',
    '😀',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.boolean(), fc.integer({ min: 0, max: 1 }), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(text, fc.integer(), fc.boolean()), { maxKeys: 3 }),
);

/** A plausible value for a column (most of the time), else anything. */
const cellFor = (name: string): fc.Arbitrary<unknown> => {
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    task: fc.constantFrom('t1', 't2', 't3', '__proto__', 'constructor'),
    task_id: fc.constantFrom('a', 'b', 'c'),
    success: fc.constantFrom(0, 1, true, false, '1', '0', null),
    passed: fc.boolean(),
    trial: fc.integer({ min: 0, max: 3 }),
    reward: fc.double({ min: 0, max: 1, noNaN: true }),
    score: fc.constantFrom(0, 0.5, 1),
    model: fc.constantFrom('m', 'm', 'm2'),
  };
  const sure = Object.hasOwn(plausible, name) ? plausible[name]! : text;
  return fc.oneof({ arbitrary: sure, weight: 6 }, { arbitrary: jsonValue, weight: 1 });
};
/** Column names: usually a task and an outcome column among others. */
const columns = fc
  .tuple(
    fc.constantFrom('task', 'task_id'),
    fc.constantFrom('success', 'passed', 'success'),
    fc.array(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 5 })), { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([task, outcome, rest, shuffle]) => (shuffle ? [...rest, outcome, task] : [task, ...rest, outcome]));
/** Records over the columns, as [key, value] entries (keys such as __proto__ stay own keys when written). */
const records = columns.chain((names) =>
  fc.array(fc.tuple(...names.map((name) => cellFor(name).map((value) => [name, value] as [string, unknown]))), { minLength: 1, maxLength: 25 }),
);
const jsonText = (entries: Array<[string, unknown]>) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;
const cellText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const quoteCell = (cell: string, separator: string) => (/[",\t\n\r]/.test(cell) || cell.includes(separator) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The file's content for one structure, and the extension and format that fit it. */
const content = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        separator: fc.constantFrom(',', '\t'),
        rows: records,
        quote: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
        eol: fc.constantFrom('\n', '\r\n'),
      })
      .map(({ separator, rows, quote, eol }) => {
        const header = rows[0]?.map(([k]) => k) ?? ['task', 'success'];
        const lines = [
          header.map((c) => quoteCell(c, separator)),
          ...rows.map((r) => r.map(([, v]) => (quote ? quoteCell(cellText(v), separator) : cellText(v)))),
        ];
        return {
          body: lines.map((cells) => cells.join(separator)).join(eol) + eol,
          extension: separator === ',' ? '.csv' : '.tsv',
          format: separator === ',' ? 'csv' : 'tsv',
        };
      }),
  },
  { weight: 3, arbitrary: records.map((rows) => ({ body: rows.map(jsonText).join('\n') + '\n', extension: '.jsonl', format: 'jsonl' })) },
  { weight: 2, arbitrary: records.map((rows) => ({ body: `[${rows.map(jsonText).join(',\n')}]`, extension: '.json', format: 'json' })) },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(
        fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 5 })),
        fc.array(fc.oneof(fc.boolean(), fc.constant(null), fc.integer({ min: -1, max: 2 })), { maxLength: 5 }),
      )
      .map((d) => ({ body: JSON.stringify(d), extension: '.json', format: 'task-outcomes' })),
  },
  {
    weight: 1,
    arbitrary: records.map((rows) => ({
      body: `{"results":[${rows.map((r) => jsonText([['is_resolved', true], ...r])).join(',')}]}`,
      extension: '.json',
      format: 'terminal-bench',
    })),
  },
  { weight: 1, arbitrary: records.map((rows) => ({ body: `{"simulations":[${rows.map(jsonText).join(',')}]}`, extension: '.json', format: 'tau2-bench' })) },
);

/** Damage (sometimes): a cut at a random byte, a random splice, or a very long line. */
const damaged = fc
  .tuple(
    content,
    fc.oneof({ arbitrary: fc.constant('none'), weight: 5 }, { arbitrary: fc.constantFrom('cut', 'splice', 'long'), weight: 2 }),
    fc.nat(),
    fc.string({ maxLength: 8 }),
    fc.integer({ min: 1, max: 300_000 }),
  )
  .map(([c, how, at, piece, length]) => {
    const body = c.body;
    const p = body.length === 0 ? 0 : at % body.length;
    const next =
      how === 'cut'
        ? body.slice(0, p)
        : how === 'splice'
          ? body.slice(0, p) + piece + body.slice(p)
          : how === 'long'
            ? body.slice(0, p) + 'x'.repeat(length) + body.slice(p)
            : body;
    return { ...c, body: next };
  });

/** Reader options: each now and then, the format usually auto (or the one that fits, or any). */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: arb, weight: 1 });
const options = fc.record({
  extension: sometimes(fc.constantFrom('.txt', '')),
  format: fc.oneof(
    { arbitrary: fc.constant('auto'), weight: 4 },
    { arbitrary: fc.constant('fits'), weight: 2 },
    { arbitrary: fc.constantFrom('csv', 'jsonl', 'json', 'tau-bench', 'humaneval', 'cruxeval'), weight: 1 },
  ),
  reward: sometimes(fc.constantFrom('reward', 'score', 'a.b')),
  trial: sometimes(fc.constantFrom('trial', 'epoch', '__proto__')),
  where: sometimes(fc.constantFrom('model=m', 'status=ok', '__proto__=x')),
  maxLine: sometimes(fc.constantFrom('1K', '4096', '64K')),
  missing: sometimes(fc.constantFrom('fail', 'drop', 'error')),
  onError: sometimes(fc.constantFrom('drop', 'fail')),
});

let case_ = 0;
type Options = { extension?: string; format: string; reward?: string; trial?: string; where?: string; maxLine?: string; missing?: string; onError?: string };
async function estimate(dir: string, c: { body: string; extension: string; format: string }, o: Options) {
  const file = join(dir, `case-${case_++}${o.extension ?? c.extension}`);
  writeFileSync(file, c.body);
  const args = ['estimate', file, '--bootstrap', '0', '--k', '1'];
  args.push('--format', o.format === 'fits' ? c.format : o.format);
  if (o.reward) args.push('--reward-col', o.reward);
  if (o.trial) args.push('--trial-col', o.trial);
  if (o.where) args.push('--where', o.where);
  if (o.maxLine) args.push('--max-line-bytes', o.maxLine);
  if (o.missing) args.push('--missing', o.missing);
  if (o.onError) args.push('--on-error', o.onError);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: passk ${args.join(' ')} ran for more than ${RUN_LIMIT_MS} ms`)), RUN_LIMIT_MS);
  });
  try {
    const run = await Promise.race([passk(...args), hang]);
    rmSync(file, { force: true });
    return { args, ...run };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The property over `runs` random files, drawn from the fixed seed plus `seedOffset`
 * (test/helpers/fastCheckSeed.ts; with PASSK_FC_SEED=random, a fresh seed): exit 0 or 2, with 2
 * one stderr line and no stdout, never a stack trace or a hang. Returns how many runs ended with
 * each exit code.
 */
export async function fuzzEstimate(runs: number, seedOffset: number): Promise<Record<number, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'passk-fuzz-'));
  const outcomes: Record<number, number> = {};
  const seed = fc.readConfigureGlobal().seed;
  try {
    await fc.assert(
      fc.asyncProperty(damaged, options, async (c, o) => {
        const run = await estimate(dir, c, o);
        outcomes[run.code] = (outcomes[run.code] ?? 0) + 1;
        const context = `passk ${run.args.join(' ')}\nstderr: ${run.stderr}`;
        expect([0, 2], context).toContain(run.code);
        expect(run.stderr, context).not.toMatch(/\n\s+at |Error: /);
        if (run.code === 2) {
          expect(run.stderr.trimEnd().split('\n'), context).toHaveLength(1);
          expect(run.stdout, context).toBe('');
        }
      }),
      { numRuns: runs, ...(seed === undefined ? {} : { seed: seed + seedOffset }) },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return outcomes;
}
