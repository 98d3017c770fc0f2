import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Conformance: the published figures listed in ../shared/data/real/README.md, reproduced from the
// logs as published (no conversion step) to the digits printed there. The logs are not copied into
// the project (several have no licence); the test skips when ../shared is absent.
const REAL = join(import.meta.dirname, '../../../../shared/data/real');
const present = existsSync(join(REAL, 'README.md'));

/** Rounds to the decimals of the published figure as printed (0.4625 → 4 decimals). */
function printedDigits(figure: string): number {
  return figure.includes('.') ? figure.split('.')[1]!.length : 0;
}

type Figure = [file: string, flags: string[], metric: 'passAtK' | 'passHatK', figures: Record<number, string>];
const FIGURES: Figure[] = [
  ['tau-bench-gpt-4o-airline.json', [], 'passHatK', { 1: '0.42', 2: '0.273', 3: '0.22', 4: '0.2' }],
  ['terminal-bench-orchestrator-claude-4-sonnet.json', [], 'passAtK', { 1: '0.36', 2: '0.4625', 4: '0.5475', 5: '0.575' }],
  ['terminal-bench-orchestrator-claude-4.1-opus.json', [], 'passAtK', { 1: '0.3975', 2: '0.48625', 4: '0.56', 5: '0.575' }],
  ['terminal-bench-orchestrator-qwen-3-coder-480B.json', [], 'passAtK', { 1: '0.1925', 2: '0.2725', 4: '0.3575', 5: '0.3875' }],
  ['terminal-bench-goose-claude-4-opus', [], 'passAtK', { 1: '0.4525' }],
  ['humaneval-gpt35-10spt_results.jsonl', [], 'passAtK', { 1: '0.657', 10: '0.665' }],
  ['cruxeval-codellama-7b-T0.2-input.json', [], 'passAtK', { 1: '0.3595', 5: '0.449911' }],
  ['cruxeval-codellama-7b-T0.2-output.json', [], 'passAtK', { 1: '0.342125', 5: '0.402867' }],
  ['inspect-scicode-claude-3-haiku.eval', [], 'passAtK', { 1: '0.26' }],
  ['inspect-scicode-claude-3-haiku.eval', [], 'passHatK', { 1: '0.26' }],
  ['eval-arena-cruxeval-input-codellama-7b-13b.jsonl', ['--rate-col', 'pass1', '--rate-n', '10', '--where', 'model=codellama-7b'], 'passAtK', { 1: '0.3595' }],
];

describe.skipIf(!present)('published figures from the real logs in ../shared/data/real', () => {
  it.each(FIGURES)('%s %j: %s', async (file, flags, metric, figures) => {
    const ks = Object.keys(figures).join(',');
    const run = await passkWide('estimate', join(REAL, file), '--k', ks, '--json', '--bootstrap', '0', ...flags);
    expect(run.stderr).toBe('');
    const rows = JSON.parse(run.stdout).rows as { k: number; passAtK: number; passHatK: number }[];
    for (const [k, figure] of Object.entries(figures)) {
      const value = rows.find((row) => row.k === Number(k))![metric];
      expect(value.toFixed(printedDigits(figure)), `${metric} k=${k}`).toBe(Number(figure).toFixed(printedDigits(figure)));
    }
  });
});

describe.skipIf(!present)('real logs read as trees', () => {
  const goose = join(REAL, 'terminal-bench-goose-claude-4-opus');

  it('the goose submission folder is one tree of 5 run files, nothing skipped; a glob of them reads the same', async () => {
    const folder = await passkWide('estimate', goose, '--k', '1,2', '--json', '--bootstrap', '0');
    expect(folder.stderr).toBe('');
    const doc = JSON.parse(folder.stdout);
    expect(doc.source.tree).toEqual({ walked: [goose], visited: 5, read: 5, harness: 'terminal-bench', trialCopies: { skipped: 0, runFiles: 0 }, skipped: [] });
    expect(doc.source.files).toHaveLength(5);
    const glob = await passkWide('estimate', join(goose, '*_results.json'), '--k', '1,2', '--json', '--bootstrap', '0');
    expect(JSON.parse(glob.stdout).perTask).toEqual(doc.perTask);
    const text = await passkWide('estimate', goose, '--k', '1', '--bootstrap', '0');
    expect(text.stdout.split('\n')[1]).toBe(`walked ${goose}: read 5 terminal-bench results files, nothing skipped`);
  });

  it('the goose runs laid out as Terminal-Bench run folders (run results.json, per-trial copies of its records, recordings): the published pass@1, each trial once', async () => {
    const runs = join(tempDir('real-runs'), 'runs');
    const files = readdirSync(goose).filter((name) => name.endsWith('_results.json'));
    for (const name of files) {
      const run = join(runs, name.replace('_results.json', ''));
      mkdirSync(run, { recursive: true });
      symlinkSync(join(goose, name), join(run, 'results.json'));
      for (const record of JSON.parse(readFileSync(join(goose, name), 'utf8')).results as { task_id: string; trial_name: string }[]) {
        const trial = join(run, record.task_id, record.trial_name);
        mkdirSync(join(trial, 'sessions'), { recursive: true });
        writeFileSync(join(trial, 'results.json'), JSON.stringify(record, null, 4));
        writeFileSync(join(trial, 'sessions', 'agent.cast'), '{"version": 2}\n');
      }
    }
    const run = await passkWide('estimate', runs, '--k', '1', '--json', '--bootstrap', '0');
    expect(run.stderr).toBe('');
    const doc = JSON.parse(run.stdout);
    // 5 runs × 80 tasks, one attempt each: 400 copies; the published figure is the mean of the 5 runs' accuracy.
    expect(doc.source.tree).toMatchObject({ read: 5, trialCopies: { skipped: 400, runFiles: 5 }, skipped: [{ kind: '.cast', count: 400 }] });
    expect(doc.rows[0].passAtK.toFixed(4)).toBe('0.4525');
  });

  it('two results.json in leaderboard submission folders (linked from the logs, in a temporary folder) are named by their folders', async () => {
    const board = join(tempDir('real-board'), 'results', 'terminal-bench-core@0.1.1');
    const runs = {
      '20250902_orchestrator_claude-4-sonnet': 'terminal-bench-orchestrator-claude-4-sonnet.json',
      '20250902_orchestrator_qwen-3-coder-480B': 'terminal-bench-orchestrator-qwen-3-coder-480B.json',
    };
    for (const [folder, file] of Object.entries(runs)) {
      mkdirSync(join(board, folder), { recursive: true });
      symlinkSync(join(REAL, file), join(board, folder, 'results.json'));
    }
    const files = Object.keys(runs).map((folder) => join(board, folder, 'results.json'));
    const run = await passkWide('compare', ...files, '--k', '1', '--json', '--bootstrap', '0', '--permutations', '100');
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).runs.map((r: { name: string }) => r.name)).toEqual(Object.keys(runs));
  });
});

describe.skipIf(present)('published figures (skipped)', () => {
  it('skips: ../shared/data/real is absent on this machine', () => {
    expect(present).toBe(false);
  });
});
