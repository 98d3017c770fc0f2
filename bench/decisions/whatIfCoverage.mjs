// `pnpm decision-study:whatif`: does the interval of a what-if from a log (`simulate --tasks-from`:
// tasks.measured, the population refitted per block of 64 replicates to a bootstrap resample of the
// log's tasks) cover the TRUE value at its 95 % level, within the log's trials (k ≤ n) and beyond
// them (k > n, model-based)? Each run draws a log from a known task population (T tasks × n trials),
// fits it as `simulate --tasks-from` does (fitTasks, the model of lower AIC, resample: true), adds
// the log's counts as tasks.measured and simulates K = 2n attempts under a known verifier; the truth
// is the closed form (analytic exactMetrics) of the same policy on the true population. Beside it:
// the coverage of what the summary claimed before: the fit fixed at its MLE, value ± 1.96 SE.
// Prints a Markdown table (docs/what-ifs.md).
// Options: --runs N (default 400 per cell), --replicates R (default 1024 = 16 blocks per run),
// --tasks T,… (default 80,30), --trials n (default 5), --population fitted,perTask (default both).
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { binomial, beta, exactValuesFor, fitTasks, posteriorTasks, resolveScenario, simulate, streamRng } from '../../packages/sim/dist/index.js';

/** Known task populations the logs are drawn from (file form), with a sampler of one task's rate. */
export const TRUTHS = {
  'beta(0.6, 0.9)': {
    successRate: { dist: 'beta', a: 0.6, b: 0.9 },
    draw: (rng) => beta(rng, 0.6, 0.9),
  },
  'π0 0.3, π1 0.1, beta(2, 3)': {
    successRate: {
      dist: 'mixture',
      components: [
        { weight: 0.3, dist: 'point', p: 0 },
        { weight: 0.1, dist: 'point', p: 1 },
        { weight: 0.6, dist: 'beta', a: 2, b: 3 },
      ],
    },
    draw: (rng) => {
      const u = rng.uniform();
      return u < 0.3 ? 0 : u < 0.4 ? 1 : beta(rng, 2, 3);
    },
  },
};

/** A known verifier (not measured): delivery then differs from coverage. */
const VERIFIER = { falseAccept: 0.05, falseReject: 0.1 };
export const METRICS = ['coverage', 'deliveredCorrect'];

/**
 * Coverage of the what-if interval for one truth: `runs` logs of `tasks` × `trials`, each simulated
 * with K = 2·trials and `replicates` replicates, the population drawn per block as `population` says
 * (fitted: the refit population; perTask: each resampled task's posterior). Returns per metric and k:
 * covered, covered by the summary before tasks.measured (the fit fixed at its MLE, value ± 1.96 SE),
 * the mean half-width, and the runs.
 */
export function whatIfCoverage({ truth, tasks, trials, runs, replicates, seed = 2026, ks, population = 'fitted' }) {
  const K = 2 * trials;
  const known = TRUTHS[truth];
  const policy = { maxAttempts: K };
  const exact = exactValuesFor(resolveScenario({ tasks: { count: tasks, successRate: known.successRate, resample: true }, verifier: VERIFIER, policy }));
  const rng = streamRng(seed, 'what-if-coverage', truth, tasks, trials);
  const tally = {};
  const checked = ks ?? [1, trials, K];
  for (let run = 0; run < runs; run++) {
    const log = [];
    for (let t = 0; t < tasks; t++) log.push({ n: trials, c: binomial(rng, trials, known.draw(rng)) });
    let fit;
    try {
      fit = fitTasks(log);
    } catch {
      continue; // a log with nothing to fit (no success or no failure): passk refuses it too
    }
    const input = {
      seed: `${seed}-${run}`,
      tasks: { ...(population === 'perTask' ? posteriorTasks(log, fit) : fit.scenarioTasks), resample: true },
      verifier: VERIFIER,
      policy,
      run: { replicates },
    };
    const measured = { trials: log.map((x) => x.n), successes: log.map((x) => x.c), population };
    const rows = simulate(resolveScenario({ ...input, tasks: { ...input.tasks, measured } })).rows;
    const before = simulate(resolveScenario(input)).rows;
    if (process.env.WHATIF_PROGRESS) process.stderr.write(`\r${truth} ${tasks}×${trials} ${population}: ${run + 1}/${runs}`);
    for (const metric of METRICS) {
      for (const k of checked) {
        const key = `${metric}@${k}`;
        const t = exact[metric][k - 1];
        const { interval } = rows[k - 1][metric];
        const old = before[k - 1][metric];
        const cell = (tally[key] ??= { covered: 0, beforeCovered: 0, width: 0, runs: 0 });
        cell.runs++;
        if (interval.lower <= t && t <= interval.upper) cell.covered++;
        if (Math.abs(old.value - t) <= 1.96 * old.se) cell.beforeCovered++;
        cell.width += (interval.upper - interval.lower) / 2;
      }
    }
  }
  return tally;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '400' },
      replicates: { type: 'string', default: '1024' },
      tasks: { type: 'string', default: '80,30' },
      trials: { type: 'string', default: '5' },
      population: { type: 'string', default: 'fitted,perTask' },
    },
  });
  const runs = Number(values.runs);
  const replicates = Number(values.replicates);
  const trials = Number(values.trials);
  const started = performance.now();
  process.stdout.write(
    `what-if coverage: ${runs} logs per cell of T tasks × ${trials} trials, ${replicates} replicates each ` +
      `(${Math.ceil(replicates / 64)} blocks), K = ${2 * trials}, verifier fa ${VERIFIER.falseAccept} fr ${VERIFIER.falseReject}; ` +
      `${cpus().length} cores, load ${loadavg()[0].toFixed(2)}\n\n`,
  );
  process.stdout.write('| truth | T | population | metric@k | basis | coverage (± SE) | before (fit fixed, ± 1.96 SE) | mean half-width |\n');
  process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- |\n');
  let cells = 0;
  let below = 0;
  for (const tasks of values.tasks.split(',').map(Number)) {
    for (const population of values.population.split(',')) {
      for (const truth of Object.keys(TRUTHS)) {
        const tally = whatIfCoverage({ truth, tasks, trials, runs, replicates, population });
        for (const [key, cell] of Object.entries(tally)) {
          const k = Number(key.split('@')[1]);
          const coverage = cell.covered / cell.runs;
          const se = Math.sqrt((coverage * (1 - coverage)) / cell.runs);
          cells++;
          if (coverage + 2 * Math.sqrt((0.95 * 0.05) / cell.runs) < 0.95) below++;
          process.stdout.write(
            `| ${truth} | ${tasks} | ${population} | ${key} | ${k <= trials ? 'observed' : 'model'} | ${(coverage * 100).toFixed(1)} % ± ${(se * 100).toFixed(1)} | ` +
              `${((cell.beforeCovered / cell.runs) * 100).toFixed(1)} % | ${((cell.width / cell.runs) * 100).toFixed(2)} pp |\n`,
          );
        }
      }
    }
  }
  process.stdout.write(
    `\n${cells} cells; ${below} below 95 % by more than 2 binomial SE of the nominal rate; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
}
