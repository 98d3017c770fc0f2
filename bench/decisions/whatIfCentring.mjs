// `node bench/decisions/whatIfCentring.mjs`: which centre and which interval shape make the what-if
// interval from a log cover (issue #41, the dependent study at 91 %)? Without simulating: per log
// drawn from a known truth (as whatIfCoverage.mjs draws them), the closed forms (exactValuesFor) at
// the fit's MLE and at each block's draw (blockScenario, the draws `simulate` makes), and the
// coverage of the true closed form by: the mean of the draws ± t·sd (what summarise centres on),
// the MLE ± t·sd, the bias-corrected 2·MLE − mean ± t·sd, the percentile interval of the draws and
// the basic bootstrap interval 2·MLE − quantiles, mean ± t·sd on the logit scale of the draws, and the
// logit intervals `simulate` reported (drawInterval: the delta method from the draws' variance) and
// reports (mean ± t·sd of the draws' logits, clamped as for T × 640 episodes: drawLogit). Monte Carlo noise is left out (it is small beside
// the draws' spread at 640 replicates). Options: --runs N (default 100), --blocks B (default 10),
// --study separate,dependent, --seed S, --refit aic|chosen, --truths i,… (below).
import { parseArgs } from 'node:util';
import { exactValuesFor, resolveScenario, streamRng, studentTQuantile } from '../../packages/sim/dist/internal.js';
import { blockScenario } from '../../packages/sim/dist/uncertainty/blockScenario.js';
import { drawInterval } from '../../packages/sim/dist/uncertainty/drawInterval.js';
import { logitMoments } from '../../packages/sim/dist/uncertainty/drawLogit.js';
import { METRICS, TRUTHS, chosenTruths, dependentRuns, dependentTruthExact, separateRuns } from './whatIfCoverage.mjs';

const VERIFIER = { falseAccept: 0.05, falseReject: 0.1 };
/** Replicates the coverage study simulates per log (its docs' command): the draws' logits are clamped at what T × that many episodes show. */
const EPISODES_REPLICATES = 640;
const METHODS = [
  'mean ± t·sd',
  'MLE ± t·sd',
  '2·MLE − mean ± t·sd',
  'percentile',
  'basic',
  'logit: mean ± t·sd',
  'logit, delta method (before)',
  'logit: mean ± t·sd, clamped at 1/(2N + 2) (built)',
];

function quantile(sorted, q) {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] ?? sorted[lo]) - sorted[lo]);
}

/** Mean ± t·sd of the draws on the logit scale, mapped back (a rate near 0 or 1 is skewed); draws at 0 or 1 kept 1e-9 inside. */
function logitInterval(draws, t) {
  const logit = (p) => Math.log(Math.min(Math.max(p, 1e-9), 1 - 1e-9) / (1 - Math.min(Math.max(p, 1e-9), 1 - 1e-9)));
  const z = draws.map(logit);
  const mean = z.reduce((a, b) => a + b, 0) / z.length;
  const sd = Math.sqrt(z.reduce((a, b) => a + (b - mean) ** 2, 0) / (z.length - 1));
  const expit = (x) => 1 / (1 + Math.exp(-x));
  return [expit(mean - t * sd), expit(mean + t * sd)];
}

/**
 * What summarise reported after issue #41's first change (drawInterval's delta method): logit(mean) ±
 * t·sd/(mean(1 − mean)), mapped back; or, with `logit` (the draws' logits' mean and variance, logitMoments), what
 * it reports since the second: mean ± t·sd of the draws' logits (clamped at 0 and 1). No Monte Carlo part.
 */
function deltaInterval(mean, variance, B, logit = null) {
  const { lower, upper } = drawInterval(mean, variance, 0, B, { min: 0, max: 1 }, 'closedForm', undefined, logit);
  return [lower, upper];
}

function intervals(mle, draws, episodes) {
  const B = draws.length;
  const mean = draws.reduce((a, b) => a + b, 0) / B;
  const sd = Math.sqrt(draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (B - 1));
  const half = studentTQuantile(0.975, B - 1) * sd;
  const sorted = [...draws].sort((a, b) => a - b);
  const lo = quantile(sorted, 0.025);
  const hi = quantile(sorted, 0.975);
  const bc = 2 * mle - mean;
  return [
    [mean - half, mean + half],
    [mle - half, mle + half],
    [bc - half, bc + half],
    [lo, hi],
    [2 * mle - hi, 2 * mle - lo],
    logitInterval(draws, studentTQuantile(0.975, B - 1)),
    deltaInterval(mean, sd * sd, B),
    deltaInterval(mean, sd * sd, B, logitMoments(draws, episodes)),
  ];
}

function tally(cells, key, truth, mle, draws, episodes) {
  const cell = (cells[key] ??= { covered: METHODS.map(() => 0), width: METHODS.map(() => 0), bias: 0, runs: 0, errors: 0, errors2: 0, var: 0 });
  cell.runs++;
  const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
  cell.bias += mean - mle;
  cell.errors += mle - truth;
  cell.errors2 += (mle - truth) ** 2;
  cell.var += draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (draws.length - 1);
  intervals(mle, draws, episodes).forEach(([l, u], i) => {
    if (l <= truth + 1e-12 && truth <= u + 1e-12) cell.covered[i]++;
    cell.width[i] += (u - l) / 2;
  });
}

function addRun(cells, prefix, exact, mleExact, drawExact, ks, episodes) {
  for (const metric of METRICS) {
    for (const k of ks) {
      tally(
        cells,
        `${prefix} | ${metric}@${k}`,
        exact[metric][k - 1],
        mleExact[metric][k - 1],
        drawExact.map((e) => e[metric][k - 1]),
        episodes,
      );
    }
  }
}

function print(cells) {
  process.stdout.write(
    `| cell | runs | ${METHODS.join(' | ')} | mean − MLE | sd(MLE − truth) / √mean(bootstrap var) | mean(MLE − truth) / sd(MLE − truth) |\n|${' --- |'.repeat(METHODS.length + 5)}\n`,
  );
  for (const [key, cell] of Object.entries(cells)) {
    const cov = cell.covered.map((c, i) => `${((c / cell.runs) * 100).toFixed(1)} % (${((cell.width[i] / cell.runs) * 100).toFixed(2)})`);
    process.stdout.write(
      `| ${key} | ${cell.runs} | ${cov.join(' | ')} | ${((cell.bias / cell.runs) * 100).toFixed(3)} pp | ${(Math.sqrt((cell.errors2 - cell.errors ** 2 / cell.runs) / (cell.runs - 1)) / Math.sqrt(cell.var / cell.runs)).toFixed(3)} | ${(cell.errors / cell.runs / Math.sqrt((cell.errors2 - cell.errors ** 2 / cell.runs) / (cell.runs - 1))).toFixed(2)} |\n`,
    );
  }
}

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    blocks: { type: 'string', default: '10' },
    study: { type: 'string', default: 'separate,dependent' },
    seed: { type: 'string', default: '2026' },
    refit: { type: 'string', default: 'aic' },
    truths: { type: 'string' },
  },
});
// --refit aic|chosen: as whatIfCoverage.mjs (all four models refitted per draw, the lowest AIC kept; or the log's chosen model alone);
// --truths i,…: the dependent truths to run (1-based; default all; chosenTruths).
const runs = Number(values.runs);
const B = Number(values.blocks);
const seed = Number(values.seed);
const cells = {};
const started = performance.now();
if (values.study.includes('dependent')) {
  for (const [truth, known] of Object.entries(chosenTruths(values.truths))) {
    const tasks = known.stopping === 'fixed' ? 100 : 200;
    const K = 2 * known.length;
    const policy = { maxAttempts: K };
    const exact = dependentTruthExact(known, tasks, policy);
    const rng = streamRng(seed, 'what-if-centring', 'dependent', truth, tasks);
    for (const { run, input, measured } of dependentRuns({ rng, truth, tasks, runs, seed, policy, refit: values.refit })) {
      const mle = exactValuesFor(resolveScenario(input));
      const scenario = resolveScenario({ ...input, tasks: { ...input.tasks, measured } });
      const draws = Array.from({ length: B }, (_, b) => exactValuesFor(blockScenario(scenario, b)));
      addRun(cells, `${truth.split(',')[0]} | T ${tasks}`, exact, mle, draws, [1, known.length, K], tasks * EPISODES_REPLICATES);
      process.stderr.write(`\r${truth} ${run + 1}/${runs}`);
    }
  }
}
if (values.study.includes('separate')) {
  const trials = 5;
  for (const tasks of [80, 30]) {
    for (const [truth, known] of Object.entries(TRUTHS)) {
      const K = 2 * trials;
      const policy = { maxAttempts: K };
      const exact = exactValuesFor(resolveScenario({ tasks: { count: tasks, successRate: known.successRate, resample: true }, verifier: VERIFIER, policy }));
      const rng = streamRng(seed, 'what-if-centring', truth, tasks, trials);
      for (const { run, input, measured } of separateRuns({ rng, truth, tasks, trials, runs, seed, policy })) {
        const mle = exactValuesFor(resolveScenario(input));
        const scenario = resolveScenario({ ...input, tasks: { ...input.tasks, measured } });
        const draws = Array.from({ length: B }, (_, b) => exactValuesFor(blockScenario(scenario, b)));
        addRun(cells, `${truth} | T ${tasks}`, exact, mle, draws, [1, trials, K], tasks * EPISODES_REPLICATES);
        process.stderr.write(`\r${truth} ${tasks} ${run + 1}/${runs}`);
      }
    }
  }
}
process.stderr.write('\n');
process.stdout.write(
  `${runs} logs per truth, ${B} draws each (closed forms, no Monte Carlo noise); ${((performance.now() - started) / 1000).toFixed(0)} s\n\n`,
);
print(cells);
