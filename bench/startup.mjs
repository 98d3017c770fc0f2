import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** The command timed against `node -e 0`: a one-line estimate (what a user types first). */
export const STARTUP_ARGS = ['estimate', '--n', '10', '--c', '3', '--k', '5'];

/**
 * Start-up cost of the CLI: `runs` paired runs, each `node packages/cli/dist/bundle/passk.cjs estimate --n 10
 * --c 3 --k 5` and `node -e 0` back to back (the order alternating), wall time from spawn to exit.
 * Returns the per-pair ratios, their median, and the median times (seconds).
 */
export async function timeStartup(repoRoot, runs) {
  const cli = [join(repoRoot, 'packages', 'cli', 'dist', 'bundle', 'passk.cjs'), ...STARTUP_ARGS];
  const bare = ['-e', '0'];
  const pairs = [];
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? [cli, bare] : [bare, cli];
    const times = [];
    for (const args of order) times.push(await wall(args));
    const [passk, node] = i % 2 === 0 ? times : [times[1], times[0]];
    pairs.push({ passk, node, ratio: passk / node });
  }
  return {
    pairs,
    medianRatio: median(pairs.map((p) => p.ratio)),
    medianPasskSeconds: median(pairs.map((p) => p.passk)),
    medianNodeSeconds: median(pairs.map((p) => p.node)),
  };
}

function wall(args) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    execFile(process.execPath, args, (error, _stdout, stderr) => {
      if (error) reject(new Error(`bench: startup run failed (node ${args.join(' ')}): ${stderr.trim() || error.message}`));
      else resolve((performance.now() - start) / 1000);
    });
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
