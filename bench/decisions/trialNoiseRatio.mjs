// Issue #42 round 3 (docs/uncertainty-history.md): per cell, the this-benchmark SE² against the true trial
// noise Σ Var(θ̂_t | p_t)/T² over D datasets, and the coverage of the t interval and of a z interval
// with the true noise. Usage: node bench/decisions/trialNoiseRatio.mjs POP n T k METRIC D
import { populationOf, drawRate } from '../coverageCells.mjs';
import { binomial } from '../../packages/sim/dist/distributions/binomial.js';
import { streamRng } from '../../packages/sim/dist/rng/streams.js';
import { countGroups } from '../../packages/sim/dist/estimators/taskAverage.js';
import { benchmarkMoments } from '../../packages/sim/dist/taskAverage/benchmarkInterval.js';
import { npmlePrior } from '../../packages/sim/dist/taskAverage/gridPrior.js';
import { estimatorMomentsAt } from '../../packages/sim/dist/taskAverage/estimatorMoments.js';
import { studentTQuantile } from '../../packages/sim/dist/math/studentT.js';
const [name, n, T, k, metric, D] = process.argv.slice(2);
if (process.env.PASSK_X) globalThis.PASSK_X = JSON.parse(process.env.PASSK_X);
const pop = populationOf(name);
let sumEst = 0,
  sumTrue = 0,
  covT = 0,
  covTrue = 0,
  sumE2 = 0;
const ratios = [];
for (let d = 0; d < +D; d++) {
  const rng = streamRng('diag', name, n, T, d);
  const tasks = [];
  let trueVar = 0,
    truth = 0;
  for (let t = 0; t < +T; t++) {
    const p = drawRate(rng, pop);
    tasks.push({ n: +n, c: binomial(rng, +n, p) });
    const { first, second } = estimatorMomentsAt(metric, +n, +k, p);
    trueVar += second - first * first;
    truth += metric === 'passAtK' ? 1 - first : first;
  }
  truth /= +T;
  const g = countGroups(tasks);
  const m = benchmarkMoments(g, metric, +k, npmlePrior(g));
  const err = m.mean - truth;
  const trueSe = Math.sqrt(trueVar) / +T;
  sumEst += m.se ** 2;
  sumTrue += trueSe ** 2;
  sumE2 += err * err;
  ratios.push(m.se / trueSe);
  const q = studentTQuantile(0.975, +T - 1);
  if (Math.abs(err) <= q * m.se) covT++;
  if (Math.abs(err) <= 1.96 * trueSe) covTrue++;
}
ratios.sort((a, b) => a - b);
console.log(
  `${name} n${n} T${T} k${k} ${metric}: E[se²]/E[trueVar] ${(sumEst / sumTrue).toFixed(3)}, E[err²]/E[trueVar] ${(sumE2 / sumTrue).toFixed(3)}, cov(t,se) ${(covT / D).toFixed(3)}, cov(z,true) ${(covTrue / D).toFixed(3)}, se/true q10 ${ratios[Math.floor(D / 10)].toFixed(2)} q50 ${ratios[Math.floor(D / 2)].toFixed(2)} q90 ${ratios[Math.floor(0.9 * D)].toFixed(2)}`,
);
