// `pnpm coverage-study`: the measured coverage of every benchmark-level interval passk offers, beside
// the naive clustered-SE normal interval (mean ± z·sd/√T, what inspect_ai prints), on the committed
// grid (bench/coverageCells.mjs: eleven task populations — issue #10's four, issue #42's two-point,
// smooth bimodal, Kumaraswamy, logit-normal, uniform and three-component mixture — × n ∈ {2, 3, 4,
// 5, 8, 10, 16, 30} × T ∈ {10, 20, 30, 50, 164, 300, 1000}, k ∈ {1, 4, 8} with k ≤ n and k = n,
// pass@k and pass^k, 95 % two-sided and the one-sided lower bounds `passk gate` judges by; cells with
// unequal trials, half the tasks n and half ⌈n/2⌉, for n ∈ {5, 10}; compare cells of two agents on
// the same tasks for T ≤ 164, both estimands of the difference), and the exact coverage of the
// single-task intervals (bench/coverageSingle.mjs). Prints, per cell and method, coverage / miss
// below / miss above / mean width, and writes bench/coverage.json.
// Each cell's datasets use their own random streams, so the table does not depend on --workers.
// The full grid is long on 2 cores (hours): --quick, --filter and --only measure parts of it.
//
// Options: --datasets N (per cell, default 1000), --bootstrap B (replicates of the two-stage bootstrap,
// default 200; 0 leaves it out), --workers W (default 2), --seed S (default 1), --quick (a small grid:
// T ∈ {10, 30}, n ∈ {2, 5, 10, 16}, and the unequal cells; no bootstrap unless asked), --out FILE
// (default bench/coverage.json), --only LIST (the parts to
// measure, comma-separated from population, benchmark, compare; default all: the parts measured
// replace theirs in --out, the rest of the file is kept as it is), --filter
// POP:n:T[,…] (only the cells matching one pattern — POP a prefix of the population's name, `*` for
// any part, n a number or `10/5` for the unequal cell, e.g. `mix:30:*,beta(0.3:30:20`; prints the
// tables and writes nothing), --first D (the first dataset index, default 0: `--first 1000` measures
// datasets the committed table did not use; writes nothing), --held-out (the populations held out of
// the grid, bench/coverageCells.mjs HELD_OUT_POPULATIONS, at n ∈ {3, 5, 10}, T ∈ {10, 30}: prints,
// writes nothing), --attainable (only the attainable coverage of each cell, from a fast pass over the
// same datasets that computes point estimates and no interval: prints it beside the coverage in
// --out and writes its `attainable` fields there for the parts of --only; see bench/attainableCoverage.mjs),
// --report (the cells of --out outside [94 %, 97 %] with the reason of each, bench/coverageReasons.mjs;
// measures nothing; a run prints the same list for the cells it measured), --recheck (with --first F ≥
// the study's datasets: the cells of --out outside the band with no stated reason, and those with a
// `recheck` already (so that none is stale after a method changed), of the parts of --only, measured
// again on --datasets fresh datasets from F; written to each record's `recheck` field, which the
// reason 'MC error (fresh)' reads: chance, not a real miss, when the fresh coverage is within 2 SE of
// the band's nearer edge or inside it), --narrower (with --only compare: the narrower candidates
// of compare's task-population difference, bench/coverageCells.mjs DIFFERENCE_NARROWER, on the study's
// own datasets, beside its default, which must measure as in --out; written to the compare cells'
// `narrower` fields, the rest of the file kept; the reason '… needed' reads them; a run of the
// compare part measures them too, beside this benchmark's interval, which --narrower leaves out),
// --noise (with --only compare: this benchmark's `noise` fields of the compare cells — the noise
// coverage and the correlations of the error and of its absolute value with the SE — measured on the
// study's own datasets, whose this-benchmark coverage must measure as in --out; written to those
// records' `noise` field alone, the rest of the file kept, with --filter too: what the reason 'SE
// follows the error' reads; `node bench/coverage.mjs --quick --datasets 200 --workers 1 --only compare
// --noise` after the compare part changed), --progress FILE (appends
// each cell's records to FILE as one JSON line the moment the cell is done, after a header line with
// the run's seed, --first, --datasets, --bootstrap, --only and --attainable; run again with the same FILE and
// options, a stopped run resumes: the cells in FILE are not measured again; with --report, the cells
// of FILE are listed instead of --out's).
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { writeFileAtomic } from '../packages/cli/dist/io/writeFileAtomic.js';
import {
  cellKey,
  COMPARE,
  COMPARE_DEFAULTS,
  COMPARE_ESTIMANDS,
  COMPARE_METHODS,
  DEFAULTS,
  FULL_GRID,
  HELD_OUT_POPULATIONS,
  METHODS,
  ONE_SIDED,
} from './coverageCells.mjs';
import { singleTaskCoverage } from './coverageSingle.mjs';
import { coverageVerdict } from './attainableCoverage.mjs';
import { outOfBandLines, outsideWithoutReason } from './coverageReasons.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const { values: options } = parseOptions({
  options: {
    datasets: { type: 'string', default: '1000' },
    bootstrap: { type: 'string' },
    workers: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: join(benchDir, 'coverage.json') },
    only: { type: 'string' },
    first: { type: 'string', default: '0' },
    filter: { type: 'string' },
    attainable: { type: 'boolean', default: false },
    'held-out': { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
    recheck: { type: 'boolean', default: false },
    narrower: { type: 'boolean', default: false },
    noise: { type: 'boolean', default: false },
    progress: { type: 'string' },
  },
});
if (options.report) {
  // --report: the cells of --out outside the band and why (bench/coverageReasons.mjs); measures nothing.
  let study;
  const source = options.progress === undefined ? `--out ${options.out}` : `--progress ${options.progress}`;
  try {
    study = options.progress === undefined ? JSON.parse(readFileSync(options.out, 'utf8')) : progressStudy(readFileSync(options.progress, 'utf8'));
  } catch (error) {
    usage(`${source}: cannot read the study (${error.message.split('\n')[0]})`);
  }
  for (const line of reasonLines(study.cells, study.compare?.cells ?? [], study.datasets)) console.log(line);
  process.exit(0);
}
/**
 * The lines of a --progress file: its header { kind: 'passk.coverageProgress', seed, first,
 * datasets, bootstrap, parts } (null when it has none) and one { compare, records } per finished
 * cell; a last line cut short by a stopped run is left out.
 */
function progressLines(text) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed = [];
  lines.forEach((line, i) => {
    try {
      parsed.push(JSON.parse(line));
    } catch (error) {
      if (i < lines.length - 1) throw error;
    }
  });
  const header = parsed[0]?.kind === 'passk.coverageProgress' ? parsed[0] : null;
  return { header, cells: header ? parsed.slice(1) : parsed };
}

/** The records of a --progress file (`progressLines`) as a study { cells, compare: { cells } }. */
function progressStudy(text) {
  const { cells } = progressLines(text);
  return {
    cells: cells.filter((cell) => !cell.compare).flatMap((cell) => cell.records),
    compare: { cells: cells.filter((cell) => cell.compare).flatMap((cell) => cell.records) },
  };
}

/** Which cell of the grid a cell (or its first record) is: compare or not, population, n, unequal, T. */
const cellIdentity = (compare, { population, distribution, n, unequal, T }) =>
  `${compare ? 'compare' : 'tasks'}|${population ?? distribution}|${n}|${unequal ? 'unequal' : ''}|${T}`;

/** parseArgs, with a bad option reported in one line (exit 2). */
function parseOptions(config) {
  try {
    return parseArgs(config);
  } catch (error) {
    usage(error.message.split('\n')[0]);
  }
}
const PARTS = ['population', 'benchmark', 'compare'];
const parts = options.only === undefined ? PARTS : options.only.split(',').map((part) => part.trim());
const unknownPart = parts.find((part) => !PARTS.includes(part));
if (unknownPart !== undefined) {
  usage(`--only ${options.only}: unknown part '${unknownPart}' (one of ${PARTS.join(', ')})`);
}
/** The estimands measured on the cells of tasks (compare has its own cells). */
const estimands = PARTS.filter((part) => part !== 'compare' && parts.includes(part));
const withCompare = parts.includes('compare');
const everything = estimands.length === 2 && withCompare;
const patterns = options.filter?.split(',').map((pattern) => pattern.split(':'));
if (patterns?.some((parts) => parts.length !== 3)) {
  usage(`--filter ${options.filter}: each pattern is POP:n:T (e.g. mix:30:*)`);
}
/** Whether a cell is run: every cell without --filter, else those matching one of its patterns. */
const selected = ({ population, n, T, unequal }) =>
  !patterns ||
  patterns.some(
    ([p, pn, pT]) =>
      (p === '*' || population.startsWith(p)) && (pn === '*' || pn === (unequal ? `${n}/${Math.ceil(n / 2)}` : String(n))) && (pT === '*' || Number(pT) === T),
  );
const datasets = Number(options.datasets);
const bootstrap = Number(options.bootstrap ?? (options.quick || options['held-out'] ? 0 : 200));
const workers = Number(options.workers);
const first = Number(options.first);
if (!(Number.isInteger(first) && first >= 0)) {
  usage(`--first ${options.first}: must be an integer ≥ 0`);
}
if (!(Number.isInteger(datasets) && datasets >= 1 && Number.isInteger(bootstrap) && bootstrap >= 0 && Number.isInteger(workers) && workers >= 1)) {
  usage('--datasets, --workers must be integers ≥ 1 and --bootstrap an integer ≥ 0');
}
const attainableOnly = options.attainable;
if (options.narrower && (estimands.length > 0 || !withCompare)) {
  usage('--narrower measures the compare cells alone: use it with --only compare');
}
if (options.noise && (estimands.length > 0 || !withCompare || options.narrower)) {
  usage('--noise measures the compare cells alone: use it with --only compare (and without --narrower)');
}
// --noise: the study it writes into, checked before anything is measured.
const noiseStudy = options.noise ? studyForNoise() : null;
const heldOut = options['held-out'];
const grid = heldOut
  ? { ...FULL_GRID, populations: Object.keys(HELD_OUT_POPULATIONS), trials: [3, 5, 10], tasks: [10, 30] }
  : options.quick
    ? { ...FULL_GRID, trials: [2, 5, 10, 16], tasks: [10, 30] }
    : FULL_GRID;
const cells = [];
const cell = (population, n, T, unequal) => ({
  population,
  n,
  T,
  ks: grid.ks,
  datasets,
  seed: options.seed,
  bootstrap,
  first,
  estimands,
  attainableOnly,
  unequal,
  narrower: true,
});
if (estimands.length > 0)
  for (const population of grid.populations) {
    for (const n of grid.trials) for (const T of grid.tasks) cells.push(cell(population, n, T, false));
    // Unequal trials: half the tasks n, half ⌈n/2⌉.
    if (!heldOut) for (const n of grid.unequal) for (const T of grid.tasks.filter((t) => t <= 300)) cells.push(cell(population, n, T, true));
  }
// Compare cells (differences of two agents on the same tasks) on T ≤ 164.
if (withCompare)
  for (const population of grid.populations)
    for (const n of grid.trials)
      for (const T of grid.tasks.filter((t) => t <= 164))
        cells.push({
          compare: true,
          population,
          n,
          T,
          ks: grid.ks,
          datasets,
          seed: options.seed,
          first,
          attainableOnly,
          // --noise needs this benchmark's interval and noise alone, not the narrower candidates.
          narrower: !options.noise,
          narrowerOnly: options.narrower,
        });
cells.splice(0, cells.length, ...cells.filter(selected));
// --recheck: only the cells with a record outside the band for no stated reason in --out, or rechecked before.
const recheck = options.recheck ? recheckTargets() : null;
if (recheck) cells.splice(0, cells.length, ...cells.filter((c) => recheck.has(groupKey(c))));
if (recheck && cells.length === 0) {
  console.log(`--recheck: no cell of ${options.out} is outside the band for no stated reason`);
  process.exit(0);
}
if (cells.length === 0) {
  usage(`--filter ${options.filter} matches no cell`);
}

const started = Date.now();
const results = new Array(cells.length);
if (options.progress !== undefined) resumeProgress();
let next = 0;
// Largest cells first, so the pool ends together; results are stored by cell index. Cells already
// in --progress are not measured again.
const order = cells
  .map((_, i) => i)
  .filter((i) => results[i] === undefined)
  .sort((a, b) => cells[b].T * cells[b].n - cells[a].T * cells[a].n || a - b);
await Promise.all(
  Array.from({ length: Math.min(workers, cells.length) }, async () => {
    const worker = new Worker(join(benchDir, 'coverageWorker.mjs'));
    try {
      while (next < order.length) {
        const index = order[next++];
        results[index] = await new Promise((resolve, reject) => {
          const done = (error, value) => {
            worker.off('message', onMessage);
            worker.off('error', onError);
            if (error) reject(error);
            else resolve(value);
          };
          const onMessage = (value) => done(null, value);
          const onError = (error) => done(error);
          worker.on('message', onMessage);
          worker.on('error', onError);
          worker.postMessage(cells[index]);
        });
        if (options.progress !== undefined)
          appendFileSync(options.progress, `${JSON.stringify({ compare: cells[index].compare === true, records: results[index] })}\n`);
        process.stderr.write(`\r${results.filter(Boolean).length}/${cells.length} cells`);
      }
    } finally {
      await worker.terminate();
    }
  }),
);
process.stderr.write('\n');
const records = results.filter((_, i) => !cells[i].compare).flat();
const compareRecords = results.filter((_, i) => cells[i].compare).flat();
const single = everything && !patterns ? singleTaskCoverage() : null;
const seconds = (Date.now() - started) / 1000;

const pct = (x) => (100 * x).toFixed(1).padStart(5);
if (options.narrower) {
  // --narrower: each compare record's default and candidates; written unless --filter.
  for (const r of compareRecords)
    console.log(
      `${r.distribution.padEnd(36)} n ${String(r.n).padStart(2)} T ${String(r.T).padStart(3)} k ${String(r.k).padStart(2)} ${r.metric.padEnd(8)} ` +
        `score ${pct(r.difference.score.coverage)} ${Object.entries(r.narrower.difference)
          .map(([name, c]) => `${name} ${pct(c.score.coverage)}`)
          .join(' ')}`,
    );
  if (patterns) console.log('--filter: nothing written');
  else await writeNarrower();
  process.exit(0);
}
if (options.noise) {
  // --noise: each compare record's this-benchmark coverage, its coverage with the width held fixed
  // (redrawn trials) and the correlations of x̄ − θ and |x̄ − θ| with the SE; written with --filter too.
  const fixed = (x) => (x === undefined ? '    –' : x.toFixed(2).padStart(5));
  for (const r of compareRecords)
    console.log(
      `${r.distribution.padEnd(35)} n ${String(r.n).padStart(2)} T ${String(r.T).padStart(3)} k ${String(r.k).padStart(2)} ${r.metric.padEnd(8)} ` +
        `${pct(r.benchmark['trial-noise'].coverage)} % fixed ${pct(r.noise.redrawCoverage['trial-noise'])} % ` +
        `r ${fixed(r.noise.errorSeCorrelation)} |r| ${fixed(r.noise.absErrorSeCorrelation)}`,
    );
  await writeNoise();
  process.exit(0);
}
const cellText = (m) => `${pct(m.coverage)} ${pct(m.missBelow)} ${pct(m.missAbove)} ${m.meanWidth.toFixed(3)}`;
const se = Math.sqrt((0.95 * 0.05) / datasets);
if (attainableOnly) {
  await reportAttainable();
  process.exit(0);
}
if (records.length > 0) {
  for (const estimand of estimands) {
    const methods = METHODS[estimand].filter((m) => m !== 'bootstrap' || bootstrap > 0);
    console.log(
      `\n${estimand === 'population' ? 'Task population' : 'This benchmark'} (truth: ${estimand === 'population' ? "the population's pass@k / pass^k" : 'the mean of θ(p_t) over the drawn tasks'}), 95 % two-sided, ${datasets} datasets per cell`,
    );
    console.log(`each method: coverage % / miss below % / miss above % / mean width; default: ${DEFAULTS[estimand]}`);
    printCells(records, methods, (r, m) => r[estimand][m]);
  }
}
if (compareRecords.length > 0) {
  console.log(
    `\nCompare, task population: B − A on the same tasks, B's log-odds = A's + ${COMPARE.shift} + ${COMPARE.spread}·Z; truth E[θ(p_B) − θ(p_A)]; default: score (pairedDifferenceInterval)`,
  );
  printCells(compareRecords, COMPARE_METHODS.difference, (r, m) => r.difference[m]);
  console.log(`\nCompare, this benchmark: truth (1/T) Σ θ(p_B,t) − θ(p_A,t) over the drawn tasks; default: trial-noise (benchmarkDifferenceInterval)`);
  printCells(compareRecords, COMPARE_METHODS.benchmark, (r, m) => r.benchmark[m]);
}
if (single) {
  console.log('\nOne task: exact coverage over p (999 values in (0, 1)), 95 %; min and mean over p');
  for (const row of single)
    console.log(
      `n ${String(row.n).padStart(2)}  ${row.sides === 1 ? 'one-sided lower' : 'two-sided      '}  ${row.method.padEnd(16)} min ${pct(row.min)}  mean ${pct(row.mean)}`,
    );
}
// The worst cell of each default, against the target [94 %, 97 %].
if (records.length > 0)
  for (const estimand of estimands)
    for (const method of [DEFAULTS[estimand], ONE_SIDED[estimand]]) {
      const coverages = records.map((r) => r[estimand][method].coverage);
      const worst = records.reduce((w, r) => (r[estimand][method].coverage < w[estimand][method].coverage ? r : w));
      console.log(
        `lowest ${estimand} coverage of ${method}: ${pct(worst[estimand][method].coverage)} % (${worst.distribution}, n ${nLabel(worst)}, T ${worst.T}, k ${worst.k}, ${worst.metric}); ` +
          `cells < 94 %: ${coverages.filter((c) => c < 0.94).length}, < 94 % − 2 SE: ${coverages.filter((c) => c < 0.94 - 2 * se).length}, ` +
          `in [94 %, 97 %]: ${coverages.filter((c) => c >= 0.94 && c <= 0.97).length}, > 97 %: ${coverages.filter((c) => c > 0.97).length} of ${coverages.length}; Monte Carlo SE ${(100 * se).toFixed(2)} points`,
      );
    }
if (compareRecords.length > 0)
  for (const estimand of COMPARE_ESTIMANDS) {
    const method = COMPARE_DEFAULTS[estimand];
    const coverageOf = (r) => r[estimand][method].coverage;
    const worst = compareRecords.reduce((w, r) => (coverageOf(r) < coverageOf(w) ? r : w));
    const coverages = compareRecords.map(coverageOf);
    console.log(
      `lowest compare ${estimand} coverage of ${method}: ${pct(coverageOf(worst))} % (${worst.distribution}, n ${worst.n}, T ${worst.T}, k ${worst.k}, ${worst.metric}); ` +
        `cells < 94 %: ${coverages.filter((c) => c < 0.94).length}, < 94 % − 2 SE: ${coverages.filter((c) => c < 0.94 - 2 * se).length}, ` +
        `in [94 %, 97 %]: ${coverages.filter((c) => c >= 0.94 && c <= 0.97).length}, > 97 %: ${coverages.filter((c) => c > 0.97).length}`,
    );
  }
for (const line of reasonLines(records, compareRecords, datasets)) console.log(line);
console.log(`${cells.length} cells in ${seconds.toFixed(0)} s with ${workers} workers`);
const compare = { ...COMPARE, datasets, seed: options.seed, methods: COMPARE_METHODS, defaults: COMPARE_DEFAULTS, cells: compareRecords };
if (recheck && !patterns) {
  await writeRecheck();
} else if (patterns || first > 0 || heldOut) console.log(`${patterns ? '--filter' : heldOut ? '--held-out' : '--first'}: nothing written`);
else {
  const head = { kind: 'passk.coverageStudy', confidence: 0.95, sides: 2, datasets, bootstrap, seed: options.seed, grid };
  const document = everything
    ? { ...head, defaults: DEFAULTS, methods: METHODS, cells: records, compare, singleTask: single }
    : existsSync(options.out)
      ? withParts(JSON.parse(readFileSync(options.out, 'utf8')))
      : // A new --out with some parts only: those parts, in the shape of the whole study.
        { ...head, parts, defaults: DEFAULTS, methods: METHODS, cells: records, ...(withCompare ? { compare } : {}) };
  await writeFileAtomic(options.out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${options.out}${everything ? '' : ` (its ${parts.join(', ')} part${parts.length > 1 ? 's' : ''})`}`);
}

/** --attainable: each cell's attainable coverage beside the committed coverage of the default, and its fields written to --out. */
async function reportAttainable() {
  let study;
  try {
    study = JSON.parse(readFileSync(options.out, 'utf8'));
  } catch (error) {
    usage(`--out ${options.out}: cannot read the study to compare with (${error.message.split('\n')[0]})`);
  }
  const key = cellKey;
  const parts = [
    ...estimands.map((estimand) => ({ estimand, rows: records, committed: study.cells, method: DEFAULTS[estimand], studyDatasets: study.datasets })),
    ...(withCompare
      ? COMPARE_ESTIMANDS.map((estimand) => ({
          estimand,
          label: `compare ${estimand}`,
          rows: compareRecords,
          committed: study.compare.cells,
          method: COMPARE_DEFAULTS[estimand],
          studyDatasets: study.compare.datasets,
        }))
      : []),
  ];
  for (const { estimand, label = estimand, rows, committed, method, studyDatasets } of parts) {
    const byKey = new Map(committed.map((cell) => [key(cell), cell]));
    const tally = {};
    console.log(`\n${label}: attainable coverage (≥ 94 %, ≥ 95 %) beside the coverage of ${method} in ${options.out} (${studyDatasets} datasets)`);
    console.log(['distribution'.padEnd(31), '    n', '   T', ' k', 'metric  ', 'atoms', 'largest', '  A94', '  A95', 'Aeq95', 'coverage', 'verdict'].join(' '));
    for (const r of rows) {
      const { atoms, largest, atLeast94, atLeast95, equalTailed95 } = r.attainable[estimand];
      const coverage = byKey.get(key(r))?.[estimand]?.[method]?.coverage;
      const verdict = coverage === undefined ? '' : coverageVerdict(coverage, r.attainable[estimand], studyDatasets);
      tally[verdict] = (tally[verdict] ?? 0) + 1;
      if (patterns || verdict !== 'in band')
        console.log(
          [
            r.distribution.padEnd(31),
            nLabel(r).padStart(5),
            String(r.T).padStart(4),
            String(r.k).padStart(2),
            r.metric.padEnd(8),
            String(atoms).padStart(5),
            pct(largest).padStart(7),
            pct(atLeast94),
            pct(atLeast95),
            pct(equalTailed95),
            (coverage === undefined ? '' : pct(coverage)).padStart(8),
            verdict,
          ].join(' '),
        );
    }
    console.log(
      `${label}: ${Object.entries(tally)
        .map(([verdict, cells]) => `${verdict || 'not in the file'} ${cells}`)
        .join(', ')} (cells in band not listed${patterns ? ' without --filter' : ''})`,
    );
  }
  console.log(`${cells.length} cells in ${((Date.now() - started) / 1000).toFixed(0)} s with ${workers} workers`);
  const sameDatasets = datasets === study.datasets && options.seed === study.seed && (!withCompare || datasets === study.compare.datasets);
  if (patterns || first > 0 || !sameDatasets) {
    console.log(
      `${patterns ? '--filter' : first > 0 ? '--first' : `--datasets ${datasets} / --seed ${options.seed} differ from ${options.out}`}: nothing written`,
    );
    return;
  }
  const attainableOf = new Map(
    [...records, ...compareRecords.map((r) => ({ ...r, compare: true }))].map((r) => [`${r.compare ? 'c' : ''}${key(r)}`, r.attainable]),
  );
  // Per part, the fast pass's fields over the committed ones: splitShare (which needs the intervals) stays.
  const merge = (cell, prefix) => {
    const fresh = attainableOf.get(`${prefix}${key(cell)}`) ?? {};
    const parts = Object.fromEntries(Object.entries(fresh).map(([part, fields]) => [part, { ...cell.attainable?.[part], ...fields }]));
    return { ...cell, attainable: { ...cell.attainable, ...parts } };
  };
  const document = {
    ...study,
    cells: study.cells.map((cell) => (estimands.length > 0 ? merge(cell, '') : cell)),
    compare: withCompare ? { ...study.compare, cells: study.compare.cells.map((cell) => merge(cell, 'c')) } : study.compare,
  };
  await writeFileAtomic(options.out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote the attainable fields of ${parts.map((part) => part.label ?? part.estimand).join(', ')} to ${options.out}`);
}

/** A cell's (or record's: its population is `distribution`) group: compare or not, population, n (unequal), T. */
function groupKey(c) {
  return `${c.compare ? 'c' : ''}|${c.distribution ?? c.population}|${c.n}|${c.unequal ? 'u' : ''}|${c.T}`;
}

/**
 * --recheck: the groups of --out with a record outside the band for no stated reason or with a
 * `recheck` already (parts of --only).
 */
function recheckTargets() {
  let study;
  try {
    study = JSON.parse(readFileSync(options.out, 'utf8'));
  } catch (error) {
    usage(`--out ${options.out}: cannot read the study to recheck (${error.message.split('\n')[0]})`);
  }
  if (first < study.datasets || (withCompare && first < study.compare.datasets)) {
    usage(`--first ${options.first}: --recheck needs datasets the study did not use (--first ≥ ${study.datasets})`);
  }
  const targets = new Set();
  const parts = reasonParts(study.cells, withCompare ? study.compare.cells : []).filter((part) => part.compare || estimands.includes(part.estimand));
  for (const part of parts) for (const r of outsideWithoutReason(part, study.datasets)) targets.add(groupKey({ ...r, compare: part.compare }));
  // …and the records already rechecked, so that a method changed since leaves no stale recheck.
  for (const r of study.cells) if (estimands.some((estimand) => r.recheck?.[estimand])) targets.add(groupKey(r));
  if (withCompare) for (const r of study.compare.cells) if (r.recheck) targets.add(groupKey({ ...r, compare: true }));
  return targets;
}

/** --narrower: the compare cells' candidates into --out, after checking the default measures as there. */
async function writeNarrower() {
  const study = JSON.parse(readFileSync(options.out, 'utf8'));
  if (datasets !== study.compare.datasets || first !== 0 || options.seed !== study.compare.seed) {
    usage(`--narrower: measure the study's own datasets (--datasets ${study.compare.datasets} --first 0 --seed ${study.compare.seed})`);
  }
  const fresh = new Map(compareRecords.map((r) => [cellKey(r), r]));
  const cellsOut = study.compare.cells.map((cell) => {
    const update = fresh.get(cellKey(cell));
    if (!update) return cell;
    if (update.difference.score.coverage !== cell.difference.score.coverage) {
      usage(`--narrower: ${cellKey(cell)} measures the default at ${update.difference.score.coverage}, ${options.out} holds ${cell.difference.score.coverage}`);
    }
    return { ...cell, narrower: update.narrower };
  });
  await writeFileAtomic(options.out, `${JSON.stringify({ ...study, compare: { ...study.compare, cells: cellsOut } }, null, 2)}\n`);
  console.log(`wrote the narrower candidates of ${fresh.size} compare records to ${options.out}`);
}

/** --noise: the study of --out, whose compare datasets this run must measure (seed, --first 0, --datasets). */
function studyForNoise() {
  let study;
  try {
    study = JSON.parse(readFileSync(options.out, 'utf8'));
  } catch (error) {
    usage(`--out ${options.out}: cannot read the study (${error.message.split('\n')[0]})`);
  }
  if (!study.compare) usage(`--out ${options.out}: holds no compare cells for --noise`);
  if (datasets !== study.compare.datasets || first !== 0 || options.seed !== study.compare.seed) {
    usage(`--noise: measure the study's own datasets (--datasets ${study.compare.datasets} --first 0 --seed ${study.compare.seed})`);
  }
  return study;
}

/** --noise: the compare cells' `noise` into --out, after checking this benchmark's coverage measures as there. */
async function writeNoise() {
  const study = noiseStudy;
  const fresh = new Map(compareRecords.map((r) => [cellKey(r), r]));
  const cellsOut = study.compare.cells.map((cell) => {
    const update = fresh.get(cellKey(cell));
    if (!update) return cell;
    const [measured, held] = [update, cell].map((r) => r.benchmark['trial-noise'].coverage);
    if (measured !== held) usage(`--noise: ${cellKey(cell)} measures this benchmark's coverage at ${measured}, ${options.out} holds ${held}`);
    return { ...cell, noise: update.noise };
  });
  await writeFileAtomic(options.out, `${JSON.stringify({ ...study, compare: { ...study.compare, cells: cellsOut } }, null, 2)}\n`);
  console.log(`wrote the noise fields of ${fresh.size} compare records to ${options.out}`);
}

/** --recheck: each measured record's fresh coverage into its study record's `recheck` field. */
async function writeRecheck() {
  const study = JSON.parse(readFileSync(options.out, 'utf8'));
  const fresh = new Map([...records.map((r) => [`|${cellKey(r)}`, r]), ...compareRecords.map((r) => [`c|${cellKey(r)}`, r])]);
  const withRecheck = (cell, prefix, parts) => {
    const update = fresh.get(`${prefix}|${cellKey(cell)}`);
    if (!update) return cell;
    const measured = Object.fromEntries(parts.map((part) => [part, update[part]]));
    return { ...cell, recheck: { ...cell.recheck, first, datasets, ...measured } };
  };
  const document = {
    ...study,
    cells: study.cells.map((cell) => withRecheck(cell, '', estimands)),
    compare: { ...study.compare, cells: study.compare.cells.map((cell) => withRecheck(cell, 'c', COMPARE_ESTIMANDS)) },
  };
  await writeFileAtomic(options.out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote the recheck of ${cells.length} cell${cells.length === 1 ? '' : 's'} (datasets ${first}–${first + datasets - 1}) to ${options.out}`);
}

/**
 * --progress FILE: a new file gets a header with the run's seed, first dataset, datasets, bootstrap
 * and parts; an existing one must have the same header, and the cells it holds are put in `results`
 * (not measured again). A last line cut short by a stopped run is dropped from the file.
 */
function resumeProgress() {
  const header = { kind: 'passk.coverageProgress', seed: options.seed, first, datasets, bootstrap, parts: [...parts].sort(), attainable: attainableOnly };
  if (!existsSync(options.progress)) {
    appendFileSync(options.progress, `${JSON.stringify(header)}\n`);
    return;
  }
  let held;
  try {
    held = progressLines(readFileSync(options.progress, 'utf8'));
  } catch (error) {
    usage(`--progress ${options.progress}: cannot read it (${error.message.split('\n')[0]})`);
  }
  if (JSON.stringify(held.header) !== JSON.stringify(header)) {
    usage(`--progress ${options.progress}: holds another run (${JSON.stringify(held.header)}; this one: ${JSON.stringify(header)})`);
  }
  writeFileSync(options.progress, `${[header, ...held.cells].map((line) => JSON.stringify(line)).join('\n')}\n`);
  const byIdentity = new Map(held.cells.map((cell) => [cellIdentity(cell.compare, cell.records[0]), cell.records]));
  cells.forEach((cell, i) => {
    const records = byIdentity.get(cellIdentity(cell.compare === true, cell));
    if (records !== undefined) results[i] = records;
  });
  console.log(`--progress ${options.progress}: ${results.filter(Boolean).length} of ${cells.length} cells already measured`);
}

/** The committed study with the parts this run measured put in place of its own (--only). */
function withParts(study) {
  const key = cellKey;
  const measured = new Map(records.map((r) => [key(r), r]));
  const cellsOut = study.cells.map((cell) => {
    const update = measured.get(key(cell));
    if (!update) return cell;
    const attainable = { ...cell.attainable, ...Object.fromEntries(estimands.map((estimand) => [estimand, update.attainable[estimand]])) };
    // The narrower candidates of the task-population interval and this benchmark's `noise` go with their
    // parts (bench/coverageReasons.mjs).
    const narrower = estimands.includes('population') ? { narrower: update.narrower } : {};
    const noise = estimands.includes('benchmark') ? { noise: update.noise } : {};
    return { ...cell, ...Object.fromEntries(estimands.map((estimand) => [estimand, update[estimand]])), attainable, ...narrower, ...noise };
  });
  if (estimands.length > 0 && cellsOut.filter((cell) => measured.has(key(cell))).length !== records.length) {
    usage(`${options.out} does not hold the cells this run measured (another grid?): run all parts to write a new file`);
  }
  return { ...study, cells: cellsOut, ...(withCompare ? { compare } : {}) };
}

/** One line per cell: its distribution, n, T, k and metric, then each method's coverage / misses / width. */
function printCells(rows, methods, cellOf) {
  console.log(['distribution'.padEnd(31), '    n', '   T', ' k', 'metric  ', ...methods.map((m) => m.padEnd(23))].join(' '));
  for (const r of rows) {
    const cells = methods.map((m) => cellText(cellOf(r, m)).padEnd(23));
    console.log([r.distribution.padEnd(31), nLabel(r).padStart(5), String(r.T).padStart(4), String(r.k).padStart(2), r.metric.padEnd(8), ...cells].join(' '));
  }
}

/**
 * Every cell of a default interval or bound outside [94 %, 97 %] with its reason
 * (bench/coverageReasons.mjs): task population and this benchmark, two-sided and the one-sided lower
 * bound, and compare's two estimands.
 */
function reasonLines(rows, compareRows, fallbackDatasets) {
  return outOfBandLines(reasonParts(rows, compareRows), fallbackDatasets);
}

/** The parts `reasonLines` lists: [{ label, rows, method, sides, estimand, benchmark, compare }]. */
function reasonParts(rows, compareRows) {
  const parts = [];
  for (const estimand of ['population', 'benchmark'])
    if (rows.some((r) => r[estimand]))
      for (const [method, sides] of [
        [DEFAULTS[estimand], 2],
        [ONE_SIDED[estimand], 1],
      ])
        parts.push({
          label: estimand === 'population' ? 'Task population' : 'This benchmark',
          rows,
          method,
          sides,
          estimand,
          benchmark: estimand === 'benchmark',
        });
  if (compareRows.length > 0)
    for (const estimand of COMPARE_ESTIMANDS)
      parts.push({
        label: `Compare, ${estimand}`,
        rows: compareRows,
        method: COMPARE_DEFAULTS[estimand],
        sides: 2,
        estimand,
        benchmark: estimand === 'benchmark',
        compare: true,
      });
  return parts;
}

/** A cell's n as printed: `10/5` for unequal trials (half the tasks n, half ⌈n/2⌉). */
function nLabel(r) {
  return r.unequal ? `${r.n}/${Math.ceil(r.n / 2)}` : String(r.n);
}

/** A bad option or file: one line on stderr, exit code 2. */
function usage(message) {
  process.stderr.write(`coverage-study: ${message}\n`);
  process.exit(2);
}
