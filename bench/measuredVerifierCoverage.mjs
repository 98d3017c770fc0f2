// `pnpm bench:measured-verifier`: does the interval `passk simulate` reports with a measured verifier
// (verifier.measured: rates drawn per block of 64 replicates from their Jeffreys posteriors) cover
// the value at the TRUE rates at its 95 % level? For each cell — true false accept / false reject,
// measurement size n (n wrong and n right attempts judged), and engine path — each run draws the
// "measurement" (accepted ~ Binomial(n, fa), rejected ~ Binomial(n, fr)), simulates with those
// counts (its own seed), and checks whether delivered correct / delivered wrong at k = 1 and k = K
// (and abstained) lie in the interval. The truth is the closed form at the true rates (path "closed form": 20 fixed
// tasks, sequential, first accepted, K = 4), or a long simulation at the true rates (path "between
// blocks": lognormal cost under a cost cap, where no closed form exists; its own Monte Carlo SE is
// printed). Beside it: the coverage of the Monte Carlo interval alone (value ± 1.96 SE), i.e. what a
// what-if that took the measured rates as exact would claim; and, on the same measurements, the coverage of
// the interval on the probability scale (value ± t·√V cut to [0, 1], drawInterval before it moved to
// the logit scale) and the delta method on the logit scale that the closed-form path reported before
// its parameter part moved to the draws' logits (`earlierIntervals`). Prints a Markdown table (docs/verifiers.md).
// Options: --runs N (default 400 per cell), --replicates R (default 6400 = 100 blocks per run),
// --path 'closed form' | 'between blocks' (default both), --seed S (default 2026: the docs' table; another
// seed draws fresh measurements and simulation seeds), --rates fa:fr,… and --sizes n,… (default all:
// rerun chosen cells alone).
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { binomial, resolveScenario, simulate, exactValuesFor, streamRng } from '../packages/sim/dist/internal.js';
import { earlierIntervals } from './decisions/whatIfCoverage.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '400' },
    replicates: { type: 'string', default: '6400' },
    path: { type: 'string' },
    seed: { type: 'string', default: '2026' },
    rates: { type: 'string' },
    sizes: { type: 'string' },
  },
});
const SEED = Number(values.seed);
const RUNS = Number(values.runs);
const REPLICATES = Number(values.replicates);
const K = 4;
const P = [0.1, 0.3, 0.5, 0.7, 0.9].flatMap((p) => [p, p, p, p]); // 20 tasks
const RATES = [
  { fa: 0.05, fr: 0.02 },
  { fa: 0.2, fr: 0.05 },
  { fa: 0.5, fr: 0.2 },
].filter(({ fa, fr }) => values.rates === undefined || values.rates.split(',').includes(`${fa}:${fr}`));
const SIZES = [30, 200, 2000].filter((n) => values.sizes === undefined || values.sizes.split(',').map(Number).includes(n));
const PATHS = ['closed form', 'between blocks'].filter((path) => values.path === undefined || path === values.path);
const METRICS = ['deliveredCorrect', 'deliveredWrong', 'abstained'];

function scenario(path, verifier, seed, replicates) {
  return resolveScenario({
    seed,
    tasks: { count: P.length, successRate: { dist: 'fixed', values: P } },
    ...(path === 'between blocks' ? { attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } } } : {}),
    verifier,
    policy: { maxAttempts: K, ...(path === 'between blocks' ? { budget: { cost: 0.06 } } : {}) },
    run: { replicates },
  });
}

/** The value at the true rates per metric and k index: closed form, or a long simulation (with its SE). */
function truthOf(path, rates) {
  const truthScenario = scenario(path, { falseAccept: rates.fa, falseReject: rates.fr }, 'truth', 64 * 4000);
  if (path === 'closed form') {
    const exact = exactValuesFor(truthScenario);
    return Object.fromEntries(METRICS.map((m) => [m, exact[m].map((value) => ({ value, se: 0 }))]));
  }
  const rows = simulate(truthScenario).rows;
  return Object.fromEntries(METRICS.map((m) => [m, rows.map((row) => ({ value: row[m].value, se: row[m].se }))]));
}

const started = performance.now();
process.stdout.write(
  `measured-verifier coverage: ${RUNS} measurements per cell, ${REPLICATES} replicates each (${REPLICATES / 64} blocks), K = ${K}, 20 tasks, seed ${SEED}; ` +
    `${cpus().length} cores, load ${loadavg()[0].toFixed(2)}\n\n`,
);
process.stdout.write(
  '| path | fa | fr | n | metric | coverage (± SE) | delta method (before) | probability scale | MC-only coverage | mean half-width | truth SE |\n',
);
process.stdout.write(`|${' --- |'.repeat(11)}\n`);
let cells = 0;
let below = 0;
let deltaBelow = 0;
let normalBelow = 0;
for (const path of PATHS) {
  for (const rates of RATES) {
    const truth = truthOf(path, rates);
    for (const n of SIZES) {
      const rng = streamRng(SEED, 'measured-verifier-coverage', path, rates.fa, rates.fr, n);
      const tally = {};
      for (let run = 0; run < RUNS; run++) {
        const measured = { falseAccept: { accepted: binomial(rng, n, rates.fa), wrong: n }, falseReject: { rejected: binomial(rng, n, rates.fr), right: n } };
        const summary = simulate(scenario(path, { measured }, SEED === 2026 ? run : `${SEED}-${run}`, REPLICATES));
        const rows = summary.rows;
        const earlier = earlierIntervals(summary);
        for (const metric of METRICS) {
          for (const i of [0, K - 1]) {
            const key = `${metric}@${i + 1}`;
            const t = truth[metric][i].value;
            const { value, se, interval } = rows[i][metric];
            const cell = (tally[key] ??= { covered: 0, deltaCovered: 0, normalCovered: 0, mcCovered: 0, width: 0 });
            if (interval.lower <= t && t <= interval.upper) cell.covered++;
            const { delta, probability: normal } = earlier(metric, i + 1);
            if (delta.lower <= t && t <= delta.upper) cell.deltaCovered++;
            if (normal.lower <= t && t <= normal.upper) cell.normalCovered++;
            if (Math.abs(value - t) <= 1.96 * se) cell.mcCovered++;
            cell.width += (interval.upper - interval.lower) / 2;
          }
        }
      }
      for (const metric of METRICS) {
        for (const i of [0, K - 1]) {
          const key = `${metric}@${i + 1}`;
          const cell = tally[key];
          const coverage = cell.covered / RUNS;
          const se = Math.sqrt((coverage * (1 - coverage)) / RUNS);
          const normal = cell.normalCovered / RUNS;
          const delta = cell.deltaCovered / RUNS;
          cells++;
          if (coverage + 2 * Math.sqrt((0.95 * 0.05) / RUNS) < 0.95) below++;
          if (delta + 2 * Math.sqrt((0.95 * 0.05) / RUNS) < 0.95) deltaBelow++;
          if (normal + 2 * Math.sqrt((0.95 * 0.05) / RUNS) < 0.95) normalBelow++;
          process.stdout.write(
            `| ${path} | ${rates.fa} | ${rates.fr} | ${n} | ${key} | ${(coverage * 100).toFixed(1)} % ± ${(se * 100).toFixed(1)} | ${(delta * 100).toFixed(1)} % | ` +
              `${(normal * 100).toFixed(1)} % | ` +
              `${((cell.mcCovered / RUNS) * 100).toFixed(1)} % | ${((cell.width / RUNS) * 100).toFixed(2)} pp | ${(truth[metric][i].se * 100).toFixed(3)} pp |\n`,
          );
        }
      }
    }
  }
}
process.stdout.write(
  `\n${cells} cells; below 95 % by more than 2 binomial SE of the nominal rate: ${below} as reported, ` +
    `${deltaBelow} by the delta method before, ${normalBelow} on the probability scale; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
