// The parts of the task-population interval (`populationInterval` as `groupsPopulationInterval`
// calls it) switched off one at a time, on cells of the coverage study (the same datasets:
// bench/coverageCells.mjs, measureCell's streams), to see which part makes a cell over-cover
// (issue #42). Variants, each the default with one change:
//   default     r̂ ≥ 1/n (ratio floor), s² ≥ the fitted Beta's variance (variance floor), t at T − 1,
//               exact bound within EDGE_COUNT = 1 effective count of an edge
//   no-ratio    without the ratio floor          no-variance  without the variance floor
//   no-floors   without both floors              z            the normal quantile for the t at T − 1
//   no-edge     without the exact edge bound
//   calibrated  the quantile calibrated for the floored variance (`flooredVarianceQuantile` at the floor's
//               share F/(s²·(1 + √(2/ν))), capped at 1, as `flooredDifferenceQuantile` of compare)
// Each for the two-sided 95 % interval and the one-sided 95 % lower bound (`taskAverageBound`: the lower
// side at 90 % two-sided, at least as far out as Clopper–Pearson on 0/1 values).
// Usage: node bench/populationVariants.mjs --filter 'POP:n:T[;…]' [--datasets 200] [--first 0] [--ks 1,4,8,n]
// (n `10/5` for the unequal cell; after `pnpm build`). Prints per cell, k and metric the coverage % of
// each variant, two-sided then lower bound.
import { parseArgs } from 'node:util';
import { cellKsOf, drawRate, populationOf, POPULATIONS, populationTruth, trialsOf } from './coverageCells.mjs';
import { countGroups } from '../packages/sim/dist/estimators/taskAverage.js';
import { groupValues } from '../packages/sim/dist/taskAverage/taskValues.js';
import { momentBetaPrior } from '../packages/sim/dist/taskAverage/momentBetaPrior.js';
import { modelVariance } from '../packages/sim/dist/taskAverage/modelVariance.js';
import { populationInterval, binaryExactBounds, scoreBounds } from '../packages/sim/dist/taskAverage/populationInterval.js';
import { studentTQuantile } from '../packages/sim/dist/math/studentT.js';
import { normalQuantile } from '../packages/sim/dist/math/normalQuantile.js';
import { flooredVarianceQuantile } from '../packages/sim/dist/taskAverage/flooredVarianceQuantile.js';
import { betaQuantile } from '../packages/sim/dist/math/betaQuantile.js';
import { binomial } from '../packages/sim/dist/distributions/binomial.js';
import { streamRng } from '../packages/sim/dist/rng/streams.js';

const { values: options } = parseArgs({
  options: {
    datasets: { type: 'string', default: '200' },
    first: { type: 'string', default: '0' },
    filter: { type: 'string' },
    ks: { type: 'string', default: '1,4,8,n' },
    seed: { type: 'string', default: '1' },
    variants: { type: 'string' },
  },
});
if (!options.filter) {
  console.error("--filter 'POP:n:T[;…]' is required");
  process.exit(2);
}
const datasets = Number(options.datasets);
const first = Number(options.first);
const ks = options.ks.split(',').map((k) => (k === 'n' ? 'n' : Number(k)));
const VARIANTS = (options.variants ?? 'default,no-ratio,no-variance,no-floors,z,no-edge,calibrated').split(',');

/** The interval of `variant` (see the header); `confidence` two-sided. */
export function variantInterval(variant, values, floor, confidence) {
  if (variant === 'default') return populationInterval(values, { confidence, sides: 2 }, floor);
  const ratioFloor = variant === 'no-ratio' || variant === 'no-floors' ? 0 : floor.ratio;
  const varianceFloor = variant === 'no-variance' || variant === 'no-floors' ? 0 : floor.variance;
  let count = 0;
  let sum = 0;
  for (const { value, weight } of values) {
    count += weight;
    sum += weight * value;
  }
  if (count < 2) return null;
  const mean = Math.min(1, Math.max(0, sum / count));
  let squares = 0;
  for (const { value, weight } of values) squares += weight * (value - mean) ** 2;
  const spread = mean * (1 - mean);
  const ratio = spread === 0 ? 1 : Math.max(ratioFloor, squares / (count - 1) / spread, Math.min(1, varianceFloor / spread));
  const tail = (1 - confidence) / 2;
  const s2 = squares / (count - 1);
  // calibrated: the floor's share of the variance used, with s² one SD up (as flooredDifferenceQuantile).
  const floorVariance = Math.max(ratioFloor * spread, Math.min(spread, varianceFloor));
  const share = spread === 0 || floorVariance <= 0 ? 0 : s2 === 0 ? 1 : Math.min(1, floorVariance / (s2 * (1 + Math.sqrt(2 / (count - 1)))));
  const q =
    variant === 'z'
      ? normalQuantile(1 - tail)
      : variant === 'calibrated'
        ? flooredVarianceQuantile(share, count - 1, tail, 2)
        : studentTQuantile(1 - tail, count - 1);
  const bounds = scoreBounds(mean, (q * q * ratio) / count, 2);
  if (variant === 'no-edge') return bounds;
  const effective = (count / ratio) * (normalQuantile(1 - tail) / q) ** 2;
  const upperEdge = effective * (1 - mean);
  const lowerEdge = effective * mean;
  const lower = lowerEdge > 0 && lowerEdge <= 1 ? Math.min(bounds.lower, betaQuantile(tail, lowerEdge, effective - lowerEdge + 1)) : bounds.lower;
  const upper = upperEdge > 0 && upperEdge <= 1 ? Math.max(bounds.upper, 1 - betaQuantile(tail, upperEdge, effective - upperEdge + 1)) : bounds.upper;
  return { lower, upper };
}

for (const pattern of options.filter.split(';')) {
  const [prefix, nText, TText] = pattern.split(':');
  const unequal = nText.includes('/');
  const n = Number(nText.split('/')[0]);
  const T = Number(TText);
  const population = Object.keys(POPULATIONS).find((name) => name.startsWith(prefix)) ?? prefix;
  const pop = populationOf(population);
  const cellKs = cellKsOf(ks, n);
  const tally = new Map();
  const trials = Int32Array.from({ length: T }, (_, t) => trialsOf(n, T, t, unequal));
  for (let d = first; d < first + datasets; d++) {
    const rng = streamRng(options.seed, unequal ? 'coverage-unequal' : 'coverage', population, n, T, d);
    const tasks = [];
    for (let t = 0; t < T; t++) tasks.push({ n: trials[t], c: binomial(rng, trials[t], drawRate(rng, pop)) });
    const groups = countGroups(tasks);
    const prior = momentBetaPrior(groups);
    for (const k of cellKs)
      for (const metric of ['passAtK', 'passHatK']) {
        // As groupsPopulationInterval: tasks with n < k left out of the values, r̂ ≥ 1/(largest n).
        const values = groupValues(groups, metric, k);
        const maxN = groups.reduce((m, g) => Math.max(m, g.n), 1);
        const floor = { ratio: 1 / maxN, variance: prior ? modelVariance(groups, metric, k, prior) : 0 };
        const truth = populationTruth(population, k)[metric];
        const key = `${k}|${metric}`;
        if (!tally.has(key)) tally.set(key, Object.fromEntries(VARIANTS.map((v) => [v, { two: 0, lower: 0, width: 0 }])));
        const row = tally.get(key);
        const exact = binaryExactBounds(values, 0.05);
        for (const variant of VARIANTS) {
          const two = variantInterval(variant, values, floor, 0.95);
          const gate = variantInterval(variant, values, floor, 0.9);
          const lowerBound = exact === null ? gate.lower : Math.min(gate.lower, exact.lower);
          if (two.lower <= truth && truth <= two.upper) row[variant].two++;
          if (lowerBound <= truth) row[variant].lower++;
          row[variant].width += two.upper - two.lower;
        }
      }
  }
  console.log(`\n${population} n ${nText} T ${T}, datasets ${first}–${first + datasets - 1}: coverage % two-sided / lower bound (width)`);
  console.log(['k', 'metric  ', ...VARIANTS.map((v) => v.padEnd(20))].join(' '));
  for (const [key, row] of tally) {
    const [k, metric] = key.split('|');
    const cells = VARIANTS.map((v) =>
      `${((100 * row[v].two) / datasets).toFixed(1)}/${((100 * row[v].lower) / datasets).toFixed(1)} (${(row[v].width / datasets).toFixed(3)})`.padEnd(20),
    );
    console.log([k.padStart(2), metric.padEnd(8), ...cells].join(' '));
  }
}
