// `pnpm bench:compare`: compareRuns (packages/sim/src/compare) on generated paired runs — T tasks × n
// trials in each run, k = 1..10, with the paired bootstrap (1000 replicates) and the permutation test
// (exact where ≤ 30 tasks differ, else 10 000 random sign patterns) — best of 3, one thread.
// Prints one line per size: tasks, trials, milliseconds. No target: it shows where the time goes.
import { performance } from 'node:perf_hooks';
import { binomial, compareRuns, streamRng } from '../packages/sim/dist/internal.js';

const SIZES = [
  [80, 5],
  [800, 10],
  [10_000, 10],
];

function run(name, tasks, n, shift, rng) {
  return {
    name,
    tasks: tasks.map((p, i) => ({ id: `t${i}`, n, c: binomial(rng, n, Math.min(1, Math.max(0, p + shift))) })),
  };
}

for (const [count, n] of SIZES) {
  const rng = streamRng('bench-compare', count);
  const rates = Array.from({ length: count }, () => rng.uniform());
  const a = run('A', rates, n, 0, rng);
  const b = run('B', rates, n, 0.03, rng);
  const options = { ks: Array.from({ length: Math.min(10, n) }, (_, i) => i + 1), bootstrap: 1000, permutations: 10_000, seed: 1 };
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    compareRuns(a, b, options);
    best = Math.min(best, performance.now() - start);
  }
  process.stdout.write(`compare ${count} tasks × ${n} trials, k = 1..${options.ks.length}, bootstrap 1000, permutations 10000: ${best.toFixed(0)} ms\n`);
}
