import { readScenarioFile } from '../packages/cli/dist/io/readScenarioFile.js';
import { resolveScenario, scenarioToInput, simulatePartial } from '../packages/sim/dist/index.js';

/**
 * Sizes of the scaling entry (tasks T, replicates R, attempts K): the work T·R·K grows 8× per step,
 * each factor doubling in turn. Tasks are the first T of the canonical tasks, rescaled to (t + 0.5)/T.
 */
export const SCALING_SIZES = [
  { tasks: 250, replicates: 640, k: 4 },
  { tasks: 500, replicates: 1280, k: 8 },
  { tasks: 1000, replicates: 2560, k: 16 },
];

/**
 * Engine time (one thread, simulatePartial; the best of `runs`) of a scenario file at each size, and
 * the exponent b of the least-squares fit log(seconds) = a + b·log(T·R·K): b ≈ 1 means the cost is
 * linear in the work (b < 1: attempts the policy never reaches are not paid for).
 */
export async function timeScaling(file, runs) {
  const base = scenarioToInput(await readScenarioFile(file));
  const points = [];
  let warmed = false;
  for (const size of SCALING_SIZES) {
    const values = Array.from({ length: size.tasks }, (_, t) => (t + 0.5) / size.tasks);
    const scenario = resolveScenario({
      ...base,
      tasks: { ...base.tasks, count: size.tasks, successRate: { dist: 'fixed', values } },
      policy: { ...base.policy, maxAttempts: size.k, ...(base.policy.mode === 'parallel' ? { batchSize: size.k } : {}) },
      run: { replicates: size.replicates },
    });
    if (!warmed) {
      simulatePartial(scenario); // JIT warm-up, untimed
      warmed = true;
    }
    let best = Infinity;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      simulatePartial(scenario);
      best = Math.min(best, (performance.now() - start) / 1000);
    }
    points.push({ ...size, work: size.tasks * size.replicates * size.k, seconds: best });
  }
  const xs = points.map((p) => Math.log(p.work));
  const ys = points.map((p) => Math.log(p.seconds));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const exponent = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return { points, exponent };
}
