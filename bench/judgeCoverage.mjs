// `pnpm bench:judge-coverage`: the measured coverage of the judge-corrected interval (passk estimate
// --truth-col: prediction-powered inference over tasks, packages/sim/src/judged/) on the grid of
// issue #39 (bench/judgeCoverageCells.mjs: tasks from Beta(1.8, 1.2), n = 5 attempts, judges with
// false accept {5 %, 30 %, 80 %} × false reject {2 %, 20 %}, audit fractions {10 %, 30 %},
// T ∈ {50, 200}; pass@1 and pass^3; 95 % two-sided), beside the judge-only interval (the judge's
// verdicts taken as the truth) and the audit-only one (the audited tasks' truth alone). Prints a
// Markdown table (docs/judge-correction.md holds the committed one) and writes bench/judgeCoverage.json.
// Each dataset has its own random stream (seed, cell, dataset), so the table does not depend on --workers.
//
// Options: --datasets N (per cell, default 2000), --workers W (default 2), --seed S (default 1),
// --out FILE (default bench/judgeCoverage.json), --compare (instead: the paired difference B − A of
// `compare --truth-col` on COMPARE_GRID, B's rate 1 − (1 − p)² on each task, default 500 datasets;
// writes bench/judgeCompareCoverage.json).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { writeFileAtomic } from '../packages/cli/dist/io/writeFileAtomic.js';
import { COMPARE_GRID, GRID, POPULATION, TRIALS } from './judgeCoverageCells.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
let parsed;
try {
  parsed = parseArgs({
    options: {
      datasets: { type: 'string' },
      compare: { type: 'boolean', default: false },
      workers: { type: 'string', default: '2' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
    },
  });
} catch (error) {
  console.error(`bench:judge-coverage: ${error.message.split('\n')[0]}`);
  process.exit(2);
}
const options = parsed.values;
const compare = options.compare;
const datasets = Number(options.datasets ?? (compare ? 500 : 2000));
const out = options.out ?? join(benchDir, compare ? 'judgeCompareCoverage.json' : 'judgeCoverage.json');
const grid = compare ? COMPARE_GRID : GRID;
const workers = Number(options.workers);
if (!(Number.isInteger(datasets) && datasets >= 1 && Number.isInteger(workers) && workers >= 1)) {
  console.error('bench:judge-coverage: --datasets and --workers must be integers ≥ 1');
  process.exit(2);
}
const cells = [];
for (const T of grid.tasks)
  for (const auditFraction of grid.auditFraction)
    for (const falseAccept of grid.falseAccept)
      for (const falseReject of grid.falseReject) cells.push({ falseAccept, falseReject, auditFraction, T, datasets, seed: options.seed, compare });

const started = performance.now();
const results = new Array(cells.length);
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(workers, cells.length) }, async () => {
    const worker = new Worker(new URL('./judgeCoverageWorker.mjs', import.meta.url));
    while (next < cells.length) {
      const i = next++;
      results[i] = await new Promise((resolve, reject) => {
        const fail = (error) => reject(error);
        worker.once('error', fail);
        worker.once('message', (records) => {
          worker.off('error', fail);
          resolve(records);
        });
        worker.postMessage(cells[i]);
      });
    }
    await worker.terminate();
  }),
);
const records = results.flat();
const seconds = (performance.now() - started) / 1000;

const se = Math.sqrt((0.95 * 0.05) / datasets);
const pct = (x) => (100 * x).toFixed(1);
const verdict = (c) => (c < 0.94 - 2 * se ? 'below' : c > 0.97 + 2 * se ? 'above' : 'in band');
if (compare) console.log("Compare: B − A on the same tasks, B's rate 1 − (1 − p)² per task, the same judge and audit for both");
console.log(
  `Tasks p ~ Beta(${POPULATION.a}, ${POPULATION.b}), n = ${TRIALS}, 95 % two-sided, ${datasets} datasets per cell (Monte Carlo SE ${(100 * se).toFixed(2)} points)`,
);
console.log('coverage % (miss below / miss above), mean width in points; λ: the mean power-tuning weight\n');
console.log('| metric | T | audited | false accept | false reject | corrected | width | λ | judge only | width | audit only | width |');
console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
for (const r of records) {
  const cell = (e) => `${pct(e.coverage)} (${pct(e.missBelow)} / ${pct(e.missAbove)})`;
  console.log(
    `| ${r.metric === 'passAtK' ? 'pass@' : 'pass^'}${r.k} | ${r.T} | ${r.audited} | ${pct(r.falseAccept)} % | ${pct(r.falseReject)} % | ` +
      `${cell(r.corrected)}${verdict(r.corrected.coverage) === 'in band' ? '' : ` **${verdict(r.corrected.coverage)}**`} | ${pct(r.corrected.meanWidth)} | ` +
      `${r.corrected.meanLambda.toFixed(2)} | ${cell(r.judgeOnly)} | ${pct(r.judgeOnly.meanWidth)} | ${cell(r.auditOnly)} | ${pct(r.auditOnly.meanWidth)} |`,
  );
}
const coverages = records.map((r) => r.corrected.coverage);
const worst = records.reduce((w, r) => (r.corrected.coverage < w.corrected.coverage ? r : w));
console.log(
  `\ncorrected: ${coverages.filter((c) => verdict(c) === 'in band').length} of ${records.length} cells in [94 %, 97 %] ± 2 SE, ` +
    `${coverages.filter((c) => verdict(c) === 'below').length} below, ${coverages.filter((c) => verdict(c) === 'above').length} above; ` +
    `lowest ${pct(worst.corrected.coverage)} % (${worst.metric} k ${worst.k}, T ${worst.T}, ${worst.audited} audited, false accept ${worst.falseAccept}, false reject ${worst.falseReject})`,
);
const judgeCovers = records.filter((r) => verdict(r.judgeOnly.coverage) !== 'below').length;
console.log(`judge only: ${judgeCovers} of ${records.length} cells not below the band`);
console.log(`${cells.length} cells in ${seconds.toFixed(0)} s with ${workers} workers`);
const kind = compare ? 'passk.judgeCompareCoverageStudy' : 'passk.judgeCoverageStudy';
await writeFileAtomic(
  out,
  `${JSON.stringify({ kind, population: POPULATION, trials: TRIALS, confidence: 0.95, sides: 2, datasets, seed: options.seed, grid, cells: records }, null, 2)}\n`,
);
console.log(`wrote ${out}`);
