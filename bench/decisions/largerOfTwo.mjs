// Issue #42, ctrials: which side of the larger-of-two rule (`benchmarkTrialNoise`) makes a
// this-benchmark cell over-cover. On the coverage study's own datasets of a cell (same streams as
// bench/coverageCells.mjs measureCell: seed 1, dataset indices FIRST … FIRST + D − 1), per k and
// metric, the two-sided 95 % t interval's coverage and mean SE² (over the true trial noise
// Σ_t Var(θ̂_t | p_t)/T², `estimatorMomentsAt`) with each task's noise from
//   grid: the grid population alone (`gridTrialNoise`),   beta: the moment Beta alone (capped at 2n),
//   task-max: the larger per task (passk's rule),          sum-max: the larger of the two sums,
// and `betaShare`, the share of tasks whose Beta noise is the larger.
// Usage: node bench/decisions/largerOfTwo.mjs POP n T [D] [FIRST] [unequal]
import { cellKsOf, drawRate, populationOf, trialsOf, truthAt } from '../coverageCells.mjs';
import { binomial } from '../../packages/sim/dist/distributions/binomial.js';
import { streamRng } from '../../packages/sim/dist/rng/streams.js';
import { countGroups } from '../../packages/sim/dist/estimators/taskAverage.js';
import { gridTrialNoise, priorForTask } from '../../packages/sim/dist/taskAverage/benchmarkInterval.js';
import { momentBetaPrior } from '../../packages/sim/dist/taskAverage/momentBetaPrior.js';
import { trialNoiseVariance } from '../../packages/sim/dist/taskAverage/trialNoiseVariance.js';
import { npmlePrior } from '../../packages/sim/dist/taskAverage/gridPrior.js';
import { estimatorMomentsAt } from '../../packages/sim/dist/taskAverage/estimatorMoments.js';
import { taskEstimate } from '../../packages/sim/dist/taskAverage/taskValues.js';
import { studentTQuantile } from '../../packages/sim/dist/math/studentT.js';

const [population, nText, TText, DText = '1000', firstText = '0', unequalText] = process.argv.slice(2);
const n = Number(nText);
const T = Number(TText);
const D = Number(DText);
const first = Number(firstText);
const unequal = unequalText === 'unequal';
const pop = populationOf(population);
if (!pop || !(n >= 1) || !(T >= 2) || !(D >= 1)) {
  process.stderr.write('usage: node bench/decisions/largerOfTwo.mjs POP n T [D] [FIRST] [unequal]\n');
  process.exit(2);
}
const RULES = ['grid', 'beta', 'task-max', 'sum-max'];
const ks = cellKsOf([1, 4, 8, 'n'], n);
const rows = ks.flatMap((k) =>
  ['passAtK', 'passHatK'].map((metric) => ({
    k,
    metric,
    covered: Object.fromEntries(RULES.map((r) => [r, 0])),
    se2: Object.fromEntries(RULES.map((r) => [r, 0])),
    trueVar: 0,
    betaShare: 0,
  })),
);
const trials = Array.from({ length: T }, (_, t) => trialsOf(n, T, t, unequal));
for (let d = first; d < first + D; d++) {
  const rng = streamRng('1', unequal ? 'coverage-unequal' : 'coverage', population, n, T, d);
  const rates = new Float64Array(T);
  const tasks = [];
  for (let t = 0; t < T; t++) {
    rates[t] = drawRate(rng, pop);
    tasks.push({ n: trials[t], c: binomial(rng, trials[t], rates[t]) });
  }
  const groups = countGroups(tasks);
  const prior = npmlePrior(groups);
  const beta = momentBetaPrior(groups);
  for (const row of rows) {
    const { k, metric } = row;
    const grid = gridTrialNoise(prior, metric, k);
    let used = 0;
    let sum = 0;
    let truth = 0;
    let trueVar = 0;
    const totals = { grid: 0, beta: 0, 'task-max': 0 };
    let betaLarger = 0;
    tasks.forEach((task, t) => {
      if (task.n < k) return;
      used++;
      sum += taskEstimate(metric, task.n, task.c, k);
      truth += truthAt(metric, rates[t], k);
      const { first: g, second } = estimatorMomentsAt(metric, task.n, k, rates[t]);
      trueVar += Math.max(0, second - g * g);
      const onGrid = grid(task.n, task.c);
      const onBeta = beta === null ? onGrid : trialNoiseVariance(metric, task.n, task.c, k, priorForTask(beta, task.n));
      totals.grid += onGrid;
      totals.beta += onBeta;
      totals['task-max'] += Math.max(onGrid, onBeta);
      if (onBeta > onGrid) betaLarger++;
    });
    totals['sum-max'] = Math.max(totals.grid, totals.beta);
    const mean = sum / used;
    const target = truth / used;
    const q = studentTQuantile(0.975, used - 1);
    for (const rule of RULES) {
      const se = Math.sqrt(totals[rule]) / used;
      const lower = Math.max(0, mean - q * se);
      const upper = Math.min(1, mean + q * se);
      if (!(upper < target) && !(lower > target)) row.covered[rule]++;
      row.se2[rule] += se * se;
    }
    row.trueVar += trueVar / (used * used);
    row.betaShare += betaLarger / used;
  }
}
console.log(`${population} n ${unequal ? `${n}/${Math.ceil(n / 2)}` : n} T ${T}, datasets ${first}…${first + D - 1}: coverage % (mean SE² / true noise)`);
console.log(['k ', 'metric  ', ...RULES.map((r) => r.padEnd(15)), 'Beta larger'].join(' '));
for (const row of rows)
  console.log(
    [
      String(row.k).padStart(2),
      row.metric.padEnd(8),
      ...RULES.map((r) => `${((100 * row.covered[r]) / D).toFixed(1).padStart(5)} (${(row.se2[r] / row.trueVar).toFixed(2)})`.padEnd(15)),
      `${((100 * row.betaShare) / D).toFixed(0)} %`,
    ].join(' '),
  );
