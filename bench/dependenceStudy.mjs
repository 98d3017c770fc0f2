// `pnpm bench:dependence`: how the retry-dependence measurements behave on data drawn from known
// models (issue #40). Per design (episodes like the public logs: 50 tasks × 5 fixed attempts; Aider's
// 225 × up to 2 tries; LDB's 500 × up to 10 debug attempts, both stopping at the first success) and per
// true model (independent, exchangeable, markov, feedback + and −), R replicate data sets drawn with
// the engine's own outcome law (drawOutcomes) from p_t ~ Beta(mean·s, (1 − mean)·s):
// - the within-episode test's rejection rate at level 0.05 (size under independence, power otherwise);
// - the share of replicates whose lowest AIC is the true model;
// - the coverage of the true model family's profile-likelihood interval for its parameter, and of
//   its delta-method interval for pass@k beyond the observed length (k = 2L), against the truth;
// - pass@2L predicted by the fitted true family and by the independence fit, averaged, beside the truth.
// Coverage and rates carry their Monte Carlo SE √(q(1 − q)/R). Options: --replicates R (default 200),
// --designs a,b (default all), --seed.
import { parseArgs } from 'node:util';

const dist = (path) => new URL(`../packages/sim/dist/${path}`, import.meta.url).href;
const { drawOutcomes } = await import(dist('engine/drawOutcomes.js'));
const { streamRng } = await import(dist('rng/streams.js'));
const { beta } = await import(dist('distributions/beta.js'));
const { episodeData } = await import(dist('dependence/episodeData.js'));
const { fitDependenceModel } = await import(dist('dependence/fitDependenceModel.js'));
const { DEPENDENCE_MODELS } = await import(dist('dependence/dependenceModels.js'));
const { permutationTest, likelihoodRatioTest, firstAttemptRate } = await import(dist('dependence/testEpisodeIndependence.js'));
const { predictDependentPassAtK } = await import(dist('dependence/predictDependentPassAtK.js'));

const { values } = parseArgs({
  options: { replicates: { type: 'string', default: '200' }, designs: { type: 'string', default: '' }, seed: { type: 'string', default: '40' } },
});
const R = Number(values.replicates);
const SEED = values.seed;

const DESIGNS = [
  { name: 'fixed 50×5', stopping: 'fixed', tasks: 50, episodes: 1, length: 5, mean: 0.4, s: 3 },
  { name: 'fixed 50×3×5', stopping: 'fixed', tasks: 50, episodes: 3, length: 5, mean: 0.4, s: 3 },
  { name: 'aider 225×2', stopping: 'untilSuccess', tasks: 225, episodes: 1, length: 2, mean: 0.36, s: 3 },
  { name: 'ldb 500×10', stopping: 'untilSuccess', tasks: 500, episodes: 1, length: 10, mean: 0.7, s: 1.5 },
].filter((d) => values.designs === '' || values.designs.split(',').some((n) => d.name.startsWith(n)));

const TRUTHS = [
  { model: 'independent' },
  { model: 'exchangeable', icc: 0.3 },
  { model: 'markov', stickiness: 0.3 },
  { model: 'feedback', afterFailure: 0.3 },
  { model: 'feedback', afterFailure: -0.3 },
];
const parameterOf = (c) => (c.model === 'exchangeable' ? c.icc : c.model === 'markov' ? c.stickiness : c.model === 'feedback' ? c.afterFailure : null);
const label = (c) => (c.model === 'independent' ? 'independent' : `${c.model} ${parameterOf(c)}`);

function draw(design, correlation, rng) {
  const a = design.mean * design.s;
  const b = (1 - design.mean) * design.s;
  const out = new Uint8Array(design.length + 1);
  const tasks = [];
  for (let t = 0; t < design.tasks; t++) {
    const p = beta(rng, a, b);
    const episodes = [];
    for (let e = 0; e < design.episodes; e++) {
      drawOutcomes(correlation, p, design.length, rng, out);
      let episode = Array.from(out.subarray(1), (x) => x === 1);
      if (design.stopping === 'untilSuccess') {
        const first = episode.indexOf(true);
        if (first >= 0) episode = episode.slice(0, first + 1);
      }
      episodes.push(episode);
    }
    tasks.push({ episodes });
  }
  return tasks;
}

/** The truth's pass@k over the true population: a one-model "fit" at the true coordinates. */
function truePassAtK(design, correlation, k) {
  const model = DEPENDENCE_MODELS.find((m) => m.name === correlation.model);
  const x = model.parameter === null ? 0 : model.toCoordinate(parameterOf(correlation));
  const fake = {
    confidence: 0.95,
    models: [
      { model: correlation.model, coordinates: [Math.log(design.mean / (1 - design.mean)), Math.log(design.s), x], freeCoordinates: [], covariance: null },
    ],
  };
  return predictDependentPassAtK(fake, correlation.model, [k])[0].passAtK;
}

const se = (q, n) => Math.sqrt((q * (1 - q)) / n);
const pct = (q, n) => `${(100 * q).toFixed(1)} ± ${(100 * se(q, n)).toFixed(1)}`;

console.log(`dependence study: ${R} replicates per cell, seed ${SEED}, test level 0.05, intervals 95 %`);
for (const design of DESIGNS) {
  const k = 2 * design.length;
  console.log(`\n## ${design.name} (${design.stopping}; p ~ Beta, mean ${design.mean}, s ${design.s}; pass@${k} predicted)`);
  console.log('| true model | test rejects % | AIC picks truth % | parameter CI covers % | pass@k CI covers % | true pass@k | fitted truth | independence |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const truth of TRUTHS) {
    const rng = streamRng(SEED, design.name, label(truth));
    const truthPass = truePassAtK(design, truth, k);
    let rejects = 0;
    let picks = 0;
    let covers = 0;
    let coverable = 0;
    let passCovers = 0;
    let passCoverable = 0;
    let fittedSum = 0;
    let independentSum = 0;
    const started = Date.now();
    for (let r = 0; r < R; r++) {
      const tasks = draw(design, truth, rng);
      const data = episodeData(tasks, design.stopping);
      const first = firstAttemptRate(tasks);
      const own = DEPENDENCE_MODELS.find((m) => m.name === truth.model);
      const fits = DEPENDENCE_MODELS.map((m) => fitDependenceModel(data, m, 0.95, first, m === own ? 'dependence' : 'none'));
      const test = design.stopping === 'fixed' ? permutationTest(tasks, `${SEED}/${r}`, 999) : likelihoodRatioTest(data, fits[0], fits[3]);
      if (test.pValue <= 0.05) rejects++;
      const best = fits.reduce((m, f) => (f.aic < m.aic - 1e-9 ? f : m), fits[0]);
      if (best.model === truth.model) picks++;
      const fitted = fits[DEPENDENCE_MODELS.indexOf(own)];
      if (own.parameter !== null) {
        const interval = fitted.parameters[own.parameter];
        coverable++;
        if (interval.lower <= parameterOf(truth) && parameterOf(truth) <= interval.upper) covers++;
      }
      const fake = { confidence: 0.95, models: fits };
      const predicted = predictDependentPassAtK(fake, truth.model, [k])[0];
      fittedSum += predicted.passAtK;
      independentSum += predictDependentPassAtK(fake, 'independent', [k])[0].passAtK;
      if (predicted.passAtKInterval) {
        passCoverable++;
        if (predicted.passAtKInterval[0] <= truthPass && truthPass <= predicted.passAtKInterval[1]) passCovers++;
      }
    }
    const cells = [
      label(truth),
      pct(rejects / R, R),
      pct(picks / R, R),
      coverable === 0 ? '—' : pct(covers / coverable, coverable),
      passCoverable === 0 ? '—' : `${pct(passCovers / passCoverable, passCoverable)}${passCoverable < R ? ` (of ${passCoverable})` : ''}`,
      truthPass.toFixed(3),
      (fittedSum / R).toFixed(3),
      (independentSum / R).toFixed(3),
    ];
    console.log(`| ${cells.join(' | ')} |`);
    process.stderr.write(`${design.name} ${label(truth)}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}
