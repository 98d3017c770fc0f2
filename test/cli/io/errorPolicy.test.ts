import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { isErrorJson, isErrorStatus, isErrorText } from '../../../packages/cli/src/io/errorMarkers.js';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import type { ResultsReadOptions } from '../../../packages/cli/src/io/resultsReadOptions.js';

// The error policy (--on-error drop|fail) on hand-counted fixtures; each fixture's rows are listed
// in the comment above its test with what happens to them.
const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/results/${name}`, import.meta.url));

async function failure(name: string, options: ResultsReadOptions): Promise<InputError> {
  const error = await readTaskCounts(fixture(name), options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('what marks an error row (the documented rule)', () => {
  it.each<[string, boolean]>([
    ['', false],
    ['0', false],
    ['false', false],
    ['FALSE', false],
    ['None', false],
    ['null', false],
    [' none ', false],
    ['1', true],
    ['true', true],
    ['Timeout', true],
    ['sandbox crashed', true],
    ['nan', true],
  ])('error text %j → %s', (text, marked) => expect(isErrorText(text)).toBe(marked));
  it.each<[unknown, boolean]>([
    [undefined, false],
    [null, false],
    [false, false],
    [0, false],
    ['', false],
    ['none', false],
    [true, true],
    [1, true],
    ['RateLimitError', true],
    [{ type: 'x' }, true],
    [[], true],
  ])('error JSON %j → %s', (value, marked) => expect(isErrorJson(value)).toBe(marked));
  it.each<[unknown, boolean]>([
    ['error', true],
    ['ERROR', true],
    [' infra_error ', true],
    ['Timeout', true],
    ['ok', false],
    ['failed', false],
    ['passed', false],
    ['timed out', false],
    [1, false],
    [null, false],
  ])('status %j → %s', (value, marked) => expect(isErrorStatus(value)).toBe(marked));
});

describe('--on-error drop (default): rows dropped and counted by reason', () => {
  // errors.csv (task_id,trial,success,error,status), lines 2–11:
  //   a,0,1 counted ✓ | a,1,<empty> missing | a,2,0,"Timeout contacting sandbox" error | b,0,1,0,passed counted ✓
  //   b,1,0,false,TIMEOUT error | c,0,1,none,infra_error error | c,1,1,"",error error | d,0,0,NULL,failed counted ✗
  //   b,2,1," ", counted ✓ | a,1,1 counted ✓ (the retry of line 3: not a duplicate, line 3 was dropped)
  // → a 2/2, b 2/2, d 0/1; c only on dropped rows; dropped 5 = 1 missing + 4 error.
  const ERRORS_CSV = {
    taskIds: ['a', 'b', 'd'],
    n: [2, 2, 1],
    c: [2, 2, 0],
    rows: 5,
    dropped: { policy: 'drop', count: 5, reasons: { missing: 1, error: 4 }, tasks: 1 },
  };

  it('CSV with error and status columns', async () => {
    const r = await readTaskCounts(fixture('errors.csv'));
    expect(r).toMatchObject(ERRORS_CSV);
    expect(r.columns).toEqual({ task: 'task_id', success: 'success', trial: 'trial', error: 'error', status: 'status' });
  });

  it('the same with the trial column checked (dropped rows do not take a trial number)', async () => {
    const r = await readTaskCounts(fixture('errors.csv'), { trialColumn: 'trial' });
    expect(r).toMatchObject(ERRORS_CSV);
  });

  it('JSON Lines with error and status keys', async () => {
    // errors.jsonl, lines 1–7: a 1 (error null) ✓ | a success null missing | a 0 "sandbox crashed" error
    //   | b true (error false, status ok) ✓ | b status infra_error, no success → error | b 0 (error 0) ✗ | c no success missing
    // → a 1/1, b 1/2; c only dropped; dropped 4 = 2 missing + 2 error.
    const r = await readTaskCounts(fixture('errors.jsonl'));
    expect(r).toMatchObject({
      taskIds: ['a', 'b'],
      n: [1, 2],
      c: [1, 1],
      rows: 3,
      dropped: { policy: 'drop', count: 4, reasons: { missing: 2, error: 2 }, tasks: 1 },
    });
  });

  it('τ-bench: info.error (an exception in run.py) and a null reward', async () => {
    // tau-small.json: records 1..7 = task 0 r 1.0 ✓ | 1 r 0.999999 ✓ | 0 r 0.0 ✗ | 2 info.error set → error
    //   | 1 r 1.000001 ✓ | 1 r 0.9999989 ✗ | 0 r 1 with info.error null ✓ → 0: 2/3, 1: 2/3; task 2 only dropped.
    const r = await readTaskCounts(fixture('tau-small.json'));
    expect(r).toMatchObject({
      format: 'tau-bench',
      taskIds: ['0', '1'],
      n: [3, 3],
      c: [2, 2],
      dropped: { count: 1, reasons: { missing: 0, error: 1 }, tasks: 1 },
    });
    // tau-null-reward.json: task 0 reward null → missing; task 1 reward 1.0 ✓. τ-bench scores a
    // missing reward as a failure, so that is the default (--missing fail); --missing drop leaves it out.
    expect(await readTaskCounts(fixture('tau-null-reward.json'))).toMatchObject({
      taskIds: ['0', '1'],
      n: [1, 1],
      c: [0, 1],
      dropped: { count: 0, missing: 'fail', countedAsFailures: 1, tasks: 0 },
    });
    expect(await readTaskCounts(fixture('tau-null-reward.json'), { missing: 'drop' })).toMatchObject({
      taskIds: ['1'],
      n: [1],
      c: [1],
      dropped: { count: 1, reasons: { missing: 1, error: 0 }, tasks: 1 },
    });
  });
});

describe('--on-error fail with --missing error: the first such row is an error at its line', () => {
  it.each<[string, string, string]>([
    ['errors.csv', ':3', 'column "success" must have a value (--missing fail counts such rows as failures, --missing drop skips them)'],
    ['err-marked.csv', ':3', 'column "status" marks the row as an error or infrastructure failure (--on-error drop skips such rows), got "Timeout"'],
    ['errors.jsonl', ':2', 'key "success" must have a value (--missing fail counts such rows as failures, --missing drop skips them), got null'],
    [
      'tau-small.json',
      ':15 (record 4)',
      'key "info.error" marks the record as an error or infrastructure failure (--on-error drop skips such rows), got "RateLimitError: 429"',
    ],
    [
      'tau-null-reward.json',
      ':2 (record 1)',
      'key "reward" must have a value (--missing fail counts such rows as failures, --missing drop skips them), got null',
    ],
  ])('%s → file%s', async (name, where, rest) => {
    const e = await failure(name, { onError: 'fail', missing: 'error' });
    expect(e.message).toBe(`${fixture(name)}${where}: ${rest}`);
  });

  it('a file without error rows reads the same under both policies', async () => {
    const drop = await readTaskCounts(fixture('basic.csv'));
    const fail = await readTaskCounts(fixture('basic.csv'), { onError: 'fail' });
    expect({ ...fail, dropped: { ...fail.dropped, policy: 'drop' } }).toEqual(drop);
  });

  it('malformed rows are errors under drop too', async () => {
    expect((await failure('err-bad-success.csv', {})).where).toBe(`${fixture('err-bad-success.csv')}:3`);
    expect((await failure('err-tau-reward-type.json', {})).where).toBe(`${fixture('err-tau-reward-type.json')}:3 (record 2)`);
  });
});

describe('human-eval results', () => {
  // samples.jsonl_results.jsonl: HumanEval/0 passed true, false, true (3 samples); HumanEval/1 false ("timed out"), true.
  const HUMAN_EVAL = { taskIds: ['HumanEval/0', 'HumanEval/1'], n: [3, 2], c: [2, 1], rows: 5 };

  it('detected from the columns task_id + passed and reported as humaneval', async () => {
    const r = await readTaskCounts(fixture('samples.jsonl_results.jsonl'));
    expect(r).toMatchObject({ ...HUMAN_EVAL, format: 'humaneval', columns: { task: 'task_id', success: 'passed' } });
  });

  it('by name (--format humaneval), and as plain JSON Lines when that is asked for', async () => {
    expect(await readTaskCounts(fixture('samples.jsonl_results.jsonl'), { format: 'humaneval' })).toMatchObject({ ...HUMAN_EVAL, format: 'humaneval' });
    expect(await readTaskCounts(fixture('samples.jsonl_results.jsonl'), { format: 'jsonl' })).toMatchObject({ ...HUMAN_EVAL, format: 'jsonl' });
  });

  it('other JSON Lines stay jsonl (basic.jsonl has task_id + success)', async () => {
    expect((await readTaskCounts(fixture('basic.jsonl'))).format).toBe('jsonl');
  });
});
