import type { SimulateDocument } from '../../packages/cli/src/results/simulateSchema.js';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { passkProcess, REPO_ROOT } from '../helpers/runPassk.js';

// Ctrl-C during `passk simulate`: the built binary (`npx tsc -b packages/sim packages/cli` first)
// on the built-in default scenario with a million replicates (≈ 50 s of work on one core), SIGINT
// as soon as the run reports progress (a report comes after replicates are done, and the run keeps
// at least its first slice: packages/sim/src/node/runSimulation.ts). It must stop at a block
// boundary, print the partial result, exit 130.
const REPLICATES = 1_000_000;
const BLOCK = 64;

const root = mkdtempSync(join(tmpdir(), 'passk-interrupt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs `passk simulate ARGS… --progress`, sends SIGINT `afterMs` (none by default) after the first progress line
 * (the run is then past start-up and working, however loaded the machine), and collects what it
 * wrote; `ms` is the time from the signal to the exit.
 */
function interruptSimulate(args: string[], afterMs = 0): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    let signalled = 0;
    const child = spawn(
      process.execPath,
      [`${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`, 'simulate', '--replicates', String(REPLICATES), '--progress', ...args],
      { cwd: REPO_ROOT },
    );
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    let guard: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (timer === undefined && stderr.includes('simulating:')) {
        timer = setTimeout(() => {
          signalled = Date.now();
          child.kill('SIGINT');
        }, afterMs);
        // Never leave a million-replicate run behind if it ignores the signal.
        guard = setTimeout(() => child.kill('SIGKILL'), afterMs + 5000);
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

type SummaryJson = SimulateDocument;

/** The contract of an interrupted run: exit 130 soon after the signal, a stderr note, done in (0, R), whole blocks. */
function expectInterrupted(run: Interrupted, done: number): void {
  expect(run.signal).toBeNull();
  expect(run.code).toBe(130);
  expect(run.ms).toBeLessThan(3000); // from the signal to the exit
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(REPLICATES);
  expect(done % BLOCK).toBe(0);
  expect(run.stderr).toContain('stopping at the next block');
  expect(run.stderr).toMatch(new RegExp(`passk: interrupted: the result covers ${done} of ${REPLICATES} replicates and is marked partial\\n$`));
  expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
}

describe('Ctrl-C during simulate', () => {
  it('--workers 2 --json: exit 130, a complete JSON document of the replicates done, marked incomplete', async () => {
    const run = await interruptSimulate(['--workers', '2', '--json']);
    const doc = JSON.parse(run.stdout) as SummaryJson;
    expectInterrupted(run, doc.replicates.done);
    expect(doc.complete).toBe(false);
    expect(doc.stopped).toBe(true);
    expect(doc.replicates.requested).toBe(REPLICATES);
    expect(doc.episodes).toBe(doc.tasks * doc.replicates.done);
    expect(doc.rows).toHaveLength(8); // the default policy: maxAttempts 8
  });

  it('--workers 1 --json: stops as promptly; the result is exactly that of the first blocks', async () => {
    const run = await interruptSimulate(['--workers', '1', '--json']);
    const doc = JSON.parse(run.stdout) as SummaryJson;
    expectInterrupted(run, doc.replicates.done);
    expect(doc.complete).toBe(false);
    expect(doc.stopped).toBe(true);
    // In one thread the blocks run in order, so the partial result covers blocks 0 … done/64 − 1:
    // the same sums as a complete run of `done` replicates (block b draws from (seed, block b)).
    const prefix = passkProcess(['simulate', '--replicates', String(doc.replicates.done), '--workers', '2', '--json']);
    expect(prefix.code).toBe(0);
    expect(doc.rows).toEqual((JSON.parse(prefix.stdout) as SummaryJson).rows);
  });

  it('--workers 2 --out DIR: a table marked PARTIAL, and complete files in the folder', async () => {
    const dir = join(root, 'result');
    const run = await interruptSimulate(['--workers', '2', '--out', dir, '--wide']);
    const marker = /PARTIAL: (\d+) of (\d+) replicates/.exec(run.stdout);
    expect(marker).not.toBeNull();
    const done = Number(marker![1]);
    expect(Number(marker![2])).toBe(REPLICATES);
    expectInterrupted(run, done);
    expect(run.stdout).toContain('What it costs per episode'); // the whole table, not cut short
    // The three files of the partial result, each complete; no temporary (.tmp) file left.
    const files = existsSync(dir) ? readdirSync(dir).sort() : [];
    expect(files).toEqual(['scenario.yaml', 'summary.csv', 'summary.json']);
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as SummaryJson;
    expect(summary.complete).toBe(false);
    expect(summary.stopped).toBe(true);
    expect(summary.replicates.done).toBe(done);
    expect(readFileSync(join(dir, 'summary.csv'), 'utf8').trimEnd().split('\n')).toHaveLength(1 + 8);
    expect(readFileSync(join(dir, 'scenario.yaml'), 'utf8')).toContain(`replicates: ${REPLICATES}`);
  });
});
