import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTaskCounts } from '../../../packages/cli/src/io/readTaskCounts.js';
import { fixture, passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Harness logs with several attempts per task, built to each harness's published schema by
// test/fixtures/logs/formats/make_format_fixtures.py (its docstring names the source files read).
// Expected values: test/fixtures/logs/formats/reference.py, an independent Python reading of the same
// files the way each harness counts them (json module only): per task [id, n, c] in order of first
// appearance, and the pass@1 the harness itself writes into the file where it does.
const log = (name: string) => fixture(`logs/formats/${name}`);
const script = fileURLToPath(new URL('../../fixtures/logs/formats/reference.py', import.meta.url));
const run = spawnSync('python3', [script], { encoding: 'utf8' });
if (run.status !== 0) throw new Error(`reference.py failed: ${run.stderr}`);
const reference = JSON.parse(run.stdout) as Record<string, unknown>;
const expected = (key: string) => reference[key] as (string | number)[][];
const perTask = (counts: { taskIds: string[]; n: number[]; c: number[] }) => counts.taskIds.map((task, i) => [task, counts.n[i], counts.c[i]]);

const LCB = 'livecodebench/Scenario.codegeneration_5_0.2_eval_all.json';
const HUMANEVAL = 'lm-eval/samples_humaneval_5_2026-01-01T00-00-00.000000.jsonl';
const GSM8K = 'lm-eval/samples_gsm8k-cot-self-consistency_2026-01-01T00-00-00.000000.jsonl';
const EVALPLUS = 'evalplus/humaneval_samples.eval_results.json';
const BIGCODEBENCH = 'bigcodebench/model--bigcodebench-complete--vllm-0.8-5-sanitized_calibrated_eval_results.json';

describe('formats read with no column flags, one attempt per sample (counts from reference.py)', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    [LCB, 'livecodebench', 'lcb-codegeneration', { task: 'question_id', success: 'graded_list' }],
    ['livecodebench/Scenario.testoutputprediction_3_0.2_eval_all.json', 'livecodebench', 'lcb-testoutputprediction', { task: 'question_id/test_id' }],
    ['livecodebench/Scenario.codeexecution_4_0.2_eval_all.json', 'livecodebench', 'lcb-codeexecution', { task: 'id' }],
    [HUMANEVAL, 'lm-eval', 'lmeval-humaneval', { task: 'doc_id', rate: 'pass@1', nKey: 'resps.0' }],
    ['inspect-epochs.eval', 'inspect', 'inspect-epochs', { task: 'id', trial: 'epoch' }],
    [EVALPLUS, 'evalplus', 'evalplus-plus', { task: 'task_id', success: 'base_status = plus_status = pass' }],
    ['evalplus/legacy_eval_results.json', 'evalplus', 'evalplus-legacy-plus', { task: 'task_id' }],
    [BIGCODEBENCH, 'bigcodebench', 'bigcodebench', { task: 'task_id', success: 'status = pass' }],
  ])('%s: read as %s', async (file, format, key, columns) => {
    const counts = await readTaskCounts(log(file));
    expect(counts.format).toBe(format);
    expect(counts.columns).toMatchObject(columns);
    expect(perTask(counts)).toEqual(expected(key));
    // Read in 7-byte chunks: records, lines and documents cut at every place give the same counts.
    if (!file.endsWith('.eval')) expect(perTask(await readTaskCounts(log(file), { chunkSize: 7 }))).toEqual(expected(key));
  });

  it('--format names each new format; the named format refuses a file of another', async () => {
    expect(perTask(await readTaskCounts(log(LCB), { format: 'livecodebench' }))).toEqual(expected('lcb-codegeneration'));
    expect(perTask(await readTaskCounts(log(EVALPLUS), { format: 'evalplus' }))).toEqual(expected('evalplus-plus'));
    expect(perTask(await readTaskCounts(log(BIGCODEBENCH), { format: 'bigcodebench' }))).toEqual(expected('bigcodebench'));
    const wrong = await passkWide('estimate', log(EVALPLUS), '--format', 'bigcodebench');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(
      `passk: ${log(EVALPLUS)}: holds EvalPlus results (its samples have base_status, plus_status), not bigcodebench: read it with --format evalplus (or auto)\n`,
    );
  });

  it("estimate's pass@1 is the harness's own figure: LiveCodeBench's mean pass@1, EvalPlus's pass_at_k (base and plus)", async () => {
    const pass1 = async (file: string, ...args: string[]) => {
      const out = await passkWide('estimate', log(file), '--json', '--k', '1', '--bootstrap', '0', ...args);
      expect(out.code).toBe(0);
      return JSON.parse(out.stdout).rows[0].passAtK as number;
    };
    expect(await pass1(LCB)).toBeCloseTo(reference['lcb-codegeneration-pass1'] as number, 12);
    const published = reference['evalplus-published'] as { base: { 'pass@1': number }; plus: { 'pass@1': number } };
    expect(await pass1(EVALPLUS)).toBeCloseTo(published.plus['pass@1'], 12);
    expect(await pass1(EVALPLUS, '--success-col', 'base_status')).toBeCloseTo(published.base['pass@1'], 12);
    expect(perTask(await readTaskCounts(log(EVALPLUS), { successColumn: 'base_status' }))).toEqual(expected('evalplus-base'));
  });
});

describe('lm-evaluation-harness samples with repeats (lm_eval/evaluator.py layout)', () => {
  it('pass@1 over N repeats is c/N of N attempts (N = the responses in resps[0]), not one attempt scored ≥ 1', async () => {
    const out = await passkWide('estimate', log(HUMANEVAL), '--k', '1', '--bootstrap', '0');
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n').slice(0, 2)).toEqual([
      `${log(HUMANEVAL)}: 30 attempts over 6 tasks, 5 trials each`,
      'read as lm-eval (detected; --format forces another): task "doc_id", rate "pass@1" × n = the length of "resps.0"',
    ]);
  });

  it('--success-col pass@1 names the same rate: 5 attempts per doc, not 1 (reference.py: c = pass@1 · len(resps[0]))', async () => {
    expect(perTask(await readTaskCounts(log(HUMANEVAL), { successColumn: 'pass@1' }))).toEqual(expected('lmeval-humaneval'));
  });

  it('pass@5 is an estimate over the repeats, not an outcome: refused, pointing at pass@1', async () => {
    const out = await passkWide('estimate', log(HUMANEVAL), '--success-col', 'pass@5');
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      `passk: --success-col: must name an outcome, not lm-eval's estimate of pass@5 over each doc's repeats: read "pass@1" (c/n over the n repeats in resps), got "pass@5"\n`,
    );
  });

  it('a pass@1 that is not c/N for the N repeats is refused at its line', async () => {
    // 3 repeats: pass@1 can be 0, 1/3, 2/3 or 1, never 0.5.
    const path = join(tempDir('lmeval-rate'), 'samples_x.jsonl');
    writeFileSync(path, `${JSON.stringify({ doc_id: 0, filter: 'create_test', metrics: ['pass@1'], resps: [['a', 'b', 'c']], 'pass@1': 0.5 })}\n`);
    const refused = await passkWide('estimate', path);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`passk: ${path}:1: key "pass@1" must be a rate c/n in [0, 1] with n = 3 (the length of "resps.0"), got 0.5\n`);
  });

  it('with filters (score-first, maj@4) each filter scores one answer per doc: one attempt per doc, after --where filter=NAME', async () => {
    const refused = await passkWide('estimate', log(GSM8K));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('column "filter" has 2 values ("score-first", "maj@4"); read one with --where filter=score-first');
    const counts = await readTaskCounts(log(GSM8K), { where: ['filter=score-first'] });
    expect(perTask(counts)).toEqual(expected('lmeval-gsm8k-score-first'));
    expect(counts.columns).toMatchObject({ task: 'doc_id', reward: 'exact_match' });
  });
});

describe('inspect_ai .eval with epochs = 3 (samples/<id>_epoch_<e>.json)', () => {
  it('one trial per (sample, epoch); the errored epoch is dropped and counted (--on-error drop, the default)', async () => {
    const out = await passkWide('estimate', log('inspect-epochs.eval'), '--k', '1', '--bootstrap', '0', '--json');
    expect(out.code).toBe(0);
    const doc = JSON.parse(out.stdout);
    expect(doc.source.rows).toBe(8);
    expect(doc.source.dropped).toMatchObject({ count: reference['inspect-epochs-errors'], reasons: { error: 1 } });
    await expect(readTaskCounts(log('inspect-epochs.eval'), { onError: 'fail' })).rejects.toThrow('inspect-epochs.eval (samples/2_epoch_2.json)');
  });

  // Found while writing these tests (reported; inspectSamples.ts is another engineer's): the scorer is
  // chosen from the first sample entry, so a log whose first entry errored (no scores) is refused
  // instead of dropping that sample. inspect writes samples as they finish, so this happens.
  it('a log whose first sample entry errored reads like the same log in another order', async () => {
    // The same (task, n, c) for every task; tasks come in the order the log first names them.
    const byTask = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byTask(perTask(await readTaskCounts(log('inspect-epochs-error-first.eval'))))).toEqual(byTask(expected('inspect-epochs') as unknown[][]));
  });
});

describe('refusals', () => {
  it('LiveCodeBench generations without --evaluate: says what is missing and how to get it', async () => {
    const file = log('livecodebench/Scenario.codegeneration_5_0.2.json');
    const out = await passkWide('estimate', file);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /^passk: .*Scenario\.codegeneration_5_0\.2\.json: must hold LiveCodeBench evaluation records \(question_id and a "graded_list" of booleans\) to be read as livecodebench \(generations without grades: run LiveCodeBench with --evaluate and read its \*_eval_all\.json\); keys of the first record: "question_title", .*\n$/,
    );
  });

  it('EvalPlus: --success-col must be base_status or plus_status', async () => {
    const out = await passkWide('estimate', log(EVALPLUS), '--success-col', 'passed');
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(`passk: --success-col: must be one of "plus_status", "base_status" for ${log(EVALPLUS)} (EvalPlus results), got "passed"\n`);
  });
});
