// Issue #42, cells3 round: why compare's this-benchmark interval (`benchmarkDifferenceInterval` kept
// within the task-population interval, as `passk compare` prints it) over-covers a cell whose width,
// held fixed, does not (bench/coverageReasons.mjs 'SE follows the error'). On the coverage study's own
// datasets of a compare cell (bench/coverageCells.mjs `compareDatasetWithRates`: seed 1, dataset
// indices FIRST … FIRST + D − 1), for one k and metric:
//   coverage   the interval's coverage of the dataset's own difference (1/T) Σ θ(p_B,t) − θ(p_A,t);
//   fixed      the share of R fresh draws of both agents' trials from the dataset's true rates whose
//              difference lies within the original interval's half-width t·SE of the truth (the width
//              held fixed: the study's `noise.redrawCoverage`, here from its own R draws);
//   recomputed the same draws with the whole interval computed again on each (the width moves with
//              the draw): the coverage given the rates, whose mean estimates `coverage` again;
//   corr       the correlations over the datasets of x̄ − θ and of |x̄ − θ| with the SE (their SE about 1/√D);
//   by tasks   coverage, mean |error| and mean SE of the datasets by how many of their 2T task
//              estimates are below 1 (pass@k: a count below n − k + 1; 0, 1, 2, 3, 4 or more).
// `recomputed` near `coverage` and above `fixed` says the gap is the width's dependence on the draw.
// Usage: node bench/decisions/compareSeFollowsError.mjs POP n T k METRIC [D] [FIRST] [R]
import { compareDatasetWithRates, truthAt } from '../coverageCells.mjs';
import { binomial } from '../../packages/sim/dist/distributions/binomial.js';
import { streamRng } from '../../packages/sim/dist/rng/streams.js';
import { countGroups } from '../../packages/sim/dist/estimators/taskAverage.js';
import { PopulationFits, pairedDifferenceInterval } from '../../packages/sim/dist/taskAverage/differenceInterval.js';
import { benchmarkDifferenceInterval, withinPopulationInterval } from '../../packages/sim/dist/taskAverage/benchmarkDifferenceInterval.js';
import { taskEstimate } from '../../packages/sim/dist/taskAverage/taskValues.js';
import { studentTQuantile } from '../../packages/sim/dist/math/studentT.js';

const [population, nText, TText, kText, metric, DText = '200', firstText = '0', RText = '20'] = process.argv.slice(2);
const [n, T, k, D, first, R] = [nText, TText, kText, DText, firstText, RText].map(Number);
if (!(n >= 1 && T >= 2 && k >= 1 && k <= n && D >= 1 && first >= 0 && R >= 1) || !['passAtK', 'passHatK'].includes(metric)) {
  process.stderr.write('usage: node bench/decisions/compareSeFollowsError.mjs POP n T k passAtK|passHatK [D] [FIRST] [R]\n');
  process.exit(2);
}
const level = { confidence: 0.95, sides: 2 };

/** The interval passk compare prints for this benchmark, its SE and half-width, and the difference x̄_B − x̄_A. */
function interval(pairs) {
  const fits = new PopulationFits();
  const groupsA = countGroups(pairs.map(({ a }) => a));
  const groupsB = countGroups(pairs.map(({ b }) => b));
  const score = pairedDifferenceInterval(pairs, metric, k, level, fits);
  const bench = benchmarkDifferenceInterval({ groups: groupsA, prior: fits.grid(groupsA) }, { groups: groupsB, prior: fits.grid(groupsB) }, metric, k, level);
  const bounds = withinPopulationInterval(bench, score);
  const mean = pairs.reduce((s, { a, b }) => s + taskEstimate(metric, n, b.c, k) - taskEstimate(metric, n, a.c, k), 0) / T;
  return { ...bounds, se: bench.se, halfWidth: studentTQuantile(0.975, bench.df) * bench.se, mean };
}

const rows = [];
let fixed = 0;
let recomputed = 0;
for (let d = first; d < first + D; d++) {
  const { pairs, rates } = compareDatasetWithRates(population, n, T, '1', d);
  const truth = rates.reduce((s, { a, b }) => s + truthAt(metric, b, k) - truthAt(metric, a, k), 0) / T;
  const own = interval(pairs);
  const belowOne = pairs.reduce((s, { a, b }) => s + (taskEstimate(metric, n, a.c, k) < 1) + (taskEstimate(metric, n, b.c, k) < 1), 0);
  rows.push({ error: own.mean - truth, se: own.se, covered: !(own.lower > truth) && !(own.upper < truth), belowOne });
  const rng = streamRng('1', 'compare-se-follows-error', population, n, T, d);
  for (let j = 0; j < R; j++) {
    const redrawn = rates.map(({ a, b }) => ({ a: { n, c: binomial(rng, n, a) }, b: { n, c: binomial(rng, n, b) } }));
    const again = interval(redrawn);
    if (Math.abs(again.mean - truth) <= own.halfWidth) fixed++;
    if (!(again.lower > truth) && !(again.upper < truth)) recomputed++;
  }
}
const pearson = (xs, ys) => {
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
};
const pct = (x) => `${(100 * x).toFixed(1)} %`;
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(`${population} n ${n} T ${T} ${metric} k ${k}: datasets ${first}–${first + D - 1}, ${R} redraws each`);
console.log(`coverage ${pct(mean(rows.map((r) => (r.covered ? 1 : 0))))}, width held fixed ${pct(fixed / (D * R))}, recomputed ${pct(recomputed / (D * R))}`);
const ses = rows.map((r) => r.se);
console.log(
  `corr(x̄ − θ, SE) ${pearson(
    rows.map((r) => r.error),
    ses,
  ).toFixed(2)}, corr(|x̄ − θ|, SE) ${pearson(
    rows.map((r) => Math.abs(r.error)),
    ses,
  ).toFixed(2)} (2/√D = ${(2 / Math.sqrt(D)).toFixed(2)})`,
);
for (const [label, group] of [0, 1, 2, 3, 4].map((m) => [
  `${m}${m === 4 ? ' or more' : ''} task estimates < 1`,
  rows.filter((r) => (m === 4 ? r.belowOne >= 4 : r.belowOne === m)),
]))
  if (group.length > 0)
    console.log(
      `${label}: ${group.length} datasets, coverage ${pct(mean(group.map((r) => (r.covered ? 1 : 0))))}, ` +
        `mean |x̄ − θ| ${mean(group.map((r) => Math.abs(r.error))).toFixed(4)}, mean SE ${mean(group.map((r) => r.se)).toFixed(4)}`,
    );
