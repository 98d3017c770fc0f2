import { readScenarioFile } from '../packages/cli/dist/io/readScenarioFile.js';
import { resolveScenario, scenarioToInput, simulatePartial, summarise } from '../packages/sim/dist/internal.js';

/**
 * Sizes of the scaling entry (tasks T, replicates R, attempts K): the work T·R·K grows 8× per step,
 * each factor doubling in turn. Tasks are the first T of the canonical tasks, rescaled to (t + 0.5)/T.
 * Two series, each on one sampler of the sequential kernel (docs/engine-semantics.md), so that
 * the fit measures how one kernel grows with the work and not the switch between them:
 * - `pattern`: K ≤ 10 (PATTERN_ATTEMPTS_LIMIT), the K outcomes drawn as one pattern from one
 *   uniform; an episode then pays for the attempts it starts, not for K;
 * - `perOutcome`: K > 10, one uniform per outcome X_1..X_K, drawn before the attempts (the stream
 *   order of the engine semantics), so an episode pays for K outcomes however early it stops.
 */
export const SCALING_SERIES = [
  {
    sampler: 'pattern',
    sizes: [
      { tasks: 250, replicates: 640, k: 2 },
      { tasks: 500, replicates: 1280, k: 4 },
      { tasks: 1000, replicates: 2560, k: 8 },
    ],
  },
  {
    sampler: 'perOutcome',
    sizes: [
      { tasks: 250, replicates: 640, k: 12 },
      { tasks: 500, replicates: 1280, k: 24 },
      { tasks: 1000, replicates: 2560, k: 48 },
    ],
  },
];

/**
 * Engine time (one thread, simulatePartial; the best of `runs`) of a scenario file at each size of
 * each series (SCALING_SERIES), and per series the exponent b of the least-squares fit
 * log(seconds) = a + b·log(work), for two measures of the work: T·R·K (the size asked for; b < 1
 * when episodes stop before K, e.g. at the first accepted attempt or the budget, and pay only for
 * what they start) and T·R·A, the attempts started (A per episode from the run's own summary,
 * attempts at k = K): what a policy that stops early actually simulates.
 */
export async function timeScaling(file, runs) {
  const base = scenarioToInput(await readScenarioFile(file));
  const series = [];
  for (const { sampler, sizes } of SCALING_SERIES) {
    const points = [];
    for (const size of sizes) points.push(await timeSize(base, size, runs));
    const seconds = points.map((p) => p.seconds);
    // Per episode the kernel pays a fixed part and a part per unit of its work: per attempt started
    // (pattern) or per outcome drawn, K (perOutcome). Linear in the work means this affine fit holds.
    const perUnit = affineFit(
      points.map((p) => (sampler === 'pattern' ? p.attemptsStarted : p.k)),
      points.map((p) => (p.seconds * 1e9) / (p.tasks * p.replicates)),
    );
    series.push({
      sampler,
      points,
      perEpisode: perUnit,
      exponent: fittedExponent(
        points.map((p) => p.work),
        seconds,
      ),
      startedExponent: fittedExponent(
        points.map((p) => p.startedWork),
        seconds,
      ),
    });
  }
  return { series };
}

/** One size of a series: the best of `runs` one-thread runs, after one untimed run. */
async function timeSize(base, size, runs) {
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
  return { ...size, work: episodes * size.k, attemptsStarted, startedWork: episodes * attemptsStarted, seconds: best };
}

/** Least-squares line y = fixed + slope·x, with the largest relative deviation of a point from it. */
function affineFit(x, y) {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  const slope = x.reduce((s, v, i) => s + (v - mx) * (y[i] - my), 0) / x.reduce((s, v) => s + (v - mx) ** 2, 0);
  const fixed = my - slope * mx;
  const deviation = Math.max(...x.map((v, i) => Math.abs(y[i] - (fixed + slope * v)) / y[i]));
  return { fixedNs: fixed, slopeNs: slope, deviation };
}

/** Least-squares slope of log(y) on log(x). */
function fittedExponent(x, y) {
  const xs = x.map(Math.log);
  const ys = y.map(Math.log);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  return xs.reduce((s, v, i) => s + (v - mx) * (ys[i] - my), 0) / xs.reduce((s, v) => s + (v - mx) ** 2, 0);
}
