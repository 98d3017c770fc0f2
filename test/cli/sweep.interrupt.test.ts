import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SweepDocumentV2 as SweepDocument } from '../../packages/cli/src/results/simulateSchema.js';
import { fixture, passkProcess, REPO_ROOT } from '../helpers/runPassk.js';

// Ctrl-C during `passk sweep` (the built binary: `pnpm build` first): 4 grid points of 400 000
// replicates each (about a second a point on one core), SIGINT sent once the progress line shows
// a given share done. Like simulate, the run stops at the next block; the points finished so far
// are written, marked partial, exit 130; the point cut short is left out.
const REPLICATES = 400_000;
const POINTS = 4;
const SCENARIO = fixture('scenarios-cli/small.yaml');

const root = mkdtempSync(join(tmpdir(), 'passk-sweep-interrupt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Interrupted {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `passk sweep … --progress ARGS`, sends SIGINT at the first progress line at or past `percent` %, and collects what it wrote. */
function interruptSweep(percent: number, args: string[]): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`,
        'sweep',
        SCENARIO,
        '--vary',
        `policy.maxAttempts=1..${POINTS}`,
        '--replicates',
        String(REPLICATES),
        '--workers',
        '1',
        '--progress',
        '--wide',
        ...args,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, COLUMNS: '100000' } }, // every column on one row per point (no folding)
    );
    let stdout = '';
    let stderr = '';
    let guard: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const shares = [...stderr.matchAll(/^sweep: (\d+)%/gm)].map((match) => Number(match[1]));
      if (guard === undefined && shares.some((share) => share >= percent)) {
        child.kill('SIGINT');
        // Never leave the run behind if it ignores the signal.
        guard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('Ctrl-C during sweep', () => {
  it('--out DIR, after the first point: sweep.json holds the points finished, marked partial; the table says so; exit 130', async () => {
    const dir = join(root, 'partial');
    const run = await interruptSweep(30, ['--out', dir]);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(130);
    expect(readdirSync(dir)).toEqual(['sweep.json']); // complete, no temporary file left
    const document = JSON.parse(readFileSync(join(dir, 'sweep.json'), 'utf8')) as SweepDocument;
    const done = document.points.length;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThan(POINTS);
    expect(document.complete).toBe(false);
    expect(document.interrupted).toEqual({ pointsDone: done, pointsPlanned: POINTS });
    expect(run.stderr).toContain('stopping at the next block');
    expect(run.stderr).toMatch(new RegExp(`passk: interrupted: the result covers ${done} of ${POINTS} grid points and is marked partial\\n$`));
    expect(run.stderr).not.toMatch(/\n\s+at |internal error/);
    expect(run.stdout).toContain(`PARTIAL (interrupted): ${done} of ${POINTS} grid points finished`);
    expect(run.stdout.match(/^ +\d +\d/gm)).toHaveLength(done); // one table row per finished point

    // The finished points are those of a sweep of only those points, to the byte (same seed, same streams).
    const prefix = passkProcess(['sweep', SCENARIO, '--vary', `policy.maxAttempts=1..${done}`, '--replicates', String(REPLICATES), '--workers', '2', '--json']);
    expect(prefix.code).toBe(0);
    const whole = JSON.parse(prefix.stdout) as SweepDocument;
    expect(document.points).toEqual(whole.points);
    expect(document.frontier).toEqual(whole.frontier);
    expect(document.best).toEqual(whole.best);
  });

  it('--json --out DIR, before any point finished: nothing printed or written, one line, exit 130', async () => {
    const dir = join(root, 'none');
    const run = await interruptSweep(0, ['--json', '--out', dir]);
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    expect(run.stderr).toMatch(new RegExp(`passk: interrupted: no grid point of ${POINTS} had finished, so nothing is written\\n$`));
  });
});
