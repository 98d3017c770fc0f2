// The choice of the test that admits point masses at p = 0 and 1 in the this-benchmark interval
// (`inflatedBetaPrior`, docs/uncertainty.md): on the datasets of the coverage study (same streams
// as bench/coverageCells.mjs, so dataset d is the study's dataset d), the interval with the plain
// moment-fitted Beta population (no point masses), and with point masses admitted by the
// likelihood-ratio test at 5 % and at 1 % (the default). Prints per cell coverage / miss below /
// mean width and the share of datasets given point masses, then a summary per variant: cells below
// 94 % − 2 SE and above 97 % + 2 SE (outside the target beyond Monte Carlo error), below 94 %, in
// [94 %, 97 %], above 97 %.
// Usage: node bench/coverageInflationLevels.mjs [--datasets 400] [--dist mix,beta(4,1)] [--seed 1]
import { parseArgs } from 'node:util';
import { benchmarkInterval } from '../packages/sim/dist/benchmark/benchmarkInterval.js';
import { inflatedBetaFit, inflationCriticalValue } from '../packages/sim/dist/benchmark/inflatedBetaPrior.js';
import { momentBetaPrior } from '../packages/sim/dist/benchmark/momentBetaPrior.js';
import { binomial } from '../packages/sim/dist/distributions/binomial.js';
import { countGroups } from '../packages/sim/dist/estimators/taskAverage.js';
import { streamRng } from '../packages/sim/dist/rng/streams.js';
import { count, drawRate, FULL_GRID, POPULATIONS, truthAt } from './coverageCells.mjs';

const { values: options } = parseArgs({
  options: { datasets: { type: 'string', default: '400' }, dist: { type: 'string' }, seed: { type: 'string', default: '1' } },
});
const datasets = Number(options.datasets);
if (!(Number.isInteger(datasets) && datasets >= 1)) {
  process.stderr.write(`coverageInflationLevels: --datasets must be an integer ≥ 1, got '${options.datasets}'\n`);
  process.exit(2);
}
const prefixes = options.dist === undefined ? [''] : options.dist.split(/,(?![^(]*\))/).map((prefix) => prefix.trim());
const populations = FULL_GRID.populations.filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
const VARIANTS = { plain: null, 'test 5 %': 0.05, 'test 1 %': 0.01 };
const critical = Object.fromEntries(Object.entries(VARIANTS).map(([name, level]) => [name, level === null ? Infinity : inflationCriticalValue(level)]));
const confidence = { confidence: 0.95, sides: 2 };
const coverages = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, []]));
const pct = (x) => (100 * x).toFixed(1).padStart(5);

console.log(`this-benchmark interval, ${datasets} datasets per cell: coverage / miss below / mean width per variant; share of datasets given point masses`);
console.log(['distribution'.padEnd(31), '  n', '   T', ' k', 'metric  ', ...Object.keys(VARIANTS).map((name) => name.padEnd(20))].join(' '));
for (const population of populations)
  for (const n of FULL_GRID.trials)
    for (const T of FULL_GRID.tasks) {
      const ks = FULL_GRID.ks.filter((k) => k <= n);
      const keys = ks.flatMap((k) => ['passAtK', 'passHatK'].map((metric) => ({ k, metric })));
      const tallies = keys.map(() => Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, { covered: 0, below: 0, above: 0, width: 0 }])));
      const admitted = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, 0]));
      const rates = new Float64Array(T);
      const tasks = new Array(T);
      for (let d = 0; d < datasets; d++) {
        const rng = streamRng(options.seed, 'coverage', population, n, T, d);
        for (let t = 0; t < T; t++) {
          rates[t] = drawRate(rng, POPULATIONS[population]);
          tasks[t] = { n, c: binomial(rng, n, rates[t]) };
        }
        const groups = countGroups(tasks);
        const plain = momentBetaPrior(groups) ?? undefined;
        const fit = inflatedBetaFit(groups);
        const priors = {};
        for (const name of Object.keys(VARIANTS)) {
          const use = fit !== null && fit.likelihoodRatio > critical[name];
          priors[name] = use ? fit : plain;
          if (use) admitted[name]++;
        }
        keys.forEach(({ k, metric }, i) => {
          let truth = 0;
          for (let t = 0; t < T; t++) truth += truthAt(metric, rates[t], k);
          truth /= T;
          for (const name of Object.keys(VARIANTS)) count(tallies[i][name], benchmarkInterval(groups, metric, k, confidence, priors[name]), truth);
        });
      }
      keys.forEach(({ k, metric }, i) => {
        const cells = Object.keys(VARIANTS).map((name) => {
          const t = tallies[i][name];
          coverages[name].push(t.covered / datasets);
          return `${pct(t.covered / datasets)} ${pct(t.below / datasets)} ${(t.width / datasets).toFixed(4)}`.padEnd(20);
        });
        console.log([population.padEnd(31), String(n).padStart(3), String(T).padStart(4), String(k).padStart(2), metric.padEnd(8), ...cells].join(' '));
      });
      console.log(
        `${''.padEnd(31)} point masses in: ${Object.keys(VARIANTS)
          .map((name) => `${name} ${pct(admitted[name] / datasets)} %`)
          .join(', ')}`,
      );
    }
const se = Math.sqrt((0.95 * 0.05) / datasets);
console.log(`\nsummary over ${coverages.plain.length} cells (Monte Carlo SE ${(100 * se).toFixed(2)} points)`);
for (const [name, values] of Object.entries(coverages)) {
  const n = (test) => values.filter(test).length;
  console.log(
    `${name.padEnd(9)} lowest ${pct(Math.min(...values))} %; below 94 % − 2 SE: ${n((c) => c < 0.94 - 2 * se)}, above 97 % + 2 SE: ${n((c) => c > 0.97 + 2 * se)}; ` +
      `below 94 %: ${n((c) => c < 0.94)}, in [94 %, 97 %]: ${n((c) => c >= 0.94 && c <= 0.97)}, above 97 %: ${n((c) => c > 0.97)}`,
  );
}
