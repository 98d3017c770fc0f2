// `pnpm decision-study:cost`: do the intervals of cost per solved task (passk estimate) and of the
// difference of two runs' cost per solved task (passk compare) cover the truth at their nominal
// level? Data from a known truth: per-task success rates p_t ~ Beta(mean μ, concentration κ); each
// attempt costs m·exp(γ·(½ − p_t) + δ·[attempt failed] + σ·Z) (lognormal, dearer on hard tasks and on
// failed attempts, so cost and success are correlated within and across tasks); n attempts per task,
// all priced. The truth of cost per solved at k is E[k·E(cost | p)] / E[1 − (1 − p)^k] over the Beta
// (200-node Gauss–Jacobi quadrature, betaQuadrature). For the comparison, run B on the same tasks has
// logit p_B = logit p_A + 0.4 and costs ×0.8 (paired by task). Each cell: `--replicates` benchmarks;
// coverage of each interval method with its Monte Carlo SE √(c(1 − c)/R), the share of Fieller
// intervals unbounded above, and the share of benchmarks with nothing solved (no estimate, no
// interval: coverage is over the benchmarks with one). Same --seed → same table.
//   pnpm decision-study:cost [--replicates 2000] [--seed 1] [--json out.json]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const sim = await import(new URL('../../packages/sim/dist/internal.js', import.meta.url).href);
const { betaQuadrature } = await import(new URL('../../packages/sim/dist/distributions/betaQuadrature.js', import.meta.url).href);

export const METHODS = ['fieller', 'delta', 'log'];
const COST = { median: 0.5, gamma: 1.5, failed: 0.4, sigma: 0.8 };
const SHIFT = 0.4;
const B_COST = 0.8;
const CONCENTRATION = 2;

/** The grid of the full study: tasks T, attempts n, mean success μ, k. */
export function studyCells() {
  const cells = [];
  for (const mean of [0.03, 0.1, 0.3, 0.7])
    for (const tasks of [20, 50, 200])
      for (const [n, k] of [
        [1, 1],
        [5, 1],
        [5, 3],
      ])
        cells.push({ tasks, n, k, mean });
  return cells;
}

const expit = (x) => 1 / (1 + Math.exp(-x));
const logit = (p) => Math.log(p / (1 - p));
const pB = (p) => (p <= 0 ? 0 : p >= 1 ? 1 : expit(logit(p) + SHIFT));

/** E[cost of one attempt | p]: lognormal mean, failed attempts e^δ dearer. */
function expectedCost(p, scale) {
  return scale * COST.median * Math.exp(COST.gamma * (0.5 - p) + (COST.sigma * COST.sigma) / 2) * (p + (1 - p) * Math.exp(COST.failed));
}

/** Truth of cost per solved at k for run A and B, by quadrature over the Beta task population. */
export function truth(cell) {
  const a = cell.mean * CONCENTRATION;
  const b = (1 - cell.mean) * CONCENTRATION;
  const rule = betaQuadrature(a, b, 200);
  let costA = 0;
  let solvedA = 0;
  let costB = 0;
  let solvedB = 0;
  for (let i = 0; i < rule.nodes.length; i++) {
    const p = rule.nodes[i];
    const w = rule.weights[i];
    costA += w * cell.k * expectedCost(p, 1);
    solvedA += w * (1 - (1 - p) ** cell.k);
    costB += w * cell.k * expectedCost(pB(p), B_COST);
    solvedB += w * (1 - (1 - pB(p)) ** cell.k);
  }
  return { a: costA / solvedA, b: costB / solvedB, difference: costB / solvedB - costA / solvedA };
}

function drawTask(rng, p, n, scale, id) {
  let c = 0;
  let cost = 0;
  for (let j = 0; j < n; j++) {
    const success = rng.uniform() < p;
    if (success) c++;
    cost += scale * COST.median * Math.exp(COST.gamma * (0.5 - p) + (success ? 0 : COST.failed) + COST.sigma * sim.standardNormal(rng));
  }
  return { id, n, c, cost, priced: n };
}

/** One cell: coverage of each method for cost per solved (run A) and for the difference B − A. */
export function runCell(cell, replicates, seed, confidence = 0.95) {
  const target = truth(cell);
  const a = cell.mean * CONCENTRATION;
  const b = (1 - cell.mean) * CONCENTRATION;
  const hits = Object.fromEntries(METHODS.map((m) => [m, 0]));
  // Truth above the upper bound (what a ≤ requirement of passk gate risks), log interval and B − A.
  let logAbove = 0;
  let differenceAbove = 0;
  let unbounded = 0;
  let noEstimate = 0;
  let differenceHits = 0;
  let differenceMissing = 0;
  const rng = sim.streamRng(seed, 'cost', cell.tasks, cell.n, cell.k, cell.mean);
  for (let r = 0; r < replicates; r++) {
    const runA = [];
    const runB = [];
    for (let t = 0; t < cell.tasks; t++) {
      const p = sim.beta(rng, a, b);
      runA.push(drawTask(rng, p, cell.n, 1, t));
      runB.push(drawTask(rng, pB(p), cell.n, B_COST, t));
    }
    for (const method of METHODS) {
      const found = sim.costPerSolved(runA, { k: cell.k, confidence, method });
      if (found.interval === null) {
        if (method === 'fieller') noEstimate++;
        continue;
      }
      if (method === 'fieller' && found.interval.upper === Number.POSITIVE_INFINITY) unbounded++;
      if (found.interval.lower <= target.a && target.a <= found.interval.upper) hits[method]++;
      if (method === 'log' && target.a > found.interval.upper) logAbove++;
    }
    const compared = sim.compareCosts({ name: 'A', tasks: runA }, { name: 'B', tasks: runB }, { k: cell.k, confidence });
    const interval = compared.perSolved.interval;
    if (interval === null) differenceMissing++;
    else if (interval.lower <= target.difference && target.difference <= interval.upper) differenceHits++;
    else if (target.difference > interval.upper) differenceAbove++;
  }
  const share = (x) => x / replicates;
  const withEstimate = replicates - noEstimate;
  const withDifference = replicates - differenceMissing;
  return {
    ...cell,
    replicates,
    truth: target,
    /** Coverage among the benchmarks with an interval, and how many those were. */
    coverage: Object.fromEntries(METHODS.map((m) => [m, hits[m] / Math.max(1, withEstimate)])),
    withEstimate,
    difference: differenceHits / Math.max(1, withDifference),
    withDifference,
    fiellerUnbounded: unbounded / Math.max(1, withEstimate),
    /** Share of truths above the upper bound (nominal (1 − confidence)/2). */
    logAbove: logAbove / Math.max(1, withEstimate),
    differenceAbove: differenceAbove / Math.max(1, withDifference),
    noEstimate: share(noEstimate),
  };
}

const pct = (x) => `${(100 * x).toFixed(1)}`.padStart(5);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { replicates: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' }, json: { type: 'string' } },
  });
  const replicates = Number(values.replicates);
  const rows = [];
  process.stdout.write(
    `cost per solved task: coverage (%) of 95 % two-sided intervals over the ${replicates} benchmarks per cell that have one\n` +
      `(MC SE at 95 %: ${(100 * Math.sqrt(0.0475 / replicates)).toFixed(2)} points when all have one); none = % of benchmarks with nothing solved;\n` +
      'unbounded = % of Fieller intervals with no upper bound; B−A: the paired difference of cost per solved (delta method);\n' +
      '↑ = % of truths above the upper bound (nominal 2.5: what a ≤ requirement of passk gate risks)\n',
  );
  process.stdout.write('    μ    T  n  k   truth  fieller  delta    log  log ↑  unbounded   none   B−A truth  B−A delta  B−A ↑\n');
  for (const cell of studyCells()) {
    const row = runCell(cell, replicates, values.seed);
    rows.push(row);
    process.stdout.write(
      `${cell.mean.toFixed(2).padStart(5)} ${String(cell.tasks).padStart(4)} ${String(cell.n).padStart(2)} ${String(cell.k).padStart(2)} ${row.truth.a.toFixed(3).padStart(7)}  ${pct(row.coverage.fieller)}    ${pct(row.coverage.delta)}  ${pct(row.coverage.log)}  ${pct(row.logAbove)}      ${pct(row.fiellerUnbounded)}  ${pct(row.noEstimate)}  ${row.truth.difference.toFixed(3).padStart(10)}      ${pct(row.difference)}  ${pct(row.differenceAbove)}\n`,
    );
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
}
