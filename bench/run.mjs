// `pnpm bench`: the canonical scenarios of shared/bench/numpy_peer.py through the engine (the CLI's
// runner, 2 worker threads) and through the numpy peer (each of its methods; compared with the
// faster), in the same run. Prints episodes/s and their ratio per scenario, checks the engine
// against the peer's exact values (within 4 SE), measures the engine's peak memory at a large
// replicate count, and writes bench/results.json: [{ scenario, engineEpisodesPerSecond,
// peerEpisodesPerSecond, ratio, ... }].
// Targets (issue #12; 2-core machine): ratio ≥ 20 on independent, verifier, exchangeable (against the
// closed forms within 4 SE), ≥ 10 on budget (no closed form: engine vs the peer's own simulation
// within 4.5 combined SE), peak memory < 200 MB at any R.
// Also:
// - `vote` (engine only: parallel 8, majority vote): episodes/s as a ratio to the engine's own
//   `verifier` entry in the same run (target ≥ 0.3);
// - `startup`: `passk estimate --n 10 --c 3 --k 5` against `node -e 0`, paired runs, median ratio (≤ 2);
// - `scaling`: one thread at three sizes T·R·K per sampler (the fitted exponents of time vs work), and peak memory
//   for R = 10^4, 10^5, 10^6 (flat);
// - `rounds`: what-ifs off the fast paths (batches, parallel with bestScore or majorityVote) on one
//   thread through the episode kernel against the general episode forced, same stream (counts equal);
// - `estimate-10m`: `passk estimate` end to end on a generated 10-million-row CSV against
//   shared/bench/python_estimate_peer.py on the same file (target ≥ 10×, < 300 MB, values equal to 1e-12).
//
// Also `hostile-inputs` (bench/hostileInputs.mjs): peak RSS of passk estimate on malformed big inputs (target < 300 MB each),
// and `reader-memory` (bench/readerMemory.mjs): peak RSS on big valid logs — 15 M rows with costs, estimate --json on
// 400 000 tasks, an .eval of 400 000 entries (target < 250 MB each; inputs in a temp folder, removed after).
//
// Options: --runs N (best of N, default 3), --only a,b (some scenarios, vote included), --no-memory,
// --no-estimate, --no-startup, --no-scaling, --no-rounds, --no-streaming, --no-hostile, --no-reader-memory, --strict
// (exit 1 when a target is missed; without it only a failed agreement check or an error exits 1).
// Environment: PASSK_SHARED = the shared folder holding bench/numpy_peer.py (default ../shared).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readScenarioFile } from '../packages/cli/dist/io/readScenarioFile.js';
import { writeFileAtomic } from '../packages/cli/dist/io/writeFileAtomic.js';
import { exactValuesFor } from '../packages/sim/dist/internal.js';
import { agreement, PEER_Z_LIMIT, peerAgreement, Z_LIMIT } from './agreement.mjs';
import { timeScaling } from './scaling.mjs';
import { timeKernelPaths } from './kernelPaths.mjs';
import { repoBin, STARTUP_ARGS, timeStartup } from './startup.mjs';
import { timeEngine, workerStartup } from './engine.mjs';
import { peakMemory } from './memory.mjs';
import { PEER_METHODS, peerEnvironment, peerScript, runPeer } from './peer.mjs';
import { streamingFile, streamingRss } from './streamingRss.mjs';
import { HOSTILE_CASES, hostileMet, printHostile, runHostile } from './hostileInputs.mjs';
import { READER_CASES, READER_MEMORY_TARGET_MB, printReader, readerMet, runReaderCase } from './readerMemory.mjs';
import { estimateFile, estimatePeerScript, measureEstimate10m } from './estimate10m.mjs';

// Our own errors ("bench: …") as one line; anything unexpected with its stack.
process.on('uncaughtException', (error) => {
  process.stderr.write(`${error instanceof Error && error.message.startsWith('bench:') ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});

const SCENARIOS = ['independent', 'verifier', 'exchangeable', 'budget'];
/** Engine-only entries, each reported as a ratio to another entry of the same run. */
const RELATIVE = { vote: { to: 'verifier', target: 0.3 } };
const WORKERS = 2;
/**
 * Untimed runs per scenario and in-process mode before the timed ones. One was not enough: in one
 * process the pooled worker's first runs of `independent` on 2 threads took 49–54, 38–49 and 18–27 ms,
 * then 17–20 ms (its JavaScript and its WebAssembly kernel tiered up over the first two).
 */
const WARM_UP_RUNS = 3;
/** Runs of each scenario one after another at the end, on WORKERS threads (for information, not the headline). */
const BACK_TO_BACK_RUNS = 5;
const RATIO_TARGETS = { independent: 20, verifier: 20, exchangeable: 20, budget: 10 };
const STARTUP_TARGET = 2;
const STARTUP_PAIRS = 10;
const MEMORY_TARGET_MB = 200;
const PEER_SEED = 12345;
/** Peak-memory runs: every scenario at 100 000 replicates, and the first also at 10 000 and 1 000 000 (memory must not grow). */
const MEMORY_REPLICATES = 100_000;
const MEMORY_SWEEP = [10_000, 1_000_000];
const MEMORY_PER_ENTRY = { budget: 20_000, vote: 10_000 };

/**
 * Engine timings: the headline (CLI runner, 2 threads: this one and one worker of the process's
 * pool, started before the first timed run), one thread, and, for information, a fresh process's
 * first run (a child process: cold code, a new worker only if the run is long enough, its start-up
 * included; its own timer, like the headline's, from runSimulation to the summary).
 */
const ENGINE_MODES = [
  ['workers', (entry) => timeEngine(entry.scenario, WORKERS)],
  ['single', (entry) => timeEngine(entry.scenario, 1)],
  ['fresh', (entry) => peakMemory(entry.file, entry.scenario.run.replicates, WORKERS)],
];
/** The modes whose summaries are compared (the fresh child prints none). */
const COMPARED_MODES = ['workers', 'single'];

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = dirname(benchDir);
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'no-memory': { type: 'boolean', default: false },
    'no-estimate': { type: 'boolean', default: false },
    'no-startup': { type: 'boolean', default: false },
    'no-scaling': { type: 'boolean', default: false },
    'no-rounds': { type: 'boolean', default: false },
    'no-streaming': { type: 'boolean', default: false },
    'no-hostile': { type: 'boolean', default: false },
    'no-reader-memory': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`bench: --runs must be a positive integer, got ${options.runs}`);
const ALL = [...SCENARIOS, ...Object.keys(RELATIVE)];
const chosen = options.only ? options.only.split(',') : ALL;
for (const name of chosen) if (!ALL.includes(name)) throw new Error(`bench: --only: unknown scenario ${name} (one of ${ALL.join(', ')})`);
// A relative entry needs the entry it is compared with.
const names = ALL.filter((name) => chosen.includes(name) || Object.entries(RELATIVE).some(([other, { to }]) => to === name && chosen.includes(other)));

const log = (text) => process.stderr.write(`${text}\n`);
const perSecond = (episodes, seconds) => episodes / seconds;
const mega = (rate) => `${(rate / 1e6).toFixed(2)} M/s`;

// ---- set-up: scenarios, peer ----
const script = peerScript(repoRoot);
const { env: peerEnv, unset } = peerEnvironment();
const scenarios = [];
for (const name of names) {
  const file = join(benchDir, 'scenarios', `${name}.yaml`);
  const scenario = await readScenarioFile(file);
  requireCanonical(name, scenario);
  const shape = { tasks: scenario.tasks.count, replicates: scenario.run.replicates, k: scenario.policy.maxAttempts, seed: PEER_SEED };
  const peerMethods = PEER_METHODS[name] ?? [];
  scenarios.push({ name, file, scenario, shape, peerMethods, episodes: shape.tasks * shape.replicates, engineExact: exactValuesFor(scenario) });
}

console.log('passk bench: engine (CLI runner, worker threads) vs the numpy peer, same scenarios, same machine, same run');
const loadText = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const busyBefore = await cpuBusy();
console.log(
  `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown cpu'}), node ${process.version}; CPU busy in the second before the bench: ${(busyBefore * 100).toFixed(0)} %, load average ${loadText()}`,
);
if (busyBefore > 0.1)
  console.log('note: other processes are using the CPU: the figures below may be low (the engine, on both cores, more than the single-process peer)');
console.log(
  `peer: python3 ${relative(repoRoot, script)} (single process); ${unset.length ? `unset for the peer only: ${unset.join(', ')}` : 'no OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE to unset'}`,
);
console.log(
  `timing: best of ${runs} runs per side; engine = runSimulation + summarise on ${WORKERS} threads, the worker from the process's pool, started before the timer, after ${WARM_UP_RUNS} untimed warm-up runs per scenario (JIT); peer = its own timer (no Python start-up, numpy imported before it)`,
);

// ---- timed runs, interleaved so that any background load falls on both sides ----
for (const entry of scenarios) {
  entry.peer = Object.fromEntries(entry.peerMethods.map((method) => [method, { best: null, runs: [] }]));
  entry.engine = Object.fromEntries(ENGINE_MODES.map(([mode]) => [mode, { best: null, runs: [] }]));
}
// Untimed runs per scenario in each in-process mode first: the timed runs then all meet optimised
// code, as the later points of a sweep do (a cold process is the first-run column).
for (const entry of scenarios) {
  log(`warm-up: ${entry.name}`);
  for (let i = 0; i < WARM_UP_RUNS; i++) for (const [mode, time] of ENGINE_MODES) if (COMPARED_MODES.includes(mode)) await time(entry);
}
for (let run = 1; run <= runs; run++) {
  for (const entry of scenarios) {
    log(`run ${run}/${runs}: ${entry.name}`);
    for (const method of entry.peerMethods) {
      const result = await runPeer(script, peerEnv, entry.name, method, entry.shape);
      const slot = entry.peer[method];
      slot.runs.push(result.seconds);
      if (slot.best === null || result.seconds < slot.best.seconds) slot.best = result;
    }
    for (const [mode, time] of ENGINE_MODES) {
      const result = await time(entry);
      const slot = entry.engine[mode];
      slot.runs.push(result.seconds);
      if (slot.best === null || result.seconds < slot.best.seconds) slot.best = result;
    }
  }
}

// For information: the engine's runs back to back, no child process between them (as the points of
// a sweep). On a machine where a page fault is slow (≈ 10 µs in the Firecracker VMs this project
// is measured on), the timed runs above, each right after a peer's or a fresh child's process,
// meet memory that must be faulted in again: 0.4–1.4 thousand page faults in a run against ~20
// back to back (process.resourceUsage() around runSimulation, 4 December 2026).
for (const entry of scenarios) {
  entry.backToBack = [];
  for (let i = 0; i < BACK_TO_BACK_RUNS; i++) entry.backToBack.push((await timeEngine(entry.scenario, WORKERS)).seconds);
}

// ---- per scenario: rates, agreement, worker start-up ----
const peerScenarios = scenarios.filter((e) => e.peerMethods.length > 0);
for (const entry of scenarios) {
  entry.engineRate = perSecond(entry.episodes, entry.engine.workers.best.seconds);
  entry.freshRate = perSecond(entry.episodes, entry.engine.fresh.best.seconds);
  entry.singleRate = perSecond(entry.episodes, entry.engine.single.best.seconds);
  entry.path = entry.engine.workers.best.summary.path;
  const rowsOf = (mode) => JSON.stringify(entry.engine[mode].best.summary.rows);
  entry.identical = COMPARED_MODES.every((mode) => rowsOf(mode) === rowsOf('workers'));
  if (entry.peerMethods.length === 0) continue;
  const peerRates = Object.fromEntries(Object.entries(entry.peer).map(([method, slot]) => [method, perSecond(entry.episodes, slot.best.seconds)]));
  const fastest = Object.entries(peerRates).sort((a, b) => b[1] - a[1])[0];
  entry.peerMethod = fastest[0];
  entry.peerRates = peerRates;
  entry.peerRate = fastest[1];
  entry.numpy = entry.peer[fastest[0]].best.peer;
  entry.ratio = entry.engineRate / entry.peerRate;
  entry.target = RATIO_TARGETS[entry.name];
  const peerRun = entry.peer[fastest[0]].best;
  // With closed forms: the engine against the peer's exact values; without: against the peer's simulation.
  entry.agreement = peerRun.exact
    ? agreement(entry.engine.workers.best.summary, entry.engineExact, peerRun.exact)
    : { ...peerAgreement(entry.engine.workers.best.summary, peerRun.simulated), exactDiff: null };
}
const relativeEntries = scenarios
  .filter((e) => RELATIVE[e.name] && scenarios.some((o) => o.name === RELATIVE[e.name].to))
  .map((e) => {
    const base = scenarios.find((o) => o.name === RELATIVE[e.name].to);
    return { entry: e, base, ratio: e.engineRate / base.engineRate, target: RELATIVE[e.name].target };
  });

// What the pool's start-up costs (excluded from the headline, part of the first-run column).
const startups = [];
for (let i = 0; i < runs; i++) startups.push(await workerStartup(WORKERS - 1));
const workerStartupSeconds = Math.min(...startups);

// ---- start-up and scaling ----
let startup = null;
if (!options['no-startup']) {
  log(`startup: ${STARTUP_PAIRS} paired runs`);
  startup = await timeStartup(repoBin(repoRoot), STARTUP_PAIRS);
}
let scaling = null;
if (!options['no-scaling']) {
  log('scaling: budget at three sizes, one thread');
  scaling = await timeScaling(join(benchDir, 'scenarios', 'budget.yaml'), runs);
}
let rounds = null;
if (!options['no-rounds']) {
  log('rounds: what-ifs off the fast paths, episode kernel vs the general episode, one thread');
  rounds = await timeKernelPaths(join(benchDir, 'scenarios', 'budget.yaml'), runs);
}

// ---- peak memory in child processes ----
const memoryRuns = [];
if (!options['no-memory']) {
  for (const [i, entry] of scenarios.entries()) {
    // The sweep on the first (fastest) entry; the attempt-by-attempt entries at fewer replicates (memory does not grow with R).
    const counts = i === 0 ? [MEMORY_SWEEP[0], MEMORY_REPLICATES, ...MEMORY_SWEEP.slice(1)] : [MEMORY_PER_ENTRY[entry.name] ?? MEMORY_REPLICATES];
    entry.memory = [];
    for (const replicates of counts) {
      log(`memory: ${entry.name} with ${replicates} replicates`);
      const result = { scenario: entry.name, ...(await peakMemory(entry.file, replicates, WORKERS)) };
      entry.memory.push(result);
      memoryRuns.push(result);
    }
  }
}

// ---- report ----
console.log(
  `peer: ${peerScenarios[0]?.numpy ?? 'not run'}; scenarios: ${scenarios.map((e) => `${e.name} T = ${e.shape.tasks}, R = ${e.shape.replicates}, K = ${e.shape.k}`).join('; ')}`,
);
console.log('');
const header = [
  'scenario',
  'engine path',
  `engine ${WORKERS} workers`,
  'peer (faster method)',
  'ratio',
  'target',
  'first run*',
  'ratio first*',
  '1 thread',
  'ratio 1 thread',
];
const rows = [
  ...peerScenarios.map((e) => [
    e.name,
    e.path,
    mega(e.engineRate),
    `${mega(e.peerRate)} ${e.peerMethod}`,
    e.ratio.toFixed(2),
    `≥ ${e.target}: ${e.ratio >= e.target ? 'met' : `MISSED (×${(e.target / e.ratio).toFixed(2)} short)`}`,
    mega(e.freshRate),
    (e.freshRate / e.peerRate).toFixed(2),
    mega(e.singleRate),
    (e.singleRate / e.peerRate).toFixed(2),
  ]),
  ...relativeEntries.map(({ entry: e, base, ratio, target }) => [
    e.name,
    e.path,
    mega(e.engineRate),
    `(engine ${base.name} ${mega(base.engineRate)})`,
    ratio.toFixed(2),
    `≥ ${target} × ${base.name}: ${ratio >= target ? 'met' : `MISSED (×${(target / ratio).toFixed(2)} short)`}`,
    mega(e.freshRate),
    (e.freshRate / base.freshRate).toFixed(2),
    mega(e.singleRate),
    (e.singleRate / base.singleRate).toFixed(2),
  ]),
];
printTable(header, rows);
console.log(
  `* for information only: first run = the first simulation of a fresh child process (as one \`passk simulate\`): cold code, a new worker started only when the run is estimated to be long enough, its start-up included.`,
);
console.log('');
console.log(`seconds per run (best *): engine ${WORKERS} threads, pooled | 1 thread | first run | peer by method`);
for (const e of scenarios) {
  const mark = (list) => list.map((s) => (s === Math.min(...list) ? `${s.toFixed(3)}*` : s.toFixed(3))).join(' ');
  const peerText =
    e.peerMethods.length === 0
      ? 'no peer'
      : Object.entries(e.peer)
          .map(([method, slot]) => `${method} ${mark(slot.runs)} (${mega(e.peerRates[method])})`)
          .join('; ');
  console.log(`  ${e.name.padEnd(12)} ${ENGINE_MODES.map(([mode]) => mark(e.engine[mode].runs)).join(' | ')} | ${peerText}`);
}
console.log(
  `  engine ${WORKERS} threads, ${BACK_TO_BACK_RUNS} runs back to back after the timed ones (no child process between them; for information): ${scenarios
    .map(
      (e) =>
        `${e.name} ${[...e.backToBack].sort((a, b) => a - b)[Math.floor(BACK_TO_BACK_RUNS / 2)].toFixed(3)} (fastest ${Math.min(...e.backToBack).toFixed(3)})`,
    )
    .join(', ')} s, median`,
);
console.log(
  `  start-up + shut-down of the pool's ${WORKERS - 1} worker (once per process; in the first-run column, not the headline), best of ${runs}: ${(workerStartupSeconds * 1000).toFixed(0)} ms`,
);
console.log(
  `  engine results identical for ${WORKERS} pooled threads and 1 thread: ${scenarios.map((e) => `${e.name} ${e.identical ? 'yes' : 'NO'}`).join(', ')}`,
);
console.log('');
console.log(
  `agreement: |engine − peer exact| ≤ ${Z_LIMIT} × engine SE for every k and every metric the peer has an exact value for;` +
    ` without closed forms (budget) |engine − peer| ≤ ${PEER_Z_LIMIT} × √(SE_engine² + SE_peer²) on every metric the peer simulates`,
);
for (const e of peerScenarios) {
  const a = e.agreement;
  console.log(
    `  ${e.name.padEnd(12)} worst z = ${a.worst.z.toFixed(2).padStart(5)} (${a.worst.metric}@${a.worst.k}) over ${a.comparisons} comparisons: ${a.pass ? 'PASS' : 'FAIL'};` +
      (a.exactDiff
        ? ` engine's own exact vs peer's exact: max |diff| ${a.exactDiff.diff.toExponential(1)} (${a.exactDiff.metric}@${a.exactDiff.k})`
        : " (against the peer's simulation ± its SE)"),
  );
}
if (startup) {
  console.log('');
  console.log(
    `startup: node packages/cli/dist/bundle/passk.cjs ${STARTUP_ARGS.join(' ')} vs node -e 0, ${startup.pairs.length} paired runs: median ${(startup.medianPasskSeconds * 1000).toFixed(0)} ms vs ${(startup.medianNodeSeconds * 1000).toFixed(0)} ms,` +
      ` median ratio ${startup.medianRatio.toFixed(2)} (target ≤ ${STARTUP_TARGET}: ${startup.medianRatio <= STARTUP_TARGET ? 'met' : 'MISSED'});` +
      ` the first start, which writes this runtime's code cache: ${(startup.firstSeconds * 1000).toFixed(0)} ms`,
  );
}
if (scaling) {
  console.log('');
  console.log(
    `scaling: budget on one thread (simulatePartial, best of ${runs}); work = tasks × replicates × K; one series per sampler of the sequential kernel`,
  );
  for (const series of scaling.series) {
    // The series' own work: the attempts started (pattern) or the K outcomes drawn (perOutcome).
    const pattern = series.sampler === 'pattern';
    console.log(
      `  ${pattern ? 'K ≤ 10, the K outcomes as one pattern (an episode pays for the attempts it starts)' : 'K > 10, one uniform per outcome, all K drawn first (an episode pays for K outcomes)'}:`,
    );
    for (const p of series.points) {
      console.log(
        `    T = ${String(p.tasks).padStart(4)}, R = ${String(p.replicates).padStart(4)}, K = ${String(p.k).padStart(2)}: work ${p.work.toExponential(2)}, ${p.attemptsStarted.toFixed(2)} attempts started per episode, ${p.seconds.toFixed(3)} s (${mega((p.tasks * p.replicates) / p.seconds)} episodes)`,
      );
    }
    const { fixedNs, slopeNs, deviation } = series.perEpisode;
    const unit = pattern ? 'attempt started' : 'outcome (K)';
    console.log(
      `    fitted exponent of time vs its work, ${pattern ? 'attempts started (tasks × replicates × attempts per episode)' : 'tasks × replicates × K'}: ${(pattern ? series.startedExponent : series.exponent).toFixed(3)} (1 = linear)` +
        (pattern ? `; vs tasks × replicates × K: ${series.exponent.toFixed(3)} (< 1: attempts never reached are not paid for)` : ''),
    );
    console.log(
      `    per episode: ${fixedNs.toFixed(0)} ns + ${slopeNs.toFixed(1)} ns per ${unit}, each size within ${(100 * deviation).toFixed(1)} % of that line (linear in the work: time = tasks × replicates × (fixed + per unit × units))`,
    );
  }
}
if (rounds) {
  console.log('');
  console.log(
    `rounds: what-ifs of budget no fast path takes, on one thread (simulatePartial + summarise, best of ${runs} after 2 untimed runs each), the episode kernel against the general episode forced on the same stream`,
  );
  for (const r of rounds) {
    console.log(
      `  ${r.name.padEnd(38)} ${r.path.padEnd(7)} ${mega(r.episodes / r.kernelSeconds).padStart(10)} episodes (${((r.kernelSeconds * 1e9) / r.episodes).toFixed(0)} ns each)` +
        ` | general ${mega(r.episodes / r.generalSeconds).padStart(10)} (${((r.generalSeconds * 1e9) / r.episodes).toFixed(0)} ns) | ${r.speedup.toFixed(2)}× | counts ${r.sameCounts ? 'identical' : 'DIFFER'}`,
    );
  }
}
if (memoryRuns.length > 0) {
  console.log('');
  console.log(`peak memory (a child process per run, CLI runner with ${WORKERS} workers, ${memoryRuns[0].source}; target < ${MEMORY_TARGET_MB} MB):`);
  for (const m of memoryRuns) {
    console.log(
      `  ${m.scenario.padEnd(12)} R = ${String(m.replicates).padStart(9)}: ${m.peakRssMB.toFixed(1).padStart(5)} MB ${m.peakRssMB < MEMORY_TARGET_MB ? 'met' : 'MISSED'}` +
        ` (${m.episodes.toExponential(0)} episodes in ${m.seconds.toFixed(2)} s, ${mega(perSecond(m.episodes, m.seconds))})`,
    );
  }
}

// ---- estimate-10m: passk estimate end to end vs the Python peer, same file ----
const ESTIMATE_RATIO_TARGET = 10;
const ESTIMATE_MEMORY_TARGET_MB = 300;
let estimate = null;
if (!options['no-estimate']) {
  const pythonPeer = estimatePeerScript(script);
  const file = await estimateFile(benchDir, pythonPeer, peerEnv, log);
  const { ours, best, peerWall, peerOwn, ratio, ownTimerRatio, difference } = await measureEstimate10m(repoRoot, pythonPeer, peerEnv, file, runs, log);
  estimate = {
    scenario: 'estimate-10m',
    engineSeconds: best.seconds,
    peerSeconds: peerWall,
    ratio,
    ratioBasis: 'end to end, both (spawn to exit)',
    peerOwnTimerSeconds: peerOwn,
    ownTimerRatio,
    peakRssMB: best.peakRssMB,
    maxAbsDifference: difference,
    rows: 10_000_000,
    bestOf: runs,
  };
  console.log('');
  console.log(
    `estimate-10m: passk estimate on ${relative(repoRoot, file)} (10 million rows, 100 000 tasks × 100 trials, k = 1..10, no bootstrap: the default), end to end in a child process`,
  );
  console.log(
    `  passk ${best.seconds.toFixed(3)} s (best of ${runs}: ${ours.map((r) => r.seconds.toFixed(3)).join(' ')}), peak ${best.peakRssMB?.toFixed(0) ?? '?'} MB (target < ${ESTIMATE_MEMORY_TARGET_MB} MB)` +
      ` | peer ${peerWall.toFixed(3)} s end to end (${peerOwn.toFixed(3)} s by its own timer, Python start-up excluded)` +
      ` | ratio, both end to end: ${ratio.toFixed(2)} (target ≥ ${ESTIMATE_RATIO_TARGET}); peer's own timer vs passk end to end: ${ownTimerRatio.toFixed(2)}` +
      ` | max |passk − peer| over pass@k, pass^k: ${difference.toExponential(1)} (target ≤ 1e-12)`,
  );
}

// ---- streaming-1gb: bounded memory reading a 1 GB inspect-style JSON Lines log (--no-streaming skips it) ----
const STREAMING_MEMORY_TARGET_MB = 300;
let streaming = null;
if (!options['no-streaming']) {
  const file = await streamingFile(benchDir, log);
  log('streaming-1gb: passk estimate on the 1 GB log');
  const m = await streamingRss(repoRoot, file);
  streaming = {
    scenario: 'streaming-1gb',
    bytes: m.bytes,
    rows: m.rows,
    tasks: m.tasks,
    seconds: m.seconds,
    peakRssMB: m.peakRssMB,
    targetMB: STREAMING_MEMORY_TARGET_MB,
  };
  console.log('');
  console.log(
    `streaming-1gb: passk estimate on ${relative(repoRoot, file)} (${(m.bytes / 2 ** 30).toFixed(2)} GiB, ${m.rows} rows, dot-path columns) in ${m.seconds.toFixed(1)} s,` +
      ` peak ${m.peakRssMB?.toFixed(0) ?? '?'} MB (target < ${STREAMING_MEMORY_TARGET_MB} MB)`,
  );
}

// ---- hostile-inputs: peak RSS on malformed big inputs, each < 300 MB (--no-hostile skips it; bench/hostileInputs.mjs) ----
const hostile = [];
if (!options['no-hostile']) {
  for (const entry of HOSTILE_CASES) hostile.push(await runHostile(repoRoot, benchDir, entry, log));
  console.log('');
  printHostile(hostile);
}

// ---- reader-memory: peak RSS on big valid logs, each < 250 MB (--no-reader-memory skips it; bench/readerMemory.mjs) ----
const reader = [];
if (!options['no-reader-memory']) {
  const dir = mkdtempSync(join(tmpdir(), 'passk-reader-memory-'));
  try {
    for (const entry of READER_CASES) reader.push(await runReaderCase(repoRoot, dir, entry, log));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('');
  printReader(reader);
}

const results = peerScenarios.map((e) => ({
  scenario: e.name,
  enginePath: e.path,
  target: e.target,
  engineEpisodesPerSecond: e.engineRate,
  peerEpisodesPerSecond: e.peerRate,
  ratio: e.ratio,
  peerMethod: e.peerMethod,
  peerEpisodesPerSecondByMethod: e.peerRates,
  peer: e.numpy,
  engineWorkers: WORKERS,
  engineFirstRunEpisodesPerSecond: e.freshRate,
  engineSingleThreadEpisodesPerSecond: e.singleRate,
  engineSeconds: e.engine.workers.best.seconds,
  engineBackToBackSeconds: e.backToBack,
  peerSeconds: e.peer[e.peerMethod].best.seconds,
  workerStartupSeconds,
  tasks: e.shape.tasks,
  replicates: e.shape.replicates,
  maxAttempts: e.shape.k,
  bestOf: runs,
  identicalAcrossWorkers: e.identical,
  agreement: {
    pass: e.agreement.pass,
    against: e.agreement.exactDiff ? 'peer exact' : 'peer simulation',
    worstZ: e.agreement.worst.z,
    metric: e.agreement.worst.metric,
    k: e.agreement.worst.k,
    exactMaxDifference: e.agreement.exactDiff?.diff ?? null,
  },
  ...(e.memory ? { peakMemory: e.memory.map((m) => ({ replicates: m.replicates, peakRssMB: m.peakRssMB })) } : {}),
}));
for (const { entry: e, base, ratio, target } of relativeEntries) {
  results.push({
    scenario: e.name,
    enginePath: e.path,
    engineEpisodesPerSecond: e.engineRate,
    relativeTo: base.name,
    ratio,
    target,
    engineSingleThreadEpisodesPerSecond: e.singleRate,
    engineSeconds: e.engine.workers.best.seconds,
    engineBackToBackSeconds: e.backToBack,
    identicalAcrossWorkers: e.identical,
    bestOf: runs,
    ...(e.memory ? { peakMemory: e.memory.map((m) => ({ replicates: m.replicates, peakRssMB: m.peakRssMB })) } : {}),
  });
}
if (startup)
  results.push({
    scenario: 'startup',
    command: `passk ${STARTUP_ARGS.join(' ')}`,
    medianRatio: startup.medianRatio,
    target: STARTUP_TARGET,
    medianSeconds: startup.medianPasskSeconds,
    medianNodeSeconds: startup.medianNodeSeconds,
    firstSeconds: startup.firstSeconds,
    pairs: startup.pairs,
  });
if (scaling) results.push({ scenario: 'scaling', of: 'budget', series: scaling.series });
if (rounds) results.push({ scenario: 'rounds', of: 'budget', whatIfs: rounds });
if (estimate) results.push(estimate);
if (streaming) results.push(streaming);
if (hostile.length > 0) results.push({ scenario: 'hostile-inputs', targetMB: 300, cases: hostile.map((r) => ({ ...r, met: hostileMet(r) })) });
if (reader.length > 0) results.push({ scenario: 'reader-memory', targetMB: READER_MEMORY_TARGET_MB, cases: reader.map((r) => ({ ...r, met: readerMet(r) })) });
const out = join(benchDir, 'results.json');
await writeFileAtomic(out, `${JSON.stringify(results, null, 2)}\n`);

const missedRatio = [...peerScenarios.filter((e) => e.ratio < e.target), ...relativeEntries.filter((r) => r.ratio < r.target).map((r) => r.entry)];
const startupMissed = startup !== null && startup.medianRatio > STARTUP_TARGET;
const missedMemory = memoryRuns.filter((m) => m.peakRssMB >= MEMORY_TARGET_MB);
const disagree = [...peerScenarios.filter((e) => !e.agreement.pass), ...scenarios.filter((e) => !e.identical), ...(rounds ?? []).filter((r) => !r.sameCounts)];
const hostileMissed = hostile.filter((r) => !hostileMet(r));
const readerMissed = reader.filter((r) => !readerMet(r));
const estimateMissed = estimate && (estimate.ratio < ESTIMATE_RATIO_TARGET || (estimate.peakRssMB ?? 0) >= ESTIMATE_MEMORY_TARGET_MB);
if (estimate && !(estimate.maxAbsDifference <= 1e-12)) disagree.push({ name: 'estimate-10m' });
const peakMB = memoryRuns.length ? Math.max(...memoryRuns.map((m) => m.peakRssMB)) : null;
console.log('');
console.log(`CPU busy in the second after the bench: ${((await cpuBusy()) * 100).toFixed(0)} %; wrote ${relative(repoRoot, out)}`);
const ratioText = [
  ...peerScenarios.map((e) => `${e.name} ${e.ratio.toFixed(2)} (≥ ${e.target})`),
  ...relativeEntries.map((r) => `${r.entry.name} ${r.ratio.toFixed(2)} × ${r.base.name} (≥ ${r.target})`),
];
console.log(
  `bench: ${missedRatio.length || missedMemory.length || disagree.length || estimateMissed || startupMissed ? 'TARGETS MISSED' : 'ALL TARGETS MET'} — ` +
    `ratio targets met on ${ratioText.length - missedRatio.length} of ${ratioText.length} (${ratioText.join(', ')}); ` +
    `peak memory ${peakMB === null ? 'not measured' : `${peakMB.toFixed(0)} MB ${peakMB < MEMORY_TARGET_MB ? '<' : '≥'} ${MEMORY_TARGET_MB} MB`}; ` +
    `agreement ${disagree.length ? `FAIL (${disagree.map((e) => e.name).join(', ')})` : 'PASS'}` +
    (startup ? `; startup ${startup.medianRatio.toFixed(2)} × node (≤ ${STARTUP_TARGET}: ${startupMissed ? 'MISSED' : 'met'})` : '') +
    (scaling
      ? `; scaling exponents vs the work done ${scaling.series.map((x) => `${x.sampler} ${(x.sampler === 'pattern' ? x.startedExponent : x.exponent).toFixed(2)}`).join(', ')}`
      : '') +
    (hostile.length ? `; hostile inputs ${hostile.length - hostileMissed.length} of ${hostile.length} met` : '') +
    (reader.length ? `; reader memory ${reader.length - readerMissed.length} of ${reader.length} met` : '') +
    (estimate
      ? `; estimate-10m ratio ${estimate.ratio.toFixed(2)}, both end to end (≥ ${ESTIMATE_RATIO_TARGET}: ${estimate.ratio >= ESTIMATE_RATIO_TARGET ? 'met' : 'MISSED'})`
      : ''),
);
if (
  disagree.length > 0 ||
  (options.strict &&
    (missedRatio.length > 0 || missedMemory.length > 0 || estimateMissed || startupMissed || hostileMissed.length > 0 || readerMissed.length > 0))
)
  process.exitCode = 1;

/** Share of all cores' time not idle over one second (other processes; this one is waiting). */
async function cpuBusy() {
  const sample = () =>
    cpus().reduce((acc, cpu) => ({ idle: acc.idle + cpu.times.idle, total: acc.total + Object.values(cpu.times).reduce((a, b) => a + b, 0) }), {
      idle: 0,
      total: 0,
    });
  const first = sample();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const second = sample();
  const total = second.total - first.total;
  return total > 0 ? 1 - (second.idle - first.idle) / total : 0;
}

/** The scenario files must hold the peer's canonical tasks exactly: p_t = (t + 0.5)/T, fixed. */
function requireCanonical(name, scenario) {
  const { successRate, count, resample } = scenario.tasks;
  const values = successRate.dist === 'fixed' ? successRate.values : null;
  const canonical = values !== null && !resample && values.every((p, t) => p === (t + 0.5) / count);
  if (!canonical) throw new Error(`bench: bench/scenarios/${name}.yaml must have fixed tasks p_t = (t + 0.5)/T (the peer's canonical tasks)`);
}

function printTable(head, body) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(line(widths.map((w) => '─'.repeat(w))));
  for (const r of body) console.log(line(r));
}
