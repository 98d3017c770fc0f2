import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The command timed against `node -e 0`: a one-line estimate (what a user types first). */
export const STARTUP_ARGS = ['estimate', '--n', '10', '--c', '3', '--k', '5'];

/** The bin of the repository's build (the same files the package ships). */
export const repoBin = (repoRoot) => join(repoRoot, 'packages', 'cli', 'dist', 'bundle', 'passk.cjs');

/**
 * Start-up cost of the CLI: `runs` paired runs, each `node BIN estimate --n 10 --c 3 --k 5` and
 * `node -e 0` back to back (the order alternating), wall time from spawn to exit, with `node` the
 * executable given (default: this one). The bin's code cache (packages/cli/cliScript.cjs) goes to a new
 * folder: the first start, which compiles from source and writes the cache, is timed apart
 * (`firstSeconds`); the pairs are the starts after it, as a user's every later start.
 * Returns the per-pair ratios, their median, and the median times (seconds).
 */
export async function timeStartup(bin, runs, { node = process.execPath } = {}) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'passk-startup-cache-'));
  const env = { ...process.env, PASSK_CACHE_DIR: cacheDir };
  try {
    const cli = [bin, ...STARTUP_ARGS];
    const bare = ['-e', '0'];
    const firstSeconds = await wall(node, cli, env);
    const pairs = [];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? [cli, bare] : [bare, cli];
      const times = [];
      for (const args of order) times.push(await wall(node, args, env));
      const [passk, bareNode] = i % 2 === 0 ? times : [times[1], times[0]];
      pairs.push({ passk, node: bareNode, ratio: passk / bareNode });
    }
    return {
      firstSeconds,
      pairs,
      medianRatio: median(pairs.map((p) => p.ratio)),
      medianPasskSeconds: median(pairs.map((p) => p.passk)),
      medianNodeSeconds: median(pairs.map((p) => p.node)),
    };
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

function wall(node, args, env) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    execFile(node, args, { env }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`bench: startup run failed (${node} ${args.join(' ')}): ${stderr.trim() || error.message}`));
      else resolve((performance.now() - start) / 1000);
    });
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
