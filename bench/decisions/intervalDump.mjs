// Issue #42, ctrials: every this-benchmark interval (two-sided 95 % and 90 %, one-sided 95 %, and the
// benchmark difference of the two halves) of 66 datasets, n 1–1000, T 10–10 000, equal and unequal n,
// with their grid fits' weights, as exact doubles in JSON: run it against two builds and `cmp` the
// files to show a change of the code left every output the same to the bit.
// Usage: node bench/decisions/intervalDump.mjs DIST OUT   (DIST: a packages/sim/dist directory)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const dist = resolve(process.argv[2]);
const out = process.argv[3];
const imp = (p) => import(pathToFileURL(`${dist}/${p}`).href);
const { taskAverageIntervals } = await imp('taskAverage/taskAverageIntervals.js');
const { npmlePrior } = await imp('taskAverage/gridPrior.js');
const { benchmarkDifferenceInterval } = await imp('taskAverage/benchmarkDifferenceInterval.js');
const { countGroups } = await imp('estimators/taskAverage.js');
const { streamRng } = await imp('rng/streams.js');
const { binomial } = await imp('distributions/binomial.js');
const { beta } = await imp('distributions/beta.js');
const results = [];
const cells = [
  [0.5, 0.5, 30, 1000],
  [0.3, 0.7, 8, 1000],
  [4, 1, 5, 300],
  [0.5, 0.5, 2, 10],
  [18, 2, 10, 30],
  [1, 1, 16, 164],
  [0.2, 0.2, 3, 50],
  ['tp', 0, 5, 300],
  ['tp', 0, 10, 10000],
  ['tp', 0, 1000, 40],
  ['tp', 0, 1, 20],
];
const t0 = Date.now();
for (const [a, b, n, T] of cells) {
  for (let d = 0; d < 6; d++) {
    const rng = streamRng('cap', a, b, n, T, d);
    const tasks = [];
    for (let t = 0; t < T; t++) {
      const p = a === 'tp' ? (rng.uniform() < 0.5 ? 0.02 : 0.7) : beta(rng, a, b);
      const nt = d % 2 === 1 && t >= T / 2 ? Math.ceil(n / 2) : n;
      tasks.push({ n: nt, c: binomial(rng, nt, p) });
    }
    const ks = [...new Set([1, 4, 8, n].filter((k) => k <= n))];
    const groups = countGroups(tasks);
    const prior = npmlePrior(groups);
    const two = taskAverageIntervals(tasks, ks, { confidence: 0.95, sides: 2 });
    const one = taskAverageIntervals(tasks, ks, { confidence: 0.9, sides: 2 });
    const oneSided = taskAverageIntervals(tasks, ks, { confidence: 0.95, sides: 1 });
    const half = Math.floor(T / 2);
    const ga = countGroups(tasks.slice(0, half)),
      gb = countGroups(tasks.slice(half));
    const diffs = ks.flatMap((k) =>
      ['passAtK', 'passHatK'].map((m) =>
        benchmarkDifferenceInterval({ groups: ga, prior: null }, { groups: gb, prior: null }, m, k, { confidence: 0.95, sides: 2 }),
      ),
    );
    results.push({
      cell: [a, b, n, T, d],
      weights: prior.weights,
      two: two.map((r) => [r.passAtK.benchmark, r.passHatK.benchmark]),
      one: one.map((r) => [r.passAtK.benchmark, r.passHatK.benchmark]),
      oneSided: oneSided.map((r) => [r.passAtK.benchmark, r.passHatK.benchmark]),
      diffs,
    });
  }
}
const { writeFileSync } = await import('node:fs');
writeFileSync(out, JSON.stringify(results));
console.log(`${results.length} datasets in ${Date.now() - t0} ms`);
