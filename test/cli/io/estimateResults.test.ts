import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, passkWide } from '../../helpers/runPassk.js';

// `passk estimate FILE`: the reader's options and what it reports (run in-process from source).
// Counts are those of the hand-counted fixtures (see errorPolicy.test.ts for the row-by-row notes).

describe('passk estimate FILE: reader options and reporting', () => {
  it('JSON: source.format, the columns and the dropped rows by reason', async () => {
    const run = await passkWide('estimate', fixture('results/errors.csv'), '--json', '--bootstrap', '0', '--trial-col', 'trial');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.source).toEqual({
      file: fixture('results/errors.csv'),
      format: 'csv',
      rows: 5,
      columns: { task: 'task_id', success: 'success', trial: 'trial', error: 'error', status: 'status' },
      dropped: { policy: 'drop', missing: 'drop', missingIsDefault: true, count: 5, reasons: { missing: 1, error: 4 }, countedAsFailures: 0, tasks: 1 },
    });
    // a 2/2, b 2/2, d 0/1: unequal trial counts are reported, not refused.
    expect(out.tasks).toBe(3);
    expect(out.trials).toEqual({ min: 1, max: 2 });
  });

  it('text: a line under the summary says what was dropped', async () => {
    const run = await passkWide('estimate', fixture('results/errors.csv'), '--bootstrap', '0');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 5)).toEqual([
      `${fixture('results/errors.csv')}: 5 attempts over 3 tasks, 1 to 2 trials per task`,
      'read as csv (detected; --format forces another): task "task_id", success "success", trial "trial"',
      'dropped 1 attempt without an outcome (--missing drop, the default for csv; --missing fail counts them as failures)',
      'dropped 4 rows marked as errors (--on-error fail makes them errors)',
      '1 task left with no rows, not in the estimates',
    ]);
    const clean = await passkWide('estimate', fixture('results/basic.csv'), '--bootstrap', '0');
    expect(clean.stdout).not.toContain('dropped');
  });

  it('--missing error: exit 2 and one line naming the row', async () => {
    const run = await passkWide('estimate', fixture('results/errors.jsonl'), '--missing', 'error');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `passk: ${fixture('results/errors.jsonl')}:2: key "success" must have a value (--missing fail counts such rows as failures, --missing drop skips them), got null\n`,
    );
  });

  it('--trial-col: a repeated (task, trial) is an error naming both lines', async () => {
    const run = await passkWide('estimate', fixture('results/dup-trial.csv'), '--trial-col', 'trial');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`passk: ${fixture('results/dup-trial.csv')}:8: duplicate of task "7" trial 3 (first at line 5)\n`);
  });

  it('--format humaneval / tau-bench by name; detection reported in source.format', async () => {
    const humanEval = JSON.parse((await passkWide('estimate', fixture('results/samples.jsonl_results.jsonl'), '--json', '--bootstrap', '0')).stdout);
    expect(humanEval.source.format).toBe('humaneval');
    const named = await passkWide('estimate', fixture('results/tau-compact.txt'), '--format', 'tau-bench', '--json', '--bootstrap', '0');
    expect(named.code).toBe(0);
    // tau-compact.txt: a rewards 1, 1.0 (2/2); b 0.5 (0/1).
    expect(JSON.parse(named.stdout)).toMatchObject({ source: { format: 'tau-bench', rows: 3 }, tasks: 2 });
  });

  it('unknown --format and --on-error values: exit 2 listing the choices', async () => {
    const format = await passkWide('estimate', fixture('results/basic.csv'), '--format', 'xml');
    expect(format.code).toBe(2);
    expect(format.stderr).toBe(
      'passk: --format: must be one of auto, csv, tsv, jsonl, json, humaneval, tau-bench, tau2-bench, terminal-bench, inspect, cruxeval, task-outcomes, lm-eval, livecodebench, evalplus, bigcodebench, aider, ldb, got "xml"\n',
    );
    const policy = await passkWide('estimate', fixture('results/basic.csv'), '--on-error', 'skip');
    expect(policy.code).toBe(2);
    expect(policy.stderr).toBe('passk: --on-error: must be one of drop, fail, got "skip"\n');
  });

  it('tasks with the same counts (and tasks of more than 2^21 trials) are estimated one by one: per-task rows and averages by the closed forms', async () => {
    // estimateFile hands the estimators one shared (n, c) object per distinct pair below 2^21 trials.
    const dir = mkdtempSync(join(tmpdir(), 'passk-shared-counts-'));
    try {
      // From 2^21 trials on each task has its own object: n·2^21 + c would be the same for these two.
      const big = 2 ** 21;
      const tasks: [string, number, number][] = [
        ['a', 4, 2],
        ['b', big, big],
        ['c', 4, 2],
        ['d', 4, 0],
        ['e', big + 1, 0],
        ['f', 4, 2],
        ['g', 6, 2], // the same c as a, another n
      ];
      const path = join(dir, 'counts.csv');
      writeFileSync(path, `task,n,c\n${tasks.map((t) => t.join(',')).join('\n')}\n`);
      const run = await passkWide('estimate', path, '--counts', 'n,c', '--k', '1,2', '--json', '--bootstrap', '0');
      expect(run.stderr).toBe('');
      const out = JSON.parse(run.stdout);
      expect(out.perTask.map((t: { task: string; n: number; c: number }) => [t.task, t.n, t.c])).toEqual(tasks);
      // Closed forms: pass@1 = c/n; pass^2 = C(c, 2)/C(n, 2) = c(c − 1)/(n(n − 1)); pass@2 = 1 − C(n − c, 2)/C(n, 2).
      const hat2 = (n: number, c: number) => (c * (c - 1)) / (n * (n - 1));
      const at2 = (n: number, c: number) => 1 - hat2(n, n - c);
      const mean = (f: (n: number, c: number) => number) => tasks.reduce((sum, [, n, c]) => sum + f(n, c), 0) / tasks.length;
      expect(out.rows[0].passAtK).toBeCloseTo(
        mean((n, c) => c / n),
        14,
      );
      expect(out.rows[1].passHatK).toBeCloseTo(mean(hat2), 14);
      expect(out.rows[1].passAtK).toBeCloseTo(mean(at2), 14);
      expect(out.perTask[3].rows[1]).toEqual({ k: 2, passAtK: 0, passHatK: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
