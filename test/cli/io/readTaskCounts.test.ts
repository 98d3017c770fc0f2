import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import type { ResultsReadOptions } from '../../../packages/cli/src/io/resultsReadOptions.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/results/${name}`, import.meta.url));

/** Expected values below are hand counts of the fixture files (each fixture is a few lines). */
function counts(taskIds: string[], n: number[], c: number[]) {
  return { taskIds, n, c, rows: n.reduce((a, b) => a + b, 0) };
}

// basic.csv / basic.tsv / basic.jsonl hold the same 8 attempts:
// a: 1, 0, 1 → n 3, c 2;  b: true, 1.0, TRUE → n 3, c 3;  c: False, 0.0 → n 2, c 0.
const BASIC = counts(['a', 'b', 'c'], [3, 3, 2], [2, 3, 0]);

async function failure(name: string, options: ResultsReadOptions = {}): Promise<InputError> {
  const error = await readTaskCounts(name.startsWith('/') ? name : fixture(name), options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('readTaskCounts: formats (hand-counted fixtures)', () => {
  it('reads CSV with the default columns task_id and success', async () => {
    const r = await readTaskCounts(fixture('basic.csv'));
    expect(r).toMatchObject({ ...BASIC, format: 'csv' });
    // The header's "trial" column is read without --trial-col: (task, trial) pairs are checked.
    expect(r.columns).toEqual({ task: 'task_id', success: 'success', trial: 'trial' });
  });

  it('reads TSV (by extension) with the same counts', async () => {
    expect(await readTaskCounts(fixture('basic.tsv'))).toMatchObject({ ...BASIC, format: 'tsv' });
  });

  it('reads JSON Lines: booleans, 0/1, strings, blank lines, a CRLF line, no final newline', async () => {
    const r = await readTaskCounts(fixture('basic.jsonl'));
    expect(r).toMatchObject({ ...BASIC, format: 'jsonl' });
    expect(r.columns).toEqual({ task: 'task_id', success: 'success', trial: 'trial' });
  });

  it('reads quoted CSV: BOM, CRLF, commas, doubled quotes, a two-line field, UTF-8, blank line, no final newline', async () => {
    // quoted.csv rows: `tâche, "é"` 1, true; `tâche-😀` 0, 1; `日本` 1, 0 (one of them quoted, same task).
    const r = await readTaskCounts(fixture('quoted.csv'));
    expect(r).toMatchObject(counts(['tâche, "é"', 'tâche-😀', '日本'], [2, 2, 2], [2, 1, 1]));
    expect(r.columns).toEqual({ task: 'task_id', success: 'passed' });
  });

  it('reads a reward column against a threshold (default 1)', async () => {
    // reward.csv: p1 0.9, 1; p2 0.95.
    const atOne = await readTaskCounts(fixture('reward.csv'), { rewardColumn: 'reward' });
    expect(atOne).toMatchObject(counts(['p1', 'p2'], [2, 1], [1, 0]));
    expect(atOne.columns).toEqual({ task: 'problem_id', reward: 'reward', threshold: 1 });
    const at95 = await readTaskCounts(fixture('reward.csv'), { rewardColumn: 'reward', threshold: 0.95 });
    expect(at95).toMatchObject(counts(['p1', 'p2'], [2, 1], [1, 1]));
  });

  it('reads τ-bench-style JSON Lines: numeric task ids (7 and "7" are one task), rewards', async () => {
    // tau-rewards.jsonl: task 0 rewards 1.0, 0.5; task 1 rewards 0.0, 1 (id once as "1").
    const r = await readTaskCounts(fixture('tau-rewards.jsonl'), { rewardColumn: 'reward' });
    expect(r).toMatchObject(counts(['0', '1'], [2, 2], [1, 1]));
    const half = await readTaskCounts(fixture('tau-rewards.jsonl'), { rewardColumn: 'reward', threshold: 0.5 });
    expect(half).toMatchObject(counts(['0', '1'], [2, 2], [2, 1]));
  });

  it('ignores a threshold without a reward column', async () => {
    expect(await readTaskCounts(fixture('basic.csv'), { threshold: 0.5 })).toMatchObject(BASIC);
  });

  it('uses the named columns', async () => {
    const r = await readTaskCounts(fixture('basic.csv'), { taskColumn: 'trial', successColumn: 'success' });
    // By trial number: 0 → a 1, b true, c False; 1 → a 0, b 1.0, c 0.0; 2 → a 1, b TRUE.
    expect(r).toMatchObject(counts(['0', '1', '2'], [3, 3, 2], [2, 1, 2]));
    expect(r.columns).toEqual({ task: 'trial', success: 'success' });
  });

  it('reads a named trial column (pairs in basic.* do not repeat) without changing the counts', async () => {
    for (const name of ['basic.csv', 'basic.tsv', 'basic.jsonl']) {
      const r = await readTaskCounts(fixture(name), { trialColumn: 'trial' });
      expect(r).toMatchObject(BASIC);
      expect(r.columns).toEqual({ task: 'task_id', success: 'success', trial: 'trial' });
    }
  });

  it('reports nothing dropped for a clean file', async () => {
    const r = await readTaskCounts(fixture('basic.csv'));
    expect(r.dropped).toEqual({
      policy: 'drop',
      count: 0,
      reasons: { missing: 0, error: 0 },
      tasks: 0,
      countedAsFailures: 0,
      missing: 'drop',
      missingIsDefault: true,
    });
  });
});

describe('readTaskCounts: format detection', () => {
  it('falls back to content: CSV, JSON Lines after blank lines, TSV by a tab-only header', async () => {
    // Each holds x: 1, 0 and y: 0.
    const expected = counts(['x', 'y'], [2, 1], [1, 0]);
    expect(await readTaskCounts(fixture('csv-content'))).toMatchObject({ ...expected, format: 'csv', columns: { task: 'task', success: 'correct' } });
    expect(await readTaskCounts(fixture('jsonl-content'))).toMatchObject({ ...expected, format: 'jsonl', columns: { task: 'problem_id', success: 'pass' } });
    expect(await readTaskCounts(fixture('tsv-content.txt'))).toMatchObject({ ...expected, format: 'tsv' });
  });

  it('obeys an explicit format over the extension', async () => {
    expect(await readTaskCounts(fixture('jsonl-content'), { format: 'jsonl' })).toMatchObject({ format: 'jsonl' });
    // basic.tsv read as CSV has a single column named "task_id\ttrial\tsuccess".
    const e = await failure('basic.tsv', { format: 'csv' });
    expect(e.where).toBe(fixture('basic.tsv'));
  });
});

describe('readTaskCounts: row errors name file:line', () => {
  const cases: Array<[file: string, line: number, rest: string, options?: ResultsReadOptions]> = [
    ['err-wrong-fields.csv', 3, 'row must have 3 fields like the header, got 2'],
    // Line 2–3 is one row with a two-line quoted field, so the bad row starts on line 4.
    ['err-wrong-fields-quoted.csv', 4, 'row must have 3 fields like the header, got 4'],
    ['err-unterminated.csv', 3, 'quoted field must end with a quote before the end of the file'],
    ['err-stray-quote.csv', 2, 'quote must open a field (quote the whole field and double the quotes inside it), got "ab\\""'],
    ['err-after-quote.csv', 2, 'closing quote must be followed by "," or the end of the line, got "b"'],
    ['err-after-quote-cr.csv', 2, 'closing quote must be followed by "," or the end of the line, got "\\r"'],
    // Under --on-error fail; the default (drop) counts these rows instead (errorPolicy.test.ts).
    [
      'err-quoted-empty-success.csv',
      3,
      'column "success" must have a value (--missing fail counts such rows as failures, --missing drop skips them)',
      { missing: 'error' },
    ],
    ['err-missing-task.csv', 3, 'column "task_id" must have a value'],
    [
      'err-missing-success.csv',
      2,
      'column "success" must have a value (--missing fail counts such rows as failures, --missing drop skips them)',
      { missing: 'error' },
    ],
    // BOM and CRLF: the CR is not part of the value.
    ['err-bad-success.csv', 3, 'column "success" must be 1/0, true/false or 1.0/0.0, got "maybe"'],
    ['err-bad-reward.csv', 3, 'column "reward" must be a number, got "abc"', { rewardColumn: 'reward' }],
    ['err-bad-json.jsonl', 2, 'line must be one JSON object, got "{\\"task_id\\": \\"b\\", \\"success\\":"'],
    ['err-array-line.jsonl', 2, 'line must be one JSON object, got "[1, 2]"'],
    [
      'err-missing-key.jsonl',
      3,
      'key "success" must have a value (--missing fail counts such rows as failures, --missing drop skips them), got null',
      { missing: 'error' },
    ],
    ['err-null-task.jsonl', 1, 'key "task_id" must have a value, got null'],
    ['err-bad-success.jsonl', 1, 'key "success" must be 1/0, true/false or 1.0/0.0, got 2'],
    ['err-task-type.jsonl', 1, 'key "task_id" must be a string or a number, got true'],
  ];
  it.each(cases)('%s: line %i', async (name, line, rest, options) => {
    const e = await failure(name, options);
    expect(e.where).toBe(`${fixture(name)}:${line}`);
    expect(e.message).toBe(`${fixture(name)}:${line}: ${rest}`);
  });
});

describe('readTaskCounts: file errors name the file', () => {
  const cases: Array<[file: string, rest: string, options?: ResultsReadOptions]> = [
    ['err-empty.csv', 'must contain at least one result row'],
    ['err-header-only.csv', 'must contain at least one result row'],
    // Its only row has an empty success: dropped, leaving none.
    ['err-missing-success.csv', 'must contain at least one result row (1 dropped: 1 without an outcome, 0 marked as errors)'],
    ['err-blank-lines.jsonl', 'must contain at least one result row'],
    [
      'err-no-task-column.csv',
      'must have a task column ("task_id", "task", "problem_id", "example_id", "doc_id" or "sample_id"); columns: "id", "success"; choose the task column with --task-col',
    ],
    [
      'err-no-success-column.csv',
      'must have a success column ("success", "passed", "correct" or "pass"); columns: "task_id", "score"; ' +
        'choose the success column with --success-col (or a reward column with --reward-col)',
    ],
    [
      'err-no-task-column.jsonl',
      'must have a task column ("task_id", "task", "problem_id", "example_id", "doc_id" or "sample_id"); keys of the first object: "id", "ok"; choose the task column with --task-col',
    ],
    ['basic.csv', 'must have the task column "name"; columns: "task_id", "trial", "success"; choose the task column with --task-col', { taskColumn: 'name' }],
    [
      'basic.csv',
      'must have the reward column "score"; columns: "task_id", "trial", "success"; choose the reward column with --reward-col',
      { rewardColumn: 'score' },
    ],
    [
      'basic.jsonl',
      'must have the trial column "attempt"; keys of the first object: "task_id", "trial", "success"; choose the trial column with --trial-col',
      { trialColumn: 'attempt' },
    ],
    ['does-not-exist.csv', 'must exist (file not found)'],
  ];
  it.each(cases)('%s: %s', async (name, rest, options) => {
    const e = await failure(name, options);
    expect(e.where).toBe(fixture(name));
    expect(e.message).toBe(`${fixture(name)}: ${rest}`);
  });
});

describe('readTaskCounts: option errors name the option as the CLI spells it', () => {
  const cases: Array<[options: ResultsReadOptions, message: string]> = [
    [
      { format: 'xml' as 'csv' },
      '--format: must be one of auto, csv, tsv, jsonl, json, humaneval, tau-bench, tau2-bench, terminal-bench, inspect, cruxeval, task-outcomes, lm-eval, livecodebench, evalplus, bigcodebench, aider, ldb, got "xml"',
    ],
    [{ onError: 'skip' as 'drop' }, '--on-error: must be one of drop, fail, got "skip"'],
    [{ trialColumn: '' }, '--trial-col: must be a non-empty column name, got ""'],
    [{ successColumn: 'ok', rewardColumn: 'r' }, '--reward-col: cannot be combined with --success-col (choose one), got "r"'],
    [{ rewardColumn: 'r', threshold: Number.NaN }, '--threshold: must be a finite number, got NaN'],
    [{ chunkSize: 0 }, 'chunkSize: must be an integer in 1..1073741824, got 0'],
    [{ chunkSize: 1.5 }, 'chunkSize: must be an integer in 1..1073741824, got 1.5'],
    [{ taskColumn: '' }, '--task-col: must be a non-empty column name, got ""'],
  ];
  it.each(cases)('%j', async (options, message) => {
    const e = await failure('basic.csv', options);
    expect(e.message).toBe(message);
  });
});
