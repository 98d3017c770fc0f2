// `pnpm decision-study:plan`: does `plan compare` promise the power that `compare`'s verdict delivers?
//
// Synthetic cells (known truth, heterogeneous gains): A's tasks p ~ Beta(mean·s, (1 − mean)·s), B's
// p_B = logistic(logit p_A + δ + spread·Z). For each cell:
//   - parametric: planComparison with the true model → T tasks, promised power P (simulated);
//   - pilot: a pilot of PILOT_TASKS tasks × PILOT_TRIALS trials drawn from the truth, then
//     planComparisonFromPilot → T', promised P';
// and what the verdict delivers at each planned design: DELIVERED experiments drawn from the truth by
// this script's own code, each run through compareRuns (as `passk compare`) and its verdict
// (differenceVerdict: interval excludes 0 and the permutation test rejects).
// Real cell (needs /work/shared/data/real or ../shared/data/real): Terminal-Bench orchestrator
// qwen-3-coder-480B (A) vs claude-4-sonnet (B), 80 tasks × 5 trials, pass@1. The truth is the full
// data resampled (tasks with replacement, trials without); planned: the parametric plan fitted to it
// (A's mean and concentration by moments, Δ observed, the default gain spread), and a pilot plan from
// HALF of the tasks (40 drawn without replacement).
//
// Usage: node bench/decisions/planPower.mjs [--quick]   (prints a Markdown table and a JSON line)
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  beta,
  binomial,
  compareRuns,
  differenceVerdict,
  planComparison,
  planComparisonFromPilot,
  standardNormal,
  streamRng,
} from '../../packages/sim/dist/index.js';

const QUICK = process.argv.includes('--quick');
const DELIVERED = QUICK ? 100 : 400;
const SIMULATIONS = QUICK ? 100 : 400;
const PILOT_TASKS = 40;
const PILOT_TRIALS = 4;

/** Synthetic truths: pass@1 and pass^2 with uneven gains. */
export const CELLS = [
  { name: 'pass@1, Beta(1, 1), Δ 0.15, spread 1, n 2', metric: 'passAtK', k: 1, mean: 0.5, concentration: 2, delta: 0.15, spread: 1, trials: 2 },
  { name: 'pass^2, Beta(2.1, 0.9), Δ 0.15, spread 0.5, n 4', metric: 'passHatK', k: 2, mean: 0.7, concentration: 3, delta: 0.15, spread: 0.5, trials: 4 },
];

/** Share of experiments (drawn by `experiment(rng)`) whose compare verdict is "better" at metric, k; with its SE. */
export function delivered(experiment, metric, k, count, stream) {
  let better = 0;
  for (let d = 0; d < count; d++) {
    const { a, b } = experiment(streamRng(4242, 'delivered', stream, d));
    const comparison = compareRuns(a, b, { ks: [k], bootstrap: 0, seed: 1 });
    const value = comparison.rows[0][metric];
    if (differenceVerdict({ difference: value.difference, interval: value.interval, p: value.pValue?.value ?? null }, comparison) === 'better') better++;
  }
  const value = better / count;
  return { value, se: Math.sqrt((value * (1 - value)) / count) };
}

function logistic(x) {
  return 1 / (1 + Math.exp(-x));
}

/** T tasks × n trials from the synthetic truth (shift δ solved by the plan). */
function truthExperiment(cell, shift, tasks, n) {
  const a = cell.mean * cell.concentration;
  const b = (1 - cell.mean) * cell.concentration;
  return (rng) => {
    const tasksA = [];
    const tasksB = [];
    for (let t = 0; t < tasks; t++) {
      const pA = beta(rng, a, b);
      const pB = logistic(Math.log(pA / (1 - pA)) + shift + cell.spread * standardNormal(rng));
      tasksA.push({ id: t, n, c: binomial(rng, n, pA) });
      tasksB.push({ id: t, n, c: binomial(rng, n, pB) });
    }
    return { a: { name: 'A', tasks: tasksA }, b: { name: 'B', tasks: tasksB } };
  };
}

/** One synthetic cell: the parametric and the pilot plan, each with what the verdict delivers there. */
export function runCell(cell, sizes = { delivered: DELIVERED, simulations: SIMULATIONS }) {
  const options = { metric: cell.metric, k: cell.k, power: 0.8, alpha: 0.05 };
  const plan = planComparison({
    ...options,
    mean: cell.mean,
    concentration: cell.concentration,
    delta: cell.delta,
    trials: [cell.trials],
    gainSpread: cell.spread,
    simulations: sizes.simulations,
    seed: 1,
  });
  const row = plan.rows[0];
  const parametric = {
    tasks: row.tasks,
    zTestTasks: row.zTestTasks,
    promised: row.simulatedPower,
    delivered: delivered(truthExperiment(cell, plan.logOddsShift, row.tasks, cell.trials), cell.metric, cell.k, sizes.delivered, `${cell.name}/parametric`),
    zTestDelivered: delivered(truthExperiment(cell, plan.logOddsShift, row.zTestTasks, cell.trials), cell.metric, cell.k, sizes.delivered, `${cell.name}/z`),
  };
  const pilotData = truthExperiment(cell, plan.logOddsShift, PILOT_TASKS, PILOT_TRIALS)(streamRng(7, 'pilot', cell.name));
  const pilotPlan = planComparisonFromPilot({ ...options, runs: [pilotData.a, pilotData.b], trials: [cell.trials], simulations: sizes.simulations, seed: 1 });
  const pilotRow = pilotPlan.rows[0];
  const pilot = {
    tasks: pilotRow.tasks,
    promised: pilotRow.simulatedPower,
    delivered:
      pilotRow.tasks === null
        ? null
        : delivered(truthExperiment(cell, plan.logOddsShift, pilotRow.tasks, cell.trials), cell.metric, cell.k, sizes.delivered, `${cell.name}/pilot`),
  };
  return { cell: cell.name, parametric, pilot };
}

/** n of a task's N recorded trials (c successes) without replacement. */
function subsample(rng, c, total, n) {
  let good = c;
  let drawn = 0;
  for (let left = total, i = 0; i < n; i++, left--) {
    if (rng.uniform() * left < good) {
      drawn++;
      good--;
    }
  }
  return drawn;
}

/** Per-task (n, c) of a Terminal-Bench results.json (is_resolved null counts as a failure, as the harness does). */
function terminalBenchTasks(file) {
  const byTask = new Map();
  for (const result of JSON.parse(readFileSync(file, 'utf8')).results) {
    const task = byTask.get(result.task_id) ?? { id: result.task_id, n: 0, c: 0 };
    task.n++;
    if (result.is_resolved === true) task.c++;
    byTask.set(result.task_id, task);
  }
  return [...byTask.values()];
}

/** The real cell: the truth is the full pilot resampled; plans from its fitted model and from half its tasks. */
export function runReal(root, sizes = { delivered: DELIVERED, simulations: SIMULATIONS }) {
  const A = terminalBenchTasks(`${root}/terminal-bench-orchestrator-qwen-3-coder-480B.json`);
  const B = new Map(terminalBenchTasks(`${root}/terminal-bench-orchestrator-claude-4-sonnet.json`).map((task) => [task.id, task]));
  const pairs = A.filter((task) => B.has(task.id)).map((task) => ({ id: task.id, a: task, b: B.get(task.id) }));
  const n = 1;
  const resampleFrom = (source, tasks) => (rng) => {
    const a = [];
    const b = [];
    for (let t = 0; t < tasks; t++) {
      const pair = source[Math.floor(rng.uniform() * source.length)];
      a.push({ id: t, n, c: subsample(rng, pair.a.c, pair.a.n, n) });
      b.push({ id: t, n, c: subsample(rng, pair.b.c, pair.b.n, n) });
    }
    return { a: { name: 'A', tasks: a }, b: { name: 'B', tasks: b } };
  };
  // A's population by moments of the per-task rates c/n (binomial noise taken out, as momentBetaPrior).
  const rates = pairs.map((pair) => pair.a.c / pair.a.n);
  const mean = rates.reduce((s, x) => s + x, 0) / rates.length;
  const variance = rates.reduce((s, x) => s + (x - mean) ** 2, 0) / (rates.length - 1);
  const h = 1 / pairs[0].a.n;
  const varP = (variance - mean * (1 - mean) * h) / (1 - h);
  const concentration = (mean * (1 - mean)) / varP - 1;
  const delta = pairs.reduce((s, pair) => s + pair.b.c / pair.b.n - pair.a.c / pair.a.n, 0) / pairs.length;
  const options = { metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05 };
  const plan = planComparison({ ...options, mean, concentration, delta, trials: [n], simulations: sizes.simulations, seed: 1 });
  const row = plan.rows[0];
  const parametric = {
    model: { mean, concentration, delta },
    tasks: row.tasks,
    zTestTasks: row.zTestTasks,
    promised: row.simulatedPower,
    delivered: delivered(resampleFrom(pairs, row.tasks), 'passAtK', 1, sizes.delivered, 'real/parametric'),
    zTestDelivered: delivered(resampleFrom(pairs, row.zTestTasks), 'passAtK', 1, sizes.delivered, 'real/z'),
  };
  // Half of the tasks as the pilot, drawn without replacement.
  const rng = streamRng(9, 'half');
  const order = pairs.map((pair) => ({ pair, key: rng.uniform() })).sort((x, y) => x.key - y.key);
  const half = order.slice(0, pairs.length / 2).map((entry) => entry.pair);
  const pilotPlan = planComparisonFromPilot({
    ...options,
    runs: [
      { name: 'A', tasks: half.map((pair) => ({ id: pair.id, n: pair.a.n, c: pair.a.c })) },
      { name: 'B', tasks: half.map((pair) => ({ id: pair.id, n: pair.b.n, c: pair.b.c })) },
    ],
    trials: [n],
    simulations: sizes.simulations,
    seed: 1,
  });
  const pilotRow = pilotPlan.rows[0];
  const pilot = {
    pilotTasks: half.length,
    tasks: pilotRow.tasks,
    promised: pilotRow.simulatedPower,
    delivered: pilotRow.tasks === null ? null : delivered(resampleFrom(pairs, pilotRow.tasks), 'passAtK', 1, sizes.delivered, 'real/pilot'),
  };
  return { cell: 'Terminal-Bench qwen → sonnet, pass@1, n 1 (truth: the 80 tasks resampled)', parametric, pilot };
}

const percent = (power) => (power === null ? '—' : `${(100 * power.value).toFixed(1)} ± ${(100 * power.se).toFixed(1)}`);

function main() {
  const results = CELLS.map((cell) => runCell(cell));
  const root = ['/work/shared/data/real', fileURLToPath(new URL('../../../shared/data/real', import.meta.url))].find((dir) =>
    existsSync(`${dir}/terminal-bench-orchestrator-qwen-3-coder-480B.json`),
  );
  if (root !== undefined) results.push(runReal(root));
  console.log('| cell | plan | tasks | promised % | delivered % | z-test tasks | delivered at z-test tasks % |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const result of results) {
    const p = result.parametric;
    console.log(
      `| ${result.cell} | parametric | ${p.tasks} | ${percent(p.promised)} | ${percent(p.delivered)} | ${p.zTestTasks} | ${percent(p.zTestDelivered)} |`,
    );
    const q = result.pilot;
    console.log(`| ${result.cell} | pilot | ${q.tasks ?? '—'} | ${percent(q.promised)} | ${percent(q.delivered)} | | |`);
  }
  console.log(JSON.stringify({ delivered: DELIVERED, simulations: SIMULATIONS, results }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
