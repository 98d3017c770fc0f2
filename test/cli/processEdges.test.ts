import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runPassk.js';

// What the process does at its edges: where it starts (INIT_CWD under pnpm), and a standard output
// that is closed early or full. Runs the built binary through a shell, as a user would.
// The bundle is the package's `bin` (packages/cli/package.json), what `passk` runs once installed.
const MAIN = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;

function shell(command: string, env: Record<string, string> = {}) {
  const run = spawnSync('bash', ['-o', 'pipefail', '-c', command], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('INIT_CWD (set by pnpm for `pnpm passk`)', () => {
  it.each([
    ['a missing folder', '/nonexistent-passk-folder', 'ENOENT'],
    ['a file', '/etc/hostname', 'ENOTDIR'],
  ])('pointing at %s: one line, exit 2', (_label, folder, reason) => {
    const run = shell(`node ${MAIN} --version`, { npm_lifecycle_event: 'passk', INIT_CWD: folder });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`passk: INIT_CWD: must be a folder passk can change to (${reason}), got "${folder}"\n`);
  });
});

describe('standard output', () => {
  it('a reader that stops early (| head -c 10) ends the run quietly with status 141', () => {
    // 20 000 rows → a per-task JSON of about 4 MB, far beyond a pipe's 64 KiB buffer, so the write meets EPIPE.
    const file = join(tmpdir(), `passk-epipe-${process.pid}.csv`);
    const rows = ['task_id,success'];
    for (let t = 0; t < 10_000; t++) rows.push(`t${t},1`, `t${t},0`);
    writeFileSync(file, `${rows.join('\n')}\n`);
    const run = shell(`node ${MAIN} estimate ${file} --k 1,2 --json | head -c 10 > /dev/null`);
    rmSync(file);
    expect(run.code).toBe(141);
    expect(run.stderr).toBe('');
  });

  it('a slow reader gets every byte: the process ends only once standard output has taken it all', () => {
    // A large JSON through a pipe whose reader waits first must arrive whole, the same bytes as
    // written to a file (an exit before standard output has drained would cut it).
    const file = join(tmpdir(), `passk-slow-reader-${process.pid}.csv`);
    const saved = join(tmpdir(), `passk-slow-reader-${process.pid}.json`);
    const rows = ['task_id,success'];
    // 10 000 rows: a JSON of about 2 MB, many times a pipe's buffer.
    for (let t = 0; t < 5_000; t++) rows.push(`t${t},1`, `t${t},0`);
    writeFileSync(file, `${rows.join('\n')}\n`);
    const direct = shell(`node ${MAIN} estimate ${file} --k 1,2 --json > ${saved} && wc -c < ${saved}`);
    const piped = shell(`node ${MAIN} estimate ${file} --k 1,2 --json | (sleep 0.5; wc -c)`);
    rmSync(file);
    rmSync(saved);
    expect(direct.code).toBe(0);
    expect(piped.code).toBe(0);
    expect(Number(direct.stdout)).toBeGreaterThan(1 << 20);
    expect(Number(piped.stdout)).toBe(Number(direct.stdout));
  });

  it('a full device (> /dev/full) is one line and exit 2', () => {
    const run = shell(`node ${MAIN} schema > /dev/full`);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('passk: standard output: cannot be written (ENOSPC)\n');
  });
});
