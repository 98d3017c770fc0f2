import { readScenarioFile } from '../packages/cli/dist/io/readScenarioFile.js';
import { resolveScenario, scenarioToInput, simulatePartial, summarise } from '../packages/sim/dist/index.js';

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
 * the exponent b of the least-squares fit log(seconds) = a + b·log(work), for two measures of the
 * work: T·R·K (the size asked for; b < 1 when episodes stop before K, e.g. at the first accepted
 * attempt or the budget: attempts never reached are not paid for) and T·R·A, the attempts started
 * (A per episode from the run's own summary, attempts at k = K): what a policy that stops early
 * actually simulates.
 */
export async function timeScaling(file, runs) {
  const base = scenarioToInput(await readScenarioFile(file));
  const points = [];
  for (const size of SCALING_SIZES) {
    const values = Array.from({ length: size.tasks }, (_, t) => (t + 0.5) / size.tasks);
    const scenario = resolveScenario({
      ...base,
      tasks: { ...base.tasks, count: size.tasks, successRate: { dist: 'fixed', values } },
      policy: { ...base.policy, maxAttempts: size.k, ...(base.policy.mode === 'parallel' ? { batchSize: size.k } : {}) },
      run: { replicates: size.replicates },
    });
    // The runner (its tables) built once per size, and one untimed run per size: the kernel's code is
    // specialised for K, so each size gets its own JIT warm-up.
    const reuse = {};
    simulatePartial(scenario, { reuse });
    let best = Infinity;
    let partial;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      partial = simulatePartial(scenario, { reuse });
      best = Math.min(best, (performance.now() - start) / 1000);
    }
    const attemptsStarted = summarise(scenario, partial).rows[size.k - 1].attempts.value;
    const episodes = size.tasks * size.replicates;
    points.push({ ...size, work: episodes * size.k, attemptsStarted, startedWork: episodes * attemptsStarted, seconds: best });
  }
  const seconds = points.map((p) => p.seconds);
  return {
    points,
    exponent: fittedExponent(
      points.map((p) => p.work),
      seconds,
    ),
    startedExponent: fittedExponent(
      points.map((p) => p.startedWork),
      seconds,
    ),
  };
}

/** Least-squares slope of log(y) on log(x). */
function fittedExponent(x, y) {
  const xs = x.map(Math.log);
  const ys = y.map(Math.log);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  return xs.reduce((s, v, i) => s + (v - mx) * (ys[i] - my), 0) / xs.reduce((s, v) => s + (v - mx) ** 2, 0);
}
