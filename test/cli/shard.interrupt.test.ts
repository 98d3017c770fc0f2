import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, passk, REPO_ROOT } from '../helpers/runPassk.js';

// SIGTERM (what Slurm sends at a time limit or scancel, and Kubernetes on pod deletion) during
// `simulate|sweep --shard`: the built binary (the bundle, `pnpm build` first) stops at
// the next block, writes its shard marked as stopped, exits 130; merge then refuses it, or with
// --allow-partial lists it as interrupted. The signal is sent once the shard's first progress line
// ("shard 1/2: 0% …") shows that it runs, so a slow start on a loaded machine cannot race it.
const SMALL = fixture('scenarios-cli/small.yaml');
const root = mkdtempSync(join(tmpdir(), 'passk-shard-interrupt-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function terminateWhenRunning(args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`, ...args, '--workers', '1', '--progress'], { cwd: REPO_ROOT });
    let stderr = '';
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (!sent && /: 0% \(0\//.test(stderr)) {
        sent = true;
        setTimeout(() => child.kill('SIGTERM'), 200);
      }
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000); // never leave a long run behind
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stderr });
    });
  });
}

describe('SIGTERM during a shard', () => {
  it('simulate --shard: exit 130, the shard written and marked stopped; merge refuses it unless --allow-partial', async () => {
    const dir = join(root, 'simulate');
    const run = await terminateWhenRunning(['simulate', SMALL, '--replicates', '4000000', '--shard', '1/2', '--out', dir]);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('passk: SIGTERM: stopping at the next block and writing what is done');
    expect(run.stderr).toMatch(/passk: interrupted: the shard covers \d+ of 10000000 episodes and is marked partial\n$/);
    expect(readdirSync(dir)).toEqual(['shard-0001-of-0002.json']);
    const shard = JSON.parse(readFileSync(join(dir, 'shard-0001-of-0002.json'), 'utf8'));
    expect(shard.partial.stopped).toBe(true);
    expect(shard.partial.done).toBeGreaterThan(0);
    expect(shard.partial.done).toBeLessThan(2_000_000);
    expect(shard.partial.done % 64).toBe(0);
    expect(shard.episodes).toBe(shard.partial.done * 5);
    const refused = await passk('merge', dir, '--json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^passk: merge: must have every shard of the run once, but shard 2 of 2 is missing/);
    const partial = await passk('merge', dir, '--json', '--allow-partial');
    expect(partial.code).toBe(0);
    expect(partial.stderr).toBe('passk: partial result (--allow-partial): missing shards 2; interrupted shards 1 of 2\n');
    expect(JSON.parse(partial.stdout)).toMatchObject({
      complete: false,
      stopped: true,
      replicates: { done: shard.partial.done },
      shards: { count: 2, missing: [2], incomplete: [1] },
    });
  }, 90_000);

  it('sweep --shard: the grid points done so far, the shard marked partial', async () => {
    const dir = join(root, 'sweep');
    const run = await terminateWhenRunning(['sweep', SMALL, '--vary', 'policy.maxAttempts=1..3', '--replicates', '2000000', '--shard', '1/1', '--out', dir]);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('passk: SIGTERM: stopping at the next block');
    const merged = await passk('merge', dir, '--json');
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(
      /^passk: \S*shard-0001-of-0001\.json: must be a complete shard, but shard 1 of 1 was interrupted; run it again, or pass --allow-partial\n$/,
    );
    const partial = await passk('merge', dir, '--json', '--allow-partial');
    expect(partial.code).toBe(0);
    expect(JSON.parse(partial.stdout)).toMatchObject({ kind: 'passk.sweep', complete: false, shards: { count: 1, missing: [], incomplete: [1] } });
  }, 90_000);
});
