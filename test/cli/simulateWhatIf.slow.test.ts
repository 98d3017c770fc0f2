import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixture, passk } from '../helpers/runPassk.js';
import { tempDir } from '../helpers/tempDir.js';

// A what-if from a log (issue #41), end to end: the same seed gives the same bytes on 1 and 2
// workers and from 2 shards merged, with the task population (and the retry dependence) refitted per
// block. Slow suite (docs/testing.md): each runs simulate five times, a minute of CPU in all. The fast
// suite checks the same per-block streams with a measured verifier (simulate.determinism.test.ts,
// shard.property.test.ts) and what the what-if computes (simulateWhatIf.test.ts).
const LOG = fixture('tasks-from/terminal-bench-5-runs');
const dir = tempDir('what-if-slow');
/** Attempt-ordered episodes: test/fixtures/episodes/make_episodes.py (30 tasks × 2 episodes × 4 attempts, feedback 0.3). */
const EPISODES = [fixture('episodes/retries.csv'), '--episode-col', 'episode', '--attempt-col', 'attempt'];

async function run(...args: string[]) {
  const result = await passk('simulate', '--tasks-from', LOG, '--replicates', '640', ...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

describe('passk simulate --tasks-from: the same bytes however the work is split', () => {
  it('the same seed gives the same bytes on 1 and 2 workers, and from 2 shards merged', async () => {
    const one = await run('--json', '--workers', '1');
    expect(await run('--json', '--workers', '2')).toBe(one);
    const parts = join(dir, 'parts');
    for (const shard of ['1/2', '2/2']) {
      const part = await passk('simulate', '--tasks-from', LOG, '--replicates', '640', '--shard', shard, '--out', parts, '--workers', '1');
      expect(part.code).toBe(0);
    }
    const files = readdirSync(parts).map((name) => join(parts, name));
    const merged = await passk('merge', ...files, '--json');
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(one);
  });

  it('a log with episodes: the same bytes on 1 and 2 workers, and from 2 shards merged (the dependence refit per block)', async () => {
    // 2 blocks (1 per shard): each block refits four dependence models, slow on a loaded machine.
    const args = ['simulate', '--tasks-from', ...EPISODES, '--replicates', '128'];
    const one = await passk(...args, '--json', '--workers', '1');
    expect(one.code).toBe(0);
    expect((await passk(...args, '--json', '--workers', '2')).stdout).toBe(one.stdout);
    const parts = join(dir, 'episode-parts');
    for (const shard of ['1/2', '2/2']) expect((await passk(...args, '--shard', shard, '--out', parts, '--workers', '1')).code).toBe(0);
    const merged = await passk('merge', ...readdirSync(parts).map((name) => join(parts, name)), '--json');
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(one.stdout);
  }, 240_000);
});
