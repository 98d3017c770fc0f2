// `pnpm decision-study:whatif`: does the interval of a what-if from a log (`simulate --tasks-from`:
// tasks.measured, the population refitted per block of 64 replicates to a bootstrap resample of the
// log's tasks) cover the TRUE value at its 95 % level, within the log's trials (k ≤ n) and beyond
// them (k > n, model-based)? Each run draws a log from a known task population (T tasks × n trials),
// fits it as `simulate --tasks-from` does (fitTasks, the model of lower AIC, resample: true), adds
// the log's counts as tasks.measured and simulates K = 2n attempts under a known verifier; the truth
// is the closed form (analytic exactMetrics) of the same policy on the true population. Beside it:
// the coverage of what the summary claimed before: the fit fixed at its MLE, value ± 1.96 SE; and, on
// the same logs, the coverage of the interval on the probability scale (value ± t·√V cut to [0, 1],
// drawInterval before it moved to the logit scale, recovered from the delta-method logit interval).
// Prints a Markdown table (docs/what-ifs.md).
// The same for logs with retries in episodes (attempt-ordered, `--episode-col`): logs drawn from a
// known Beta population and a known feedback model (DEPENDENT_TRUTHS), fitted as `simulate
// --tasks-from` fits them (the four dependence models by maximum likelihood, the lowest AIC chosen;
// tasks.measured.episodes), so that every block refits the chosen model to a bootstrap resample.
// Options: --runs N (default 400 per cell), --replicates R (default 1024 = 16 blocks per run),
// --tasks T,… (default 80,30), --trials n (default 5), --population fitted,perTask (default both),
// --study separate,dependent (default both), --dependent-tasks T,T (default 100,200: T of each
// dependent truth), --refit aic|chosen (default aic: all four models refitted per block, as
// simulate --tasks-from does; chosen: the log's chosen model alone), --seed S (default 2026, the docs'
// tables; another seed draws fresh logs and simulation seeds), --truths i,… (dependent truths to run,
// 1-based; default all). Beside the interval reported, on the same runs: the delta method it replaced
// where a closed form exists (`earlierIntervals`) and the probability-scale normal before that.
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { binomial, beta, exactValuesFor, fitTasks, posteriorTasks, resolveScenario, simulate, streamRng } from '../../packages/sim/dist/internal.js';
import { DEPENDENCE_MODELS } from '../../packages/sim/dist/dependence/dependenceModels.js';
import { episodeData } from '../../packages/sim/dist/dependence/episodeData.js';
import { fitDependenceModel } from '../../packages/sim/dist/dependence/fitDependenceModel.js';
import { DRAW_INTERVAL_SCALES, drawInterval } from '../../packages/sim/dist/uncertainty/drawInterval.js';
import { exactSpreadOverDraws } from '../../packages/sim/dist/uncertainty/exactOverDraws.js';

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
 * covered, covered by the probability-scale interval (`probabilityScaleInterval`), covered by the
 * summary before tasks.measured (the fit fixed at its MLE, value ± 1.96 SE), the mean half-width, and the runs.
 */
export function whatIfCoverage({ truth, tasks, trials, runs, replicates, seed = 2026, ks, population = 'fitted' }) {
  const K = 2 * trials;
  const known = TRUTHS[truth];
  const policy = { maxAttempts: K };
  const exact = exactValuesFor(resolveScenario({ tasks: { count: tasks, successRate: known.successRate, resample: true }, verifier: VERIFIER, policy }));
  const rng = streamRng(seed, 'what-if-coverage', truth, tasks, trials);
  const tally = {};
  const checked = ks ?? [1, trials, K];
  for (const { run, input, measured } of separateRuns({ rng, truth, tasks, trials, runs, seed, population, policy, replicates })) {
    const summary = simulate(resolveScenario({ ...input, tasks: { ...input.tasks, measured } }));
    const before = simulate(resolveScenario(input)).rows;
    if (process.env.WHATIF_PROGRESS) process.stderr.write(`\r${truth} ${tasks}×${trials} ${population}: ${run + 1}/${runs}`);
    tallyRows(tally, summary, before, exact, checked);
  }
  return tally;
}

/**
 * The runs of a study on separate runs, as both studies draw them (whatIfCoverage here,
 * whatIfCentring.mjs): per run a log of `tasks` × `trials` drawn with `rng` from TRUTHS[truth], fitted
 * as `simulate --tasks-from` fits it (fitTasks; a log with nothing to fit, no success or no failure,
 * is skipped: passk refuses it too); yields the run's index, the scenario input with the fit fixed
 * (population 'perTask': each task's posterior; seed `${seed}-${run}`; `run.replicates` when given)
 * and the log's tasks.measured.
 */
export function* separateRuns({ rng, truth, tasks, trials, runs, seed, population = 'fitted', policy, replicates }) {
  const known = TRUTHS[truth];
  for (let run = 0; run < runs; run++) {
    const log = [];
    for (let t = 0; t < tasks; t++) log.push({ n: trials, c: binomial(rng, trials, known.draw(rng)) });
    let fit;
    try {
      fit = fitTasks(log);
    } catch {
      continue;
    }
    const input = {
      seed: `${seed}-${run}`,
      tasks: { ...(population === 'perTask' ? posteriorTasks(log, fit) : fit.scenarioTasks), resample: true },
      verifier: VERIFIER,
      policy,
      ...(replicates === undefined ? {} : { run: { replicates } }),
    };
    yield { run, input, measured: { trials: log.map((x) => x.n), successes: log.map((x) => x.c), population } };
  }
}

/**
 * The runs of a study with dependent retries, as both studies draw them: per run a log of `tasks`
 * tasks drawn with `rng` from DEPENDENT_TRUTHS[truth] (drawDependentLog), fitted as `simulate
 * --tasks-from` fits it (fitEpisodes; a log with nothing to fit is skipped); yields the run's index,
 * the fit, the scenario input with the fit fixed (seed `${seed}-${run}`; `run.replicates` when given)
 * and the log's tasks.measured refitting `refit` per block ('aic': all four models; 'chosen': the fit's).
 */
export function* dependentRuns({ rng, truth, tasks, runs, seed, policy, replicates, refit = 'aic' }) {
  const known = DEPENDENT_TRUTHS[truth];
  for (let run = 0; run < runs; run++) {
    const log = drawDependentLog(rng, known, tasks);
    const fit = fitEpisodes(log, known.stopping);
    if (fit === null) continue;
    const measured = episodesMeasurement(log, known.stopping, refit === 'aic' ? 'aic' : fit.model);
    const input = {
      seed: `${seed}-${run}`,
      tasks: { count: tasks, successRate: fit.successRate, resample: true },
      attempts: { correlation: fit.correlation },
      verifier: VERIFIER,
      policy,
      ...(replicates === undefined ? {} : { run: { replicates } }),
    };
    yield { run, fit, input, measured };
  }
}

/**
 * Known truths with dependent retries: p_t ~ Beta(a, b) and feedback afterFailure η (after a failed
 * attempt p ← p + η(1 − p) for η ≥ 0, p ← p(1 + η) for η < 0; docs/design.md §3), logged as
 * `episodes` episodes of `length` attempts per task, every attempt run (fixed) or stopping at the
 * first success (untilSuccess; LDB's debug loop, Aider's tries).
 */
export const DEPENDENT_TRUTHS = {
  'feedback 0.15, beta(0.6, 1.4), 1 episode × 5 fixed': { a: 0.6, b: 1.4, afterFailure: 0.15, episodes: 1, length: 5, stopping: 'fixed' },
  'feedback −0.4, beta(1.4, 0.6), 1 episode ≤ 5 untilSuccess': { a: 1.4, b: 0.6, afterFailure: -0.4, episodes: 1, length: 5, stopping: 'untilSuccess' },
};

/** One episode of a task with rate p under feedback η (written out here, independently of the engine). */
export function drawEpisode(rng, p, afterFailure, length, untilSuccess) {
  const outcomes = [];
  let rate = p;
  for (let a = 0; a < length; a++) {
    const ok = rng.uniform() < rate;
    outcomes.push(ok);
    if (ok && untilSuccess) break;
    if (!ok) rate = afterFailure >= 0 ? rate + afterFailure * (1 - rate) : rate * (1 + afterFailure);
  }
  return outcomes;
}

/**
 * The fit `simulate --tasks-from` makes of a log with episodes (fitDependence's models and choice,
 * without its intervals and test): the chosen model's population, correlation and name, or null when
 * the log has nothing to fit (no success or no failure).
 */
export function fitEpisodes(tasks, stopping) {
  const outcomes = tasks.flatMap((task) => task.episodes.flat());
  if (!outcomes.some(Boolean) || outcomes.every(Boolean)) return null;
  const data = episodeData(tasks, stopping);
  let first = 0;
  let episodes = 0;
  for (const task of tasks) {
    for (const episode of task.episodes) {
      episodes++;
      if (episode[0]) first++;
    }
  }
  const models = DEPENDENCE_MODELS.map((model) => fitDependenceModel(data, model, 0.95, first / episodes, 'none'));
  const chosen = models.reduce((best, model) => (model.aic < best.aic - 1e-9 ? model : best), models[0]);
  const { alpha, beta: b } = chosen.population;
  const successRate = Number.isFinite(alpha) && Number.isFinite(b) ? { dist: 'beta', a: alpha, b } : { dist: 'point', p: chosen.parameters.mean.estimate };
  return { successRate, correlation: chosen.correlation, model: chosen.model };
}

/** The entries of DEPENDENT_TRUTHS that `--truths i,…` names (1-based, in their order); all without the option. */
export function chosenTruths(option) {
  const chosen = option === undefined ? null : option.split(',').map(Number);
  return Object.fromEntries(Object.entries(DEPENDENT_TRUTHS).filter((_, i) => chosen === null || chosen.includes(i + 1)));
}

/** The closed form (exactValuesFor) of `policy` under a dependent truth's Beta tasks and feedback retries. */
export function dependentTruthExact(known, tasks, policy) {
  return exactValuesFor(
    resolveScenario({
      tasks: { count: tasks, successRate: { dist: 'beta', a: known.a, b: known.b }, resample: true },
      attempts: { correlation: { model: 'feedback', afterFailure: known.afterFailure } },
      verifier: VERIFIER,
      policy,
    }),
  );
}

/** A log of `tasks` tasks drawn from a dependent truth: each task's p from its Beta, then its episodes. */
export function drawDependentLog(rng, known, tasks) {
  const log = [];
  for (let t = 0; t < tasks; t++) {
    const p = beta(rng, known.a, known.b);
    log.push({
      episodes: Array.from({ length: known.episodes }, () => drawEpisode(rng, p, known.afterFailure, known.length, known.stopping === 'untilSuccess')),
    });
  }
  return log;
}

/** The scenario's tasks.measured of a drawn log (as simulate --tasks-from writes it), refitting `model` per block. */
export function episodesMeasurement(log, stopping, model) {
  return {
    trials: log.map((task) => task.episodes.reduce((sum, e) => sum + e.length, 0)),
    successes: log.map((task) => task.episodes.reduce((sum, e) => sum + e.filter(Boolean).length, 0)),
    population: 'fitted',
    episodes: {
      outcomes: log.map((task) => task.episodes.map((e) => e.map((x) => (x ? '1' : '0')).join('')).join(' ')),
      stopping,
      model,
    },
  };
}

/**
 * Coverage of the what-if interval for a log with dependent retries: `runs` logs of `tasks` tasks
 * drawn from DEPENDENT_TRUTHS[truth], each fitted (fitEpisodes) and simulated with K = 2·length and
 * `replicates` replicates, the dependence model and its tasks refitted per block (tasks.measured.episodes):
 * refit 'aic' (as simulate --tasks-from writes it) refits all four models and keeps the lowest AIC,
 * 'chosen' refits the model chosen on the log alone.
 * The truth is the closed form (exactValuesFor) of the same policy under the true Beta and feedback.
 * Returns per metric and k as whatIfCoverage, plus `chosen`: how often each model was chosen.
 */
export function dependentWhatIfCoverage({ truth, tasks, runs, replicates, seed = 2026, ks, refit = 'aic' }) {
  const known = DEPENDENT_TRUTHS[truth];
  const K = 2 * known.length;
  const policy = { maxAttempts: K };
  const exact = dependentTruthExact(known, tasks, policy);
  const rng = streamRng(seed, 'what-if-coverage', 'dependent', truth, tasks);
  const tally = {};
  const chosen = {};
  const checked = ks ?? [1, known.length, K];
  for (const { run, fit, input, measured } of dependentRuns({ rng, truth, tasks, runs, seed, policy, replicates, refit })) {
    chosen[fit.model] = (chosen[fit.model] ?? 0) + 1;
    const summary = simulate(resolveScenario({ ...input, tasks: { ...input.tasks, measured } }));
    const before = simulate(resolveScenario(input)).rows;
    if (process.env.WHATIF_PROGRESS) process.stderr.write(`\r${truth} ${tasks}: ${run + 1}/${runs}`);
    tallyRows(tally, summary, before, exact, checked);
  }
  return { tally, chosen };
}

/**
 * The interval a probability had before it moved to the logit scale (drawInterval until issue #41's
 * change): value ± t·√(V_θ + SE²) cut to [0, 1]. Recovered from the logit interval, which is
 * logistic(logit v ± h) with h = t·√(V_θ + SE²)/(v(1 − v)): so t·√(V_θ + SE²) = h·v(1 − v), h from
 * whichever bound is inside (0, 1) in floating point. An interval not on the logit scale (value at 0
 * or 1) is already that one.
 */
export function probabilityScaleInterval(value, interval) {
  if (!interval.method.includes('logit')) return interval;
  const logit = (p) => Math.log(p / (1 - p));
  const h = interval.lower > 0 ? logit(value) - logit(interval.lower) : logit(interval.upper) - logit(value);
  const half = h * value * (1 - value);
  return { lower: Math.max(0, value - half), upper: Math.min(1, value + half) };
}

/**
 * The intervals of a rate as `simulate` reported them before its parameter part moved to the draws'
 * logits (issue #41, second change), on the same run: per metric and k, the delta method on the logit
 * scale (`delta`: V_θ the variance of the closed forms over the same draws, exactSpreadOverDraws, plus
 * the reported Monte Carlo SE²) and the probability-scale normal recovered from it (`probability`).
 * Where the reported interval is already the delta method's (between blocks, or a value at 0 or 1) it
 * is returned as it is. The draws' closed forms are evaluated once per summary, when first needed.
 */
export function earlierIntervals(summary) {
  let overDraws = null;
  const draws = () =>
    (overDraws ??= exactSpreadOverDraws(
      summary.scenario,
      Array.from({ length: summary.drawn.blocks }, (_, b) => b),
      summary.episodes,
    ));
  return (metric, k) => {
    const { value, se, interval } = summary.rows[k - 1][metric];
    // An interval from the log's own episodes (issue #41, third change): the draws' logits it replaced.
    const fromLog = interval.method.startsWith('observed');
    const model = fromLog
      ? drawInterval(
          value,
          draws().spread[metric][k - 1],
          se ** 2,
          draws().draws,
          { min: 0, max: 1 },
          'closedForm',
          undefined,
          draws().logitDraws[metric][k - 1],
        )
      : interval;
    let delta = model;
    if (model.method.includes(DRAW_INTERVAL_SCALES.logitDraws)) {
      delta = drawInterval(value, draws().spread[metric][k - 1], se ** 2, draws().draws, { min: 0, max: 1 }, 'closedForm');
    }
    return { model, delta, probability: probabilityScaleInterval(value, delta) };
  };
}

/** Adds one run's intervals (and the fixed fit's ± 1.96 SE) against the truth to the tally, per metric and k. */
function tallyRows(tally, summary, before, exact, checked) {
  const rows = summary.rows;
  const earlier = earlierIntervals(summary);
  for (const metric of METRICS) {
    for (const k of checked) {
      const key = `${metric}@${k}`;
      const t = exact[metric][k - 1];
      const { interval } = rows[k - 1][metric];
      const old = before[k - 1][metric];
      const cell = (tally[key] ??= {
        covered: 0,
        modelCovered: 0,
        fromLog: 0,
        deltaCovered: 0,
        normalCovered: 0,
        beforeCovered: 0,
        width: 0,
        deltaWidth: 0,
        runs: 0,
      });
      cell.runs++;
      if (interval.lower <= t && t <= interval.upper) cell.covered++;
      const { model, delta, probability: normal } = earlier(metric, k);
      if (model.lower <= t && t <= model.upper) cell.modelCovered++;
      if (interval.method.startsWith('observed')) cell.fromLog++;
      if (delta.lower <= t && t <= delta.upper) cell.deltaCovered++;
      cell.deltaWidth += (delta.upper - delta.lower) / 2;
      if (normal.lower <= t && t <= normal.upper) cell.normalCovered++;
      if (Math.abs(old.value - t) <= 1.96 * old.se) cell.beforeCovered++;
      cell.width += (interval.upper - interval.lower) / 2;
    }
  }
}

/** Where a cell's reported intervals came from: the log's episodes (`log`), the model's draws (`draws`), or both (`log n/N`). */
function intervalFrom(cell) {
  return cell.fromLog === cell.runs ? 'log' : cell.fromLog === 0 ? 'draws' : `log ${cell.fromLog}/${cell.runs}`;
}

/**
 * One Markdown row per cell of a tally; returns [cells, cells more than 2 binomial SE below 95 %
 * (the interval reported), the same for the delta method before it (`earlierIntervals`), the same for
 * the probability-scale normal].
 */
function printTally(tally, prefix, observedUpTo) {
  let cells = 0;
  let below = 0;
  let modelBelow = 0;
  let deltaBelow = 0;
  let normalBelow = 0;
  for (const [key, cell] of Object.entries(tally)) {
    const k = Number(key.split('@')[1]);
    const coverage = cell.covered / cell.runs;
    const delta = cell.deltaCovered / cell.runs;
    const normal = cell.normalCovered / cell.runs;
    const se = Math.sqrt((coverage * (1 - coverage)) / cell.runs);
    const nominalSe = Math.sqrt((0.95 * 0.05) / cell.runs);
    cells++;
    if (coverage + 2 * nominalSe < 0.95) below++;
    if (delta + 2 * nominalSe < 0.95) deltaBelow++;
    if (cell.modelCovered / cell.runs + 2 * nominalSe < 0.95) modelBelow++;
    if (normal + 2 * nominalSe < 0.95) normalBelow++;
    const percent = (x) => `${(x * 100).toFixed(1)} %`;
    process.stdout.write(
      `| ${prefix} | ${key} | ${k <= observedUpTo ? 'observed' : 'model'} | ${intervalFrom(cell)} | ${percent(coverage)} ± ${(se * 100).toFixed(1)} | ` +
        `${percent(cell.modelCovered / cell.runs)} | ${percent(delta)} | ` +
        `${percent(normal)} | ${percent(cell.beforeCovered / cell.runs)} | ${((cell.width / cell.runs) * 100).toFixed(2)} pp | ` +
        `${((cell.deltaWidth / cell.runs) * 100).toFixed(2)} pp |\n`,
    );
  }
  return [cells, below, modelBelow, deltaBelow, normalBelow];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '400' },
      replicates: { type: 'string', default: '1024' },
      tasks: { type: 'string', default: '80,30' },
      trials: { type: 'string', default: '5' },
      population: { type: 'string', default: 'fitted,perTask' },
      study: { type: 'string', default: 'separate,dependent' },
      'dependent-tasks': { type: 'string', default: '100,200' },
      refit: { type: 'string', default: 'aic' },
      seed: { type: 'string', default: '2026' },
      truths: { type: 'string' },
    },
  });
  const seed = Number(values.seed);
  const runs = Number(values.runs);
  const replicates = Number(values.replicates);
  const trials = Number(values.trials);
  const studies = values.study.split(',');
  const started = performance.now();
  let cells = 0;
  let below = 0;
  let modelBelow = 0;
  let deltaBelow = 0;
  let normalBelow = 0;
  const count = ([c, b, m, d, n]) => {
    cells += c;
    below += b;
    modelBelow += m;
    deltaBelow += d;
    normalBelow += n;
  };
  const columns =
    'interval from | coverage (± SE) | model draws (before) | delta method | probability scale | before (fit fixed, ± 1.96 SE) | mean half-width | delta half-width |';
  if (studies.includes('separate')) {
    process.stdout.write(
      `what-if coverage: ${runs} logs per cell of T tasks × ${trials} trials, ${replicates} replicates each ` +
        `(${Math.ceil(replicates / 64)} blocks), K = ${2 * trials}, verifier fa ${VERIFIER.falseAccept} fr ${VERIFIER.falseReject}; ` +
        `seed ${seed}; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}\n\n`,
    );
    process.stdout.write(`| truth | T | population | metric@k | basis | ${columns}\n`);
    process.stdout.write(`|${' --- |'.repeat(13)}\n`);
    for (const tasks of values.tasks.split(',').map(Number)) {
      for (const population of values.population.split(',')) {
        for (const truth of Object.keys(TRUTHS)) {
          count(printTally(whatIfCoverage({ truth, tasks, trials, runs, replicates, population, seed }), `${truth} | ${tasks} | ${population}`, trials));
        }
      }
    }
  }
  if (studies.includes('dependent')) {
    process.stdout.write(
      `\nwhat-if coverage, dependent retries (episodes): ${runs} logs per cell, ${replicates} replicates each, K = 2 × the episode length, ` +
        `verifier fa ${VERIFIER.falseAccept} fr ${VERIFIER.falseReject}; seed ${seed}; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}\n\n`,
    );
    process.stdout.write(`| truth | T | metric@k | basis | ${columns}\n`);
    process.stdout.write(`|${' --- |'.repeat(12)}\n`);
    const choices = [];
    for (const truth of Object.keys(chosenTruths(values.truths))) {
      const [tasks] = values['dependent-tasks']
        .split(',')
        .map(Number)
        .filter((_, i) => i === Object.keys(DEPENDENT_TRUTHS).indexOf(truth));
      const { tally, chosen } = dependentWhatIfCoverage({ truth, tasks, runs, replicates, refit: values.refit, seed });
      count(printTally(tally, `${truth} | ${tasks}`, DEPENDENT_TRUTHS[truth].length));
      choices.push(
        `${truth}, T = ${tasks}: ${Object.entries(chosen)
          .map(([model, n]) => `${model} ${n}`)
          .join(', ')}`,
      );
    }
    process.stdout.write(`\nModel chosen by AIC on the logs: ${choices.join('; ')}\n`);
  }
  process.stdout.write(
    `\n${cells} cells; below 95 % by more than 2 binomial SE of the nominal rate: ${below} as reported, ` +
      `${modelBelow} by the model draws before, ${deltaBelow} by the delta method, ${normalBelow} on the probability scale; ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
}
