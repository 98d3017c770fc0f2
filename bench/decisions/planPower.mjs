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
// Real pilots (same data): the truth is the 80 paired tasks with rates c/5 of each agent; a pilot is
// PILOT_SIZES tasks drawn with replacement, 5 fresh binomial trials per agent on each. Over many such
// pilots: the plan's promised power (simulated at its answer), the power compare's verdict delivers
// there under the truth, and whether the promise's interval (pilotPowerIntervalSteps) covers it.
//
// One run (--only one-run): pilots of A alone from a truth (real pairs' rates c/n: Terminal-Bench
// qwen → sonnet and → opus-4.1, CRUXEval-input codellama-7b → 13b; or a synthetic truth where B gains
// by one log-odds shift), planned under each gain model (independent, shift) with the truth's Δ; the
// power delivered at the planned tasks by the truth, against the promise.
//
// Usage: node bench/decisions/planPower.mjs [--quick] [--only synthetic|real-pilots|one-run]
//   real-pilots: [--pilots N] [--trials 1,10] [--pilot-tasks 40,80];
//   one-run: [--pilots N] [--truths tb-sonnet,tb-opus,crux,even-shift] [--models independent,shift] [--spreads default,0.5]
//   (each prints a Markdown table and a JSON line)
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
} from '../../packages/sim/dist/internal.js';
import { runSteps } from '../../packages/sim/dist/stepwise.js';
import { verdictPowerSteps } from '../../packages/sim/dist/planning/verdictPower.js';

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

/** The Terminal-Bench pairs (qwen-3-coder-480B = A, claude-4-sonnet = B) by task id. */
export function terminalBenchPairs(root) {
  const A = terminalBenchTasks(`${root}/terminal-bench-orchestrator-qwen-3-coder-480B.json`);
  const B = new Map(terminalBenchTasks(`${root}/terminal-bench-orchestrator-claude-4-sonnet.json`).map((task) => [task.id, task]));
  return A.filter((task) => B.has(task.id)).map((task) => ({ id: task.id, a: task, b: B.get(task.id) }));
}

/**
 * Many pilots from a known truth (the real pairs' rates c/n): for each, the plan at `trials` and its
 * interval; the power delivered there (verdictPowerSteps on the truth, `delivered` experiments, cached
 * by tasks). Returns the per-pilot records and their summary: mean promised vs mean delivered (with
 * the SE of the mean difference over pilots), sd of the planned tasks and of the delivered power,
 * and the interval's coverage of the delivered power (with its binomial SE).
 */
export function runRealPilots(pairs, pilotTasks, sizes) {
  const truth = pairs.map((pair) => ({ pA: pair.a.c / pair.a.n, pB: pair.b.c / pair.b.n }));
  const truthSource = { task: (rng) => truth[Math.floor(rng.uniform() * truth.length)] };
  const options = { metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05 };
  const deliveredAt = new Map();
  const deliver = (tasks, n) => {
    const key = `${tasks}/${n}`;
    if (!deliveredAt.has(key)) {
      const verdict = { ...options, direction: 1, datasets: sizes.delivered, seed: `truth/${key}` };
      deliveredAt.set(key, runSteps(verdictPowerSteps(truthSource, tasks, n, verdict)));
    }
    return deliveredAt.get(key);
  };
  const records = [];
  for (let i = 0; i < sizes.pilots; i++) {
    const rng = streamRng(11, 'real-pilot', pilotTasks, i);
    const a = [];
    const b = [];
    for (let t = 0; t < pilotTasks; t++) {
      const task = truth[Math.floor(rng.uniform() * truth.length)];
      a.push({ id: `t${t}`, n: 5, c: binomial(rng, 5, task.pA) });
      b.push({ id: `t${t}`, n: 5, c: binomial(rng, 5, task.pB) });
    }
    let plan;
    try {
      plan = planComparisonFromPilot({
        ...options,
        runs: [
          { name: 'A', tasks: a },
          { name: 'B', tasks: b },
        ],
        trials: sizes.trials,
        simulations: sizes.simulations,
        powerDraws: sizes.draws,
        powerDrawExperiments: sizes.drawExperiments,
        seed: i + 1,
      });
    } catch (error) {
      records.push({ pilot: i, error: String(error.message ?? error) });
      continue;
    }
    for (const row of plan.rows) {
      if (row.tasks === null) {
        records.push({ pilot: i, trials: row.trials, tasks: null });
        continue;
      }
      const delivered = deliver(row.tasks, row.trials);
      const interval = row.powerInterval;
      records.push({
        pilot: i,
        trials: row.trials,
        tasks: row.tasks,
        promised: row.simulatedPower.value,
        delivered: delivered.value,
        lower: interval.lower,
        upper: interval.upper,
        covered: interval.lower <= delivered.value && delivered.value <= interval.upper,
      });
    }
  }
  const summaries = sizes.trials.map((trials) => {
    const rows = records.filter((record) => record.trials === trials && record.tasks != null);
    const m = rows.length;
    const mean = (f) => rows.reduce((s, r) => s + f(r), 0) / m;
    const sd = (f) => {
      const mu = mean(f);
      return Math.sqrt(rows.reduce((s, r) => s + (f(r) - mu) ** 2, 0) / (m - 1));
    };
    const coverage = mean((r) => (r.covered ? 1 : 0));
    return {
      pilotTasks,
      trials,
      pilots: m,
      failed: sizes.pilots - m,
      promised: mean((r) => r.promised),
      delivered: mean((r) => r.delivered),
      differenceSe: sd((r) => r.promised - r.delivered) / Math.sqrt(m),
      sdDelivered: sd((r) => r.delivered),
      tasks: { median: [...rows.map((r) => r.tasks)].sort((x, y) => x - y)[Math.floor(m / 2)], sd: sd((r) => r.tasks) },
      width: mean((r) => r.upper - r.lower),
      coverage,
      coverageSe: Math.sqrt((coverage * (1 - coverage)) / m),
      level: 0.8,
    };
  });
  return { records, summaries };
}

/**
 * One pilot run (A's tasks only) and the true gain Δ: does the one-run plan under `gainModel`
 * (`shift`: B's log-odds = A's + δ on the same task; `independent`: B's rate unrelated to A's on the
 * task) promise what the truth delivers? `truth.task(rng)` draws one task's true rates {pA, pB}
 * (the real pairs' c/n, or a synthetic model). Pilots of `pilotTasks` tasks of A with 5 fresh trials;
 * per pilot, the plan's promised power at its answer (`sizes.trials` per task) and the power
 * delivered there by the truth (verdictPowerSteps, `sizes.delivered` experiments, cached by tasks).
 * Mean over pilots of each, and the SE of the mean difference over pilots.
 */
export function runOneRunPilots(truth, pilotTasks, sizes, gainSpread, gainModel) {
  const options = { metric: 'passAtK', k: 1, power: 0.8, alpha: 0.05 };
  const n = sizes.trials ?? 1;
  const deliveredAt = new Map();
  const rows = [];
  for (let i = 0; i < sizes.pilots; i++) {
    const rng = streamRng(13, 'one-run-pilot', pilotTasks, i);
    const tasks = Array.from({ length: pilotTasks }, () => ({ n: 5, c: binomial(rng, 5, truth.task(rng).pA) }));
    const plan = planComparisonFromPilot({
      ...options,
      single: { tasks, delta: truth.delta, ...(gainSpread === undefined ? {} : { gainSpread }), ...(gainModel === undefined ? {} : { gainModel }) },
      trials: [n],
      simulations: sizes.simulations,
      seed: i + 1,
    });
    const row = plan.rows[0];
    if (row.tasks === null) continue;
    if (!deliveredAt.has(row.tasks)) {
      const verdict = { ...options, direction: 1, datasets: sizes.delivered, seed: `truth/${row.tasks}/${n}` };
      deliveredAt.set(row.tasks, runSteps(verdictPowerSteps(truth, row.tasks, n, verdict)).value);
    }
    rows.push({ tasks: row.tasks, promised: row.simulatedPower.value, delivered: deliveredAt.get(row.tasks) });
  }
  const m = rows.length;
  const mean = (f) => rows.reduce((s, r) => s + f(r), 0) / m;
  const sdDiff = Math.sqrt(rows.reduce((s, r) => s + (r.promised - r.delivered - mean((x) => x.promised - x.delivered)) ** 2, 0) / (m - 1));
  return {
    truth: truth.name,
    pilotTasks,
    trials: n,
    gainModel: gainModel ?? 'independent (default)',
    gainSpread: gainSpread ?? 'pilot (0)',
    delta: truth.delta,
    pilots: m,
    tasks: [...rows.map((r) => r.tasks)].sort((x, y) => x - y)[Math.floor(m / 2)],
    promised: mean((r) => r.promised),
    delivered: mean((r) => r.delivered),
    differenceSe: sdDiff / Math.sqrt(m),
  };
}

/** A truth of real pairs: each task's rates c/n of both agents, drawn uniformly; Δ their mean difference. */
export function pairsTruth(name, pairs) {
  const rates = pairs.map((pair) => ({ pA: pair.a.c / pair.a.n, pB: pair.b.c / pair.b.n }));
  const delta = rates.reduce((s, task) => s + task.pB - task.pA, 0) / rates.length;
  return { name, delta, tasks: rates.length, task: (rng) => rates[Math.floor(rng.uniform() * rates.length)] };
}

/**
 * A synthetic truth where B gains evenly: p_A ~ Beta(mean·s, (1 − mean)·s), p_B = logistic(logit p_A + δ),
 * δ solved by this script's own bisection on 200 000 fixed draws so that E[p_B − p_A] = delta.
 */
export function evenShiftTruth(mean, concentration, delta) {
  const a = mean * concentration;
  const b = (1 - mean) * concentration;
  const rng = streamRng(17, 'even-shift-truth');
  const draws = Array.from({ length: 200_000 }, () => beta(rng, a, b));
  const shifted = (p, shift) => (p <= 0 || p >= 1 ? p : logistic(Math.log(p / (1 - p)) + shift));
  const gain = (shift) => draws.reduce((s, p) => s + shifted(p, shift) - p, 0) / draws.length;
  let low = 0;
  let high = 20;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (gain(mid) < delta) low = mid;
    else high = mid;
  }
  const shift = (low + high) / 2;
  return {
    name: `synthetic: Beta(${a.toFixed(1)}, ${b.toFixed(1)}), B = one log-odds shift ${shift.toFixed(3)}`,
    delta,
    shift,
    task: (draw) => {
      const pA = beta(draw, a, b);
      return { pA, pB: shifted(pA, shift) };
    },
  };
}

/** eval-arena CRUXEval-input rates of codellama-7b (A) and -13b (B): c = 10 · pass1 of n = 10 samples. */
export function cruxevalPairs(root) {
  const byTask = new Map();
  for (const line of readFileSync(`${root}/eval-arena-cruxeval-input-codellama-7b-13b.jsonl`, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    const task = byTask.get(row.example_id) ?? { id: row.example_id };
    task[row.model === 'codellama-7b' ? 'a' : 'b'] = { n: 10, c: Math.round(10 * row.pass1) };
    byTask.set(row.example_id, task);
  }
  return [...byTask.values()].filter((task) => task.a && task.b);
}

/** Terminal-Bench pairs of two orchestrator runs by task id (A, B: file stems after `terminal-bench-orchestrator-`). */
export function terminalBenchPairsOf(root, a, b) {
  const A = terminalBenchTasks(`${root}/terminal-bench-orchestrator-${a}.json`);
  const B = new Map(terminalBenchTasks(`${root}/terminal-bench-orchestrator-${b}.json`).map((task) => [task.id, task]));
  return A.filter((task) => B.has(task.id)).map((task) => ({ id: task.id, a: task, b: B.get(task.id) }));
}

/** The truths of the one-run study by name. */
export function oneRunTruths(root) {
  return {
    'tb-sonnet': () =>
      pairsTruth('Terminal-Bench qwen-3-coder-480B → claude-4-sonnet (80 tasks)', terminalBenchPairsOf(root, 'qwen-3-coder-480B', 'claude-4-sonnet')),
    'tb-opus': () =>
      pairsTruth('Terminal-Bench qwen-3-coder-480B → claude-4.1-opus (80 tasks)', terminalBenchPairsOf(root, 'qwen-3-coder-480B', 'claude-4.1-opus')),
    crux: () => pairsTruth('CRUXEval-input codellama-7b → codellama-13b (800 tasks)', cruxevalPairs(root)),
    'even-shift': () => evenShiftTruth(0.5, 2, 0.15),
  };
}

const percent = (power) => (power === null ? '—' : `${(100 * power.value).toFixed(1)} ± ${(100 * power.se).toFixed(1)}`);

/** Where the real logs are (the shared folder beside the repository, or /work/shared), or undefined. */
export function realRoot() {
  return ['/work/shared/data/real', fileURLToPath(new URL('../../../shared/data/real', import.meta.url))].find((dir) =>
    existsSync(`${dir}/terminal-bench-orchestrator-qwen-3-coder-480B.json`),
  );
}

const pc = (x) => (100 * x).toFixed(1);

function mainRealPilots(root) {
  const flag = process.argv.indexOf('--pilots');
  const pilots = flag > 0 ? Number(process.argv[flag + 1]) : QUICK ? 8 : 40;
  const trialsFlag = process.argv.indexOf('--trials');
  const trials = trialsFlag > 0 ? process.argv[trialsFlag + 1].split(',').map(Number) : [1];
  const sizesFlag = process.argv.indexOf('--pilot-tasks');
  const pilotSizes = sizesFlag > 0 ? process.argv[sizesFlag + 1].split(',').map(Number) : [40, 80];
  const sizes = { pilots, trials, simulations: QUICK ? 60 : 100, draws: QUICK ? 10 : 20, drawExperiments: 20, delivered: QUICK ? 100 : 300 };
  const pairs = terminalBenchPairs(root);
  const summaries = [];
  for (const pilotTasks of pilotSizes) summaries.push(...runRealPilots(pairs, pilotTasks, sizes).summaries);
  console.log(
    '| pilot tasks | trials | pilots | promised % | delivered % (mean over pilots) | promised − delivered | median tasks (sd) | sd delivered | 80 % interval: mean width, coverage |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const s of summaries) {
    console.log(
      `| ${s.pilotTasks} | ${s.trials} | ${s.pilots} | ${pc(s.promised)} | ${pc(s.delivered)} | ${pc(s.promised - s.delivered)} ± ${pc(s.differenceSe)} | ${s.tasks.median} (${s.tasks.sd.toFixed(0)}) | ${pc(s.sdDelivered)} | ${pc(s.width)}, ${pc(s.coverage)} ± ${pc(s.coverageSe)} |`,
    );
  }
  console.log(JSON.stringify({ sizes, summaries }));
}

function mainOneRun(root) {
  const flag = process.argv.indexOf('--pilots');
  const pilots = flag > 0 ? Number(process.argv[flag + 1]) : QUICK ? 6 : 20;
  const sizes = { pilots, simulations: QUICK ? 60 : 100, delivered: QUICK ? 100 : 300 };
  const list = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1].split(',') : fallback);
  const truths = oneRunTruths(root);
  const names = list('--truths', ['tb-sonnet', 'tb-opus', 'crux', 'even-shift']);
  const models = list('--models', ['independent', 'shift']);
  const spreads = list('--spreads', ['default']).map((x) => (x === 'default' ? undefined : Number(x)));
  console.log('| truth | Δ | gain model | gain spread | pilots | median tasks | promised % | delivered % | promised − delivered |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const results = [];
  for (const name of names) {
    if (!(name in truths)) throw new Error(`--truths: unknown truth ${name} (${Object.keys(truths).join(', ')})`);
    const truth = truths[name]();
    for (const model of models) {
      for (const spread of spreads) {
        const s = runOneRunPilots(truth, 80, sizes, spread, model);
        results.push(s);
        console.log(
          `| ${s.truth} | ${pc(s.delta)} | ${s.gainModel} | ${s.gainSpread} | ${s.pilots} | ${s.tasks} | ${pc(s.promised)} | ${pc(s.delivered)} | ${pc(s.promised - s.delivered)} ± ${pc(s.differenceSe)} |`,
        );
      }
    }
  }
  console.log(JSON.stringify({ sizes, results }));
}

function main() {
  const root = realRoot();
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  if (only !== undefined && only !== 'synthetic' && root === undefined) {
    throw new Error('the real logs are not there (/work/shared/data/real or ../shared/data/real)');
  }
  if (only === undefined || only === 'synthetic') mainCells(root);
  if (root !== undefined && (only === undefined || only === 'real-pilots')) mainRealPilots(root);
  if (root !== undefined && (only === undefined || only === 'one-run')) mainOneRun(root);
}

/** The synthetic cells and the one-pilot real cell. */
function mainCells(root) {
  const results = CELLS.map((cell) => runCell(cell));
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
