// Named pipes and process substitution are ordinary, streamed inputs (the built binary in a real
// shell): `passk estimate <(cat results.csv)` and a FIFO some program writes to read like the file;
// a repeated (task, trial) from a pipe names the second place (a pipe cannot be read twice).
// The expected counts are those of the same file read directly.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/runPassk.js';

const dir = mkdtempSync(join(tmpdir(), 'passk-pipes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The bundle is the package's `bin` (packages/cli/package.json), what `passk` runs once installed.
const CLI = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;
const csv = join(dir, 'r.csv');
writeFileSync(csv, 'task,trial,success\na,0,1\na,1,0\nb,0,1\nb,1,1\nc,0,0\n');

const counts = (stdout: string) => (JSON.parse(stdout) as { perTask: Array<{ task: string; n: number; c: number }> }).perTask.map((t) => [t.task, t.n, t.c]);
const bash = (script: string) => spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, CLI, CSV: csv } });

describe('pipes as inputs', () => {
  const direct = bash('node "$CLI" estimate "$CSV" --json --bootstrap 0 --k 1');

  it('process substitution <(cat results.csv) reads like the file', () => {
    expect(direct.status, direct.stderr).toBe(0);
    const run = bash('node "$CLI" estimate <(cat "$CSV") --json --bootstrap 0 --k 1');
    expect(run.status, run.stderr).toBe(0);
    expect(counts(run.stdout)).toEqual(counts(direct.stdout));
    expect(counts(run.stdout)).toEqual([
      ['a', 2, 1],
      ['b', 2, 2],
      ['c', 1, 0],
    ]);
  });

  it('a FIFO that a program writes to (after passk has opened it) reads like the file', async () => {
    const fifo = join(dir, 'results.fifo');
    spawnSync('mkfifo', [fifo]);
    const passk = spawn(process.execPath, [CLI, 'estimate', fifo, '--format', 'csv', '--json', '--bootstrap', '0', '--k', '1']);
    let stdout = '';
    passk.stdout.on('data', (chunk) => (stdout += chunk));
    setTimeout(() => spawnSync('bash', ['-c', `sleep 0.2; cat "${csv}" > "${fifo}"`]), 100);
    const code = await new Promise((resolve) => passk.on('exit', resolve));
    expect(code).toBe(0);
    expect(counts(stdout)).toEqual(counts(direct.stdout));
  });

  it('a repeated (task, trial) from a pipe: one line naming where the repeat is', () => {
    const run = bash(`node "$CLI" estimate <(printf 'task,trial,success\\na,0,1\\na,0,0\\n')`);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^passk: \/dev\/fd\/\d+:3: duplicate of task "a" trial 0\n$/);
  });
});
