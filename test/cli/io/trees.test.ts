import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResultDocument } from '../../../packages/cli/src/results/checkResultDocument.js';
import { makeTrees } from '../../fixtures/trees/make-trees.mjs';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// `passk estimate` and `passk compare` on harness output trees as they lie on disk, written by
// test/fixtures/trees/make-trees.mjs. Expected per-task counts come from the harness's own files,
// read here with JSON.parse and counted by hand-written loops below (Terminal-Bench: the run-level
// results.json, is_resolved true = success; τ²-bench: simulations[], reward within 1e-6 of 1), or,
// for the inspect_ai and CSV trees, from the outcome tables in make-trees.mjs.
const root = tempDir('cli-trees');
makeTrees(root);
const at = (...parts: string[]) => join(root, ...parts);
const board = (...parts: string[]) => at('terminal-bench-leaderboard', 'results', 'terminal-bench-core@0.1.1', ...parts);

type PerTask = Record<string, [n: number, c: number]>;

/** Per-task (n, c) of Terminal-Bench run-level results.json files, counted from their results[]. */
function terminalBenchCounts(files: string[]): PerTask {
  const out: PerTask = {};
  for (const file of files) {
    for (const r of JSON.parse(readFileSync(file, 'utf8')).results as { task_id: string; is_resolved: boolean | null }[]) {
      const [n, c] = out[r.task_id] ?? [0, 0];
      out[r.task_id] = [n + 1, c + (r.is_resolved === true ? 1 : 0)];
    }
  }
  return out;
}

/** Per-task (n, c) of τ²-bench results files: a simulation succeeds when its reward is within 1e-6 of 1. */
function tau2Counts(files: string[]): PerTask {
  const out: PerTask = {};
  for (const file of files) {
    for (const s of JSON.parse(readFileSync(file, 'utf8')).simulations as { task_id: string; reward_info: { reward: number } }[]) {
      const [n, c] = out[s.task_id] ?? [0, 0];
      out[s.task_id] = [n + 1, c + (Math.abs(s.reward_info.reward - 1) <= 1e-6 ? 1 : 0)];
    }
  }
  return out;
}

async function estimate(...args: string[]) {
  const run = await passkWide('estimate', ...args, '--json', '--bootstrap', '0');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const doc = JSON.parse(run.stdout);
  const perTask: PerTask = Object.fromEntries((doc.perTask as { task: string; n: number; c: number }[]).map((t) => [t.task, [t.n, t.c]]));
  return { doc, perTask };
}

describe('estimate reads harness output trees as they lie', () => {
  it('a folder of Terminal-Bench runs: each trial once, from the run-level results.json; one line says what was read and skipped', async () => {
    const runs = ['2025-08-10__05-27-18', '2025-08-11__09-00-00'].map((run) => at('terminal-bench-runs', 'runs', run, 'results.json'));
    const { doc, perTask } = await estimate(at('terminal-bench-runs'));
    // The table in make-trees.mjs: fix-git 3 of 4, hello-world 3 of 4, csv-to-parquet 0 of 4.
    expect(perTask).toEqual(terminalBenchCounts(runs));
    expect(perTask).toEqual({ 'fix-git': [4, 3], 'hello-world': [4, 3], 'csv-to-parquet': [4, 0] });
    expect(doc.source.files).toEqual(runs);
    expect(doc.source.tree).toMatchObject({
      walked: [at('terminal-bench-runs')],
      read: 2,
      harness: 'terminal-bench',
      trialCopies: { skipped: 12, runFiles: 2 },
    });
    expect(() => checkResultDocument({ ...doc, perTask: undefined }, 'estimate --json')).not.toThrow();
    const text = await passkWide('estimate', at('terminal-bench-runs'), '--k', '1', '--bootstrap', '0');
    expect(text.stdout.split('\n')[1]).toBe(
      `walked ${at('terminal-bench-runs')}: read 2 terminal-bench results files; skipped 12 per-trial copies (their trials are in the run-level results.json of 2 run folders) and 54 other files beside them (2 run.log, 2 run_metadata.json, 2 tb.lock, 12 .cast, 12 .log, 12 .txt, 12 more)`,
    );
  });

  it("a glob '**/results.json' over the runs: the same counts", async () => {
    const folder = await estimate(at('terminal-bench-runs'));
    const glob = await estimate(at('terminal-bench-runs', '**', 'results.json'));
    expect(glob.perTask).toEqual(folder.perTask);
    expect(glob.doc.source.tree).toMatchObject({ read: 2, trialCopies: { skipped: 12, runFiles: 2 }, skipped: [] });
  });

  it.each([
    ['20250811_cursor-cli_model-c', ['run1_2025-08-10__05-27-18/results.json', 'run2_2025-08-10__21-53-39/results.json']],
    ['20250902_orchestrator_model-a', ['results.json']],
    ['20250829_goose_model-b', ['2025-08-27__22-13-13_results.json', '2025-08-29__07-37-19_results.json', '2025-08-29__09-03-09_results.json']],
  ])('a leaderboard submission folder %s: each trial once', async (submission, runFiles) => {
    const { perTask } = await estimate(board(submission));
    expect(perTask).toEqual(terminalBenchCounts(runFiles.map((file) => board(submission, file))));
  });

  it('a τ²-bench submission folder (submission.json beside the trajectories)', async () => {
    const folder = at('tau2-submission', 'my-agent-airline_myorg_2025-11-02');
    const { doc, perTask } = await estimate(folder);
    // The table in make-trees.mjs: airline 0: 1, 1; 1: 1, 0; 2: 0, 0.
    expect(perTask).toEqual(tau2Counts([join(folder, 'trajectories', 'my-agent_airline_default_gpt-4.1_2trials.json')]));
    expect(perTask).toEqual({ '0': [2, 2], '1': [2, 1], '2': [2, 0] });
    expect(doc.source.format).toBe('tau2-bench');
    expect(doc.source.tree.skipped).toEqual([{ kind: 'submission.json', count: 1 }]);
  });

  it('an inspect_ai eval-set log folder (logs.json, eval-set.json and .eval-set-id beside the .eval log)', async () => {
    const { doc, perTask } = await estimate(at('inspect-logs', 'eval-set-one-task'));
    // The table in make-trees.mjs: a1 C C, a2 C I, a3 I I.
    expect(perTask).toEqual({ a1: [2, 2], a2: [2, 1], a3: [2, 0] });
    expect(doc.source.tree).toMatchObject({ read: 1, harness: 'inspect' });
    expect(doc.source.tree.skipped.map((kind: { kind: string }) => kind.kind).sort()).toEqual(['.eval-set-id', 'eval-set.json', 'logs.json']);
  });

  it('plain CSV files in sub-folders, a README and a settings file beside them', async () => {
    const { perTask } = await estimate(at('plain-runs'));
    // The CSV rows in make-trees.mjs: t1 1, 0, 1; t2 0, 1, 0.
    expect(perTask).toEqual({ t1: [3, 2], t2: [3, 1] });
  });
});

describe('compare names runs by what tells them apart', () => {
  it('two results.json: by their run folders, not by the path', async () => {
    const a = board('20250902_orchestrator_model-a', 'results.json');
    const b = board('20250811_cursor-cli_model-c', 'run1_2025-08-10__05-27-18', 'results.json');
    const run = await passkWide('compare', a, b, '--json', '--bootstrap', '0', '--permutations', '100');
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).runs.map((r: { name: string }) => r.name)).toEqual(['20250902_orchestrator_model-a', 'run1_2025-08-10__05-27-18']);
  });

  it('two submission folders: by the folder', async () => {
    const run = await passkWide(
      'compare',
      board('20250902_orchestrator_model-a'),
      board('20250829_goose_model-b'),
      '--json',
      '--bootstrap',
      '0',
      '--permutations',
      '100',
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).runs.map((r: { name: string }) => r.name)).toEqual(['20250902_orchestrator_model-a', '20250829_goose_model-b']);
  });
});
