import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, passkProcess, REPO_ROOT } from '../helpers/runPassk.js';

// Ctrl-C during the long computations of plan, estimate and compare (packages/cli/src/progress/
// longComputation.ts): the built bundle (`pnpm build` first) in a child process, each run asked for
// --progress so the test knows when it is past start-up and computing; SIGINT as soon as the first
// progress line arrives (the handler is installed before the computation's first step reports). The run must end with exit 130 (not killed by the signal), one line saying it was
// interrupted, nothing on stdout and no output file. (A sweep keeps the grid points it finished:
// sweep.interrupt.test.ts.)
const root = mkdtempSync(join(tmpdir(), 'passk-long-interrupt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From the signal to the exit. */
  ms: number;
}

function interrupt(args: string[], progressLabel: string, cwd: string): Promise<Stopped> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`, ...args, '--progress'], { cwd });
    let stdout = '';
    let stderr = '';
    let signalled = 0;
    let timer: NodeJS.Timeout | undefined;
    // Never leave a long run behind if it ignores the signal (or never reports progress).
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (timer === undefined && stderr.includes(`${progressLabel}:`)) {
        timer = setTimeout(() => {
          signalled = Date.now();
          child.kill('SIGINT');
        }, 0);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr, ms: signalled ? Date.now() - signalled : Number.POSITIVE_INFINITY });
    });
  });
}

function expectStopped(run: Stopped, label: string, dir: string): void {
  expect(run.signal).toBeNull();
  expect(run.code).toBe(130);
  // 0.5 s between checkpoints at most, plus the exit, on a loaded machine.
  expect(run.ms).toBeLessThan(2500);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines.at(-1)).toBe(`passk: interrupted (${label}): stopped before writing any output`);
  expect(lines.filter((line) => line.includes('interrupted'))).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(readdirSync(dir)).toEqual([]);
}

const cases: ReadonlyArray<{ name: string; label: string; args: (dir: string) => string[] }> = [
  {
    name: 'plan demonstrate with a million failures',
    label: 'plan demonstrate',
    args: (dir) => ['plan', 'demonstrate', '--target', '0.9', '--k', '8', '--failures', '1000000', '--max-failures', '10000000', '--chart', join(dir, 'd.svg')],
  },
  {
    name: 'plan compare with a large power simulation',
    label: 'plan compare',
    args: () => ['plan', 'compare', '--k', '4', '--mean', '0.6', '--delta', '0.02', '--simulations', '20000', '--max-simulated-tasks', '1e10'],
  },
  {
    name: 'plan precision with an exact assurance',
    label: 'plan precision',
    args: () => [
      'plan',
      'precision',
      '--metric',
      'passHatK',
      '--k',
      '8',
      '--rate',
      '0.9',
      '--half-width',
      '0.002',
      '--interval',
      'clopper-pearson',
      '--assurance',
      '0.99',
      '--max-intervals',
      '1e9',
    ],
  },
  {
    name: 'estimate with many large k',
    label: 'estimate',
    args: () => ['estimate', '--n', '1000000000', '--c', '900000000', '--k', '100000..100800', '--max-k-sum', '1e8', '--json'],
  },
  {
    name: 'estimate of a results file with a million bootstrap replicates',
    label: 'estimate',
    args: () => ['estimate', fixture('tau-bench/gpt-4o-airline.json'), '--k', '1..4', '--bootstrap', '1000000'],
  },
  {
    name: 'compare with a million paired bootstrap replicates',
    label: 'compare',
    args: () => ['compare', fixture('compare/small-a.csv'), fixture('compare/small-b.csv'), '--k', '1..3', '--bootstrap', '1000000'],
  },
];

describe('Ctrl-C during a long computation', () => {
  for (const { name, label, args } of cases) {
    it(`${name}: exit 130, one line, nothing written`, async () => {
      const dir = mkdtempSync(join(root, 'case-'));
      expectStopped(await interrupt(args(dir), label, dir), label, dir);
    }, 90_000);
  }

  it('off a terminal and without --progress, a plan prints no progress: stderr stays empty', () => {
    const run = passkProcess(['plan', 'demonstrate', '--target', '0.9', '--k', '8', '--failures', '5000', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).byFailures).toHaveLength(5001);
  });
});
