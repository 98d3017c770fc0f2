import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandInputs } from '../../../packages/cli/src/io/expandInputs.js';
import { MAX_TREE_ENTRIES } from '../../../packages/cli/src/io/walkTree.js';
import { makeTrees } from '../../fixtures/trees/make-trees.mjs';
import { tempDir } from '../../helpers/tempDir.js';

// The trees are written by test/fixtures/trees/make-trees.mjs, laid out as each harness writes its
// output (its README names the sources). What each walk must find is counted off that script's
// layout: Terminal-Bench trial folders hold results.json, panes/post-test.txt, sessions/agent.cast,
// sessions/tests.log and agent-logs/episode-0/debug.json; run folders add run_metadata.json,
// tb.lock and run.log.
const root = tempDir('trees');
makeTrees(root);
const at = (...parts: string[]) => join(root, ...parts);
const board = (...parts: string[]) => at('terminal-bench-leaderboard', 'results', 'terminal-bench-core@0.1.1', ...parts);
const skippedOf = (tree: { skipped: readonly { kind: string; count: number }[] } | undefined) =>
  Object.fromEntries((tree?.skipped ?? []).map(({ kind, count }) => [kind, count]));

/** Writes `files` (relative path → content) under a fresh folder; returns the folder. */
function layOut(name: string, files: Record<string, string>): string {
  const dir = tempDir(name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}
const tbRun = (trial: string) =>
  JSON.stringify({ id: 'run', results: [{ id: 'u1', trial_name: trial, task_id: 'a', instruction: 'do it', is_resolved: true }], accuracy: 1 });

describe('expandInputs: harness output trees as they lie on disk', () => {
  it('a folder of two Terminal-Bench runs: the two run-level results.json, each trial once (12 per-trial copies skipped), side files counted', async () => {
    const { files, tree } = await expandInputs([at('terminal-bench-runs')]);
    expect(files).toEqual([
      at('terminal-bench-runs', 'runs', '2025-08-10__05-27-18', 'results.json'),
      at('terminal-bench-runs', 'runs', '2025-08-11__09-00-00', 'results.json'),
    ]);
    // 2 runs × 3 tasks × 2 attempts = 12 trial folders.
    expect(tree).toMatchObject({ walked: [at('terminal-bench-runs')], read: 2, harness: 'terminal-bench', trialCopies: { skipped: 12, runFiles: 2 } });
    expect(skippedOf(tree)).toEqual({
      'run_metadata.json': 2,
      'tb.lock': 2,
      'run.log': 2,
      '.txt': 12,
      '.cast': 12,
      '.log': 12,
      'debug.json': 12,
    });
    // The harness's own files are listed first.
    expect(tree!.skipped.slice(0, 3).map((kind) => kind.kind)).toEqual(['run.log', 'run_metadata.json', 'tb.lock']);
  });

  it("a glob '**/results.json' over the same tree: the same two files, the 12 copies skipped", async () => {
    const { files, tree } = await expandInputs([at('terminal-bench-runs', '**', 'results.json')]);
    expect(files).toEqual((await expandInputs([at('terminal-bench-runs')])).files);
    expect(tree).toMatchObject({ read: 2, trialCopies: { skipped: 12, runFiles: 2 }, skipped: [] });
    const runLevel = await expandInputs([at('terminal-bench-runs', 'runs', '*', 'results.json')]);
    expect(runLevel.tree).toMatchObject({ read: 2, trialCopies: { skipped: 0, runFiles: 0 }, skipped: [] });
  });

  it('leaderboard submissions: run folders inside, one run at the top with trial folders, several <run>_results.json', async () => {
    const cursor = await expandInputs([board('20250811_cursor-cli_model-c')]);
    expect(cursor.files.map((file) => file.slice(board('20250811_cursor-cli_model-c').length))).toEqual([
      '/run1_2025-08-10__05-27-18/results.json',
      '/run2_2025-08-10__21-53-39/results.json',
    ]);
    expect(cursor.tree).toMatchObject({ read: 2, trialCopies: { skipped: 6, runFiles: 2 } });
    const orchestrator = await expandInputs([board('20250902_orchestrator_model-a')]);
    expect(orchestrator.files).toEqual([board('20250902_orchestrator_model-a', 'results.json')]);
    // 3 tasks × 3 attempts; no run_metadata.json at the submission's top.
    expect(orchestrator.tree).toMatchObject({ read: 1, trialCopies: { skipped: 9, runFiles: 1 } });
    expect(skippedOf(orchestrator.tree)).toEqual({ '.txt': 9, '.cast': 9, '.log': 9, 'debug.json': 9 });
    const goose = await expandInputs([board('20250829_goose_model-b')]);
    expect(goose.files).toHaveLength(3);
    expect(goose.tree).toMatchObject({ read: 3, trialCopies: { skipped: 0 }, skipped: [] });
  });

  it('a τ²-bench submission folder: the trajectory files, submission.json skipped', async () => {
    const { files, tree } = await expandInputs([at('tau2-submission', 'my-agent_myorg_2025-11-01')]);
    expect(files).toEqual([
      at('tau2-submission', 'my-agent_myorg_2025-11-01', 'trajectories', 'my-agent_airline_default_gpt-4.1_2trials.json'),
      at('tau2-submission', 'my-agent_myorg_2025-11-01', 'trajectories', 'my-agent_telecom_default_gpt-4.1_2trials.json'),
    ]);
    expect(tree).toMatchObject({ read: 2, harness: 'tau2-bench' });
    expect(skippedOf(tree)).toEqual({ 'submission.json': 1 });
  });

  it('an inspect_ai eval-set log folder: the .eval logs; logs.json, eval-set.json and .eval-set-id skipped', async () => {
    const { files, tree } = await expandInputs([at('inspect-logs', 'eval-set-two-tasks')]);
    expect(files.map((file) => file.split('/').pop())).toEqual([
      '2025-01-15T10-00-00+00-00_arith_Q3d9Xk2mLp7Vb8Nw.eval',
      '2025-01-15T10-05-00+00-00_spelling_R7tY2uI9oP4aS6dF.eval',
    ]);
    expect(tree).toMatchObject({ read: 2, harness: 'inspect' });
    expect(skippedOf(tree)).toEqual({ 'logs.json': 1, 'eval-set.json': 1, '.eval-set-id': 1 });
  });

  it('plain records in sub-folders: every CSV, the README and a settings file skipped', async () => {
    const { files, tree } = await expandInputs([at('plain-runs')]);
    expect(files).toEqual([at('plain-runs', '2025-01', 'runs.csv'), at('plain-runs', '2025-02', 'runs.csv')]);
    expect(tree).toMatchObject({ read: 2, harness: null });
    expect(skippedOf(tree)).toEqual({ 'README.md': 1, 'settings.json': 1 });
  });

  it("an agent's own JSON beside a harness's results is skipped, however long; without a harness it is left to the readers", async () => {
    const long = JSON.stringify({ model: 'm', messages: Array.from({ length: 2000 }, (_, i) => ({ role: 'user', content: `step ${i}` })) });
    expect(long.length).toBeGreaterThan(16 * 1024);
    const beside = layOut('beside', { 'run/results.json': tbRun('a.1-of-1.r'), 'run/a/agent-logs/trajectory.json': long });
    expect((await expandInputs([beside])).files).toEqual([join(beside, 'run', 'results.json')]);
    expect(skippedOf((await expandInputs([beside])).tree)).toEqual({ 'trajectory.json': 1 });
    const alone = layOut('alone', { 'trajectory.json': long });
    expect((await expandInputs([alone])).files).toEqual([join(alone, 'trajectory.json')]);
  });

  it('JSON documents the readers recognise are read, however small: EvalPlus results, task → outcomes, JSON Lines in a .json file', async () => {
    const evalPlus = JSON.stringify({
      date: '2024-06-01 10:00',
      hash: 'h',
      eval: { 'HumanEval/0': [{ task_id: 'HumanEval/0', base_status: 'pass', plus_status: 'fail' }] },
    });
    const dir = layOut('recognised', {
      'evalplus/samples.eval_results.json': evalPlus,
      'outcomes/outcomes.json': JSON.stringify({ a: [true, false], b: [1, 1] }),
      'lines/records.json': '{"task": "a", "success": 1}\n{"task": "b", "success": 0}\n',
      'notes/settings.json': JSON.stringify({ temperature: 0.7 }),
    });
    const { files, tree } = await expandInputs([dir]);
    expect(files.map((file) => file.slice(dir.length + 1))).toEqual(['evalplus/samples.eval_results.json', 'lines/records.json', 'outcomes/outcomes.json']);
    expect(skippedOf(tree)).toEqual({ 'settings.json': 1 });
  });

  it('files and standard input named as they are, no tree', async () => {
    expect(await expandInputs(['a.csv', '-'])).toEqual({ files: ['a.csv', 'stdin'], tree: undefined });
  });

  it('hidden folders are not entered; a link to a folder already walked is passed over, a link out of the tree followed', async () => {
    const outside = layOut('outside', { 'more/runs.csv': 'task,success\nb,1\n' });
    const dir = layOut('links', { 'runs.csv': 'task,success\na,1\n', '.git/objects/x.json': '{"a": [true]}', 'sub/keep.csv': 'task,success\nc,0\n' });
    symlinkSync(join(dir, 'sub'), join(dir, 'zz-again'));
    symlinkSync(join(outside, 'more'), join(dir, 'zz-outside'));
    const { files, tree } = await expandInputs([dir]);
    expect(files).toEqual([join(dir, 'runs.csv'), join(dir, 'sub', 'keep.csv'), join(dir, 'zz-outside', 'runs.csv')]);
    expect(skippedOf(tree)).toEqual({ '.git/': 1, 'folder already walked': 1 });
  });
});

describe('expandInputs: trees that are bad input (one InputError naming where)', () => {
  const refused = async (inputs: string[], where: string, rule: RegExp, options = {}) => {
    const error = await expandInputs(inputs, options).then(
      () => undefined,
      (e: unknown) => e as { where: string; rule: string },
    );
    expect(error, 'refused').toBeDefined();
    expect(error!.where).toEqual(where);
    expect(error!.rule).toMatch(rule);
  };

  it('two harnesses in one tree', async () => {
    await refused(
      [at('bad', 'two-harnesses')],
      at('bad', 'two-harnesses'),
      /^must hold the results of one harness to be read as one run, but holds tau2-bench results \(tau2-bench\/results\.json\) and terminal-bench results \(terminal-bench\/results\.json\)/,
    );
  });

  it('a tree without results says what it skipped', async () => {
    await refused(
      [at('bad', 'no-results')],
      at('bad', 'no-results'),
      /found none among 4 files \(skipped README\.md, run\.log, run_metadata\.json, tb\.lock\)$/,
    );
    await refused([layOut('empty', {})], expect.any(String) as unknown as string, /it is empty$/);
  });

  it('per-trial copies without their run-level results.json, or not listed in it', async () => {
    const copy = at('bad', 'copies-only', 'fix-git', 'fix-git.1-of-1.2025-08-10__05-27-18', 'results.json');
    await refused([at('bad', 'copies-only')], copy, /no run-level results\.json is read with it/);
    const stray = at('bad', 'stale-run', 'fix-git', 'fix-git.2-of-2.2025-08-10__05-27-18', 'results.json');
    await refused([at('bad', 'stale-run')], stray, new RegExp(`whose trial is not in ${at('bad', 'stale-run', 'results.json').replaceAll('.', '\\.')}`));
  });

  it('a symbolic link loop ends the walk (folder and glob) with the link named', async () => {
    const dir = layOut('loop', { 'a/runs.csv': 'task,success\na,1\n' });
    mkdirSync(join(dir, 'a', 'b'));
    symlinkSync('../..', join(dir, 'a', 'b', 'up'));
    await refused([dir], join(dir, 'a', 'b', 'up'), /^is a symbolic link back to .*, a folder that holds it/);
    await refused([join(dir, '**', '*.csv')], join(dir, 'a', 'b', 'up'), /^is a symbolic link back to .*, a folder that holds it/);
  });

  it(`more than ${MAX_TREE_ENTRIES} files and folders (here a limit of 5) is refused, saying the limit`, async () => {
    const dir = layOut('large', Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`r${i}.csv`, 'task,success\na,1\n'])));
    await refused([dir], dir, /^must hold at most 5 files and folders to be walked/, { maxEntries: 5 });
    await refused([join(dir, '*.csv')], join(dir, '*.csv'), /^must match within at most 5 files and folders/, { maxEntries: 5 });
    expect((await expandInputs([dir], { maxEntries: 6 })).files).toHaveLength(6);
  });
});

describe('the trees are the same bytes on every run', () => {
  it('make-trees.mjs twice gives identical files', () => {
    const again = tempDir('trees-again');
    makeTrees(again);
    const read = (base: string, path: string) => readFileSync(join(base, path));
    for (const path of ['terminal-bench-runs/runs/2025-08-10__05-27-18/results.json', 'inspect-logs/eval-set-two-tasks/logs.json']) {
      expect(read(again, path).equals(read(root, path))).toBe(true);
    }
    const evalLog = 'inspect-logs/eval-set-one-task/2025-01-15T10-00-00+00-00_arith_Q3d9Xk2mLp7Vb8Nw.eval';
    expect(read(again, evalLog).equals(read(root, evalLog))).toBe(true);
  });
});
