// The candidates measured for the compare interval (issue #10; docs/uncertainty.md, "Compare"), on the
// compare cells of the coverage study (the same datasets: bench/coverageCells.mjs, compareDataset),
// beside the default `pairedDifferenceInterval`. None of the others is offered by passk.
//   default           point masses at 0 and 1 where the 1 % test admits them, quantile calibrated for the
//                     floored variance (flooredDifferenceQuantile), widened to the empirical-likelihood
//                     interval of the mean where that reaches further (Owen 1988, Biometrika 75:237–249)
//   no-EL             the default without the empirical-likelihood interval (the default until the sixth
//                     session of issue #10); the variants below that change the score interval leave it out too
//   EL                the empirical-likelihood interval alone: {μ : −2 log R(μ) ≤ t²_{T−1, 0.975}}
//   EL-lean           no-EL with EL's asymmetry about D̄ added on the side it points to (widening only)
//   EL-shaped         no-EL's width placed about D̄ in the EL interval's proportions, then its union with EL
//   before            moment-fitted Beta populations, t at the df of the floored variance (the default
//                     until the fourth session of issue #10)
//   moment+calibrated the calibrated quantile on the moment-fitted populations (the quantile change alone)
//   masses+df         the point masses with t at the df of the floored variance (the population change alone)
//   masses+plug-in    the calibrated quantile at the plain plug-in share F/max(s², F) (not s² one SD up)
//   masses@level      point masses admitted at --level (e.g. 0.05; `fit`: always, no test)
//   t(T-1)            the default's variance with T − 1 df
//   satterthwaite     df = V²/(F²/ν_F + (s² − F)₊²/(T − 1)): the floor with its own df, the excess with T − 1
//   bootstrap-t       resample tasks; t* = (D̄* − D̄)/√(V*/T), V* the replicate's floored variance
//                     (per-task noise resampled with its task, never the trials); [D̄ − t*₉₇.₅·SE, D̄ − t*₂.₅·SE]
//   boot-t∪default    its union with no-EL (both only with --bootstrap B > 0)
//   johnson           Johnson's (1978, JASA 73:536–544) modified t: no-EL shifted by μ̂₃(1 + 2q²)/(6V·T)
//   johnson-shrunk    that shift times max(0, 1 − Var(μ̂₃)/μ̂₃²) (and -widen: applied to one bound only, widening)
//   pooled-atoms      the default with each task's point-mass probability taken from one inflated fit to both
//                     agents' trials pooled per task (n_A + n_B, c_A + c_B): a task at 0/n or n/n for both
//                     agents is on a point mass with the pooled posterior probability
// Usage: node bench/compareVariants.mjs [--datasets 400] [--bootstrap 0] [--filter POP:n:T,…]
// [--variants NAME,…] [--level 0.01] (after `pnpm build`). Prints coverage / miss below / miss above /
// width relative to the default per cell, how often the floor is above s², then a summary per variant.
import { parseArgs } from 'node:util';
import { compareDataset, differenceTruth, FULL_GRID } from './coverageCells.mjs';
import {
  flooredDifferenceDf,
  flooredDifferenceQuantile,
  pairedDifferenceInterval,
  pairedDifferenceParts,
  PopulationFits,
} from '../packages/sim/dist/taskAverage/differenceInterval.js';
import { meanAndSe } from '../packages/sim/dist/math/meanAndSe.js';
import { populationInterval } from '../packages/sim/dist/taskAverage/populationInterval.js';
import { studentTQuantile } from '../packages/sim/dist/math/studentT.js';
import { streamRng } from '../packages/sim/dist/rng/streams.js';
import { countGroups } from '../packages/sim/dist/estimators/taskAverage.js';
import { JEFFREYS_PRIOR } from '../packages/sim/dist/intervals/betaPosterior.js';
import { momentBetaPrior } from '../packages/sim/dist/taskAverage/momentBetaPrior.js';
import { atomProbability, betaComponent, inflatedBetaFit, inflatedBetaPrior } from '../packages/sim/dist/taskAverage/inflatedBetaPrior.js';
import { trialNoiseVariance } from '../packages/sim/dist/taskAverage/trialNoiseVariance.js';
import { modelVariance } from '../packages/sim/dist/taskAverage/modelVariance.js';
import { taskEstimate } from '../packages/sim/dist/taskAverage/taskValues.js';
import { flooredVarianceDf } from '../packages/sim/dist/taskAverage/flooredVarianceDf.js';
import { flooredVarianceQuantile } from '../packages/sim/dist/taskAverage/flooredVarianceQuantile.js';
import { empiricalLikelihoodInterval } from '../packages/sim/dist/taskAverage/empiricalLikelihood.js';

const { values: options } = parseArgs({
  options: {
    datasets: { type: 'string', default: '400' },
    bootstrap: { type: 'string', default: '0' },
    variants: { type: 'string' },
    level: { type: 'string', default: '0.01' },
    filter: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const datasets = Number(options.datasets);
const replicates = Number(options.bootstrap);
const patterns = options.filter?.split(',').map((pattern) => pattern.split(':'));
const selected = ({ population, n, T }) =>
  !patterns || patterns.some(([p, pn, pT]) => (p === '*' || population.startsWith(p)) && (pn === '*' || Number(pn) === n) && (pT === '*' || Number(pT) === T));
const level = { confidence: 0.95, sides: 2 };
/** The sample variance (divisor T − 1). */
const sampleVariance = (xs) => (meanAndSe(xs).se ?? 0) ** 2 * xs.length;
const tail = 0.025;
const chosen = options.variants?.split(',');
/** Whether a variant is measured (--variants LIST; default all). */
const wanted = (name) => !chosen || chosen.includes(name);

/** The score interval of (D + 1)/2 with the floor, at `df` (undefined: T − 1) or at quantile `q`, mapped back to D. */
function score(differences, floor, df, q) {
  const bounds = populationInterval(
    differences.map((d) => ({ value: (d + 1) / 2, weight: 1 })),
    level,
    { variance: floor / 4 },
    df,
    q,
  );
  return { lower: 2 * bounds.lower - 1, upper: 2 * bounds.upper - 1 };
}

/**
 * The parts of the interval with each agent's task population fitted by moments (a plain Beta, the
 * default before point masses), or with point masses where the test at --level admits them
 * (`inflatedBetaPrior`; --level fit: the inflated fit without the test), else by moments.
 */
function populationParts(pairs, metric, k, pointMasses) {
  const used = pairs.filter(({ a, b }) => a.n >= k && b.n >= k);
  const groupsA = countGroups(used.map(({ a }) => a));
  const groupsB = countGroups(used.map(({ b }) => b));
  const inflated = (groups) => (pointMasses ? (options.level === 'fit' ? inflatedBetaFit(groups) : inflatedBetaPrior(groups, Number(options.level))) : null);
  const fittedA = inflated(groupsA) ?? momentBetaPrior(groupsA);
  const fittedB = inflated(groupsB) ?? momentBetaPrior(groupsB);
  const priorA = fittedA ?? JEFFREYS_PRIOR;
  const priorB = fittedB ?? JEFFREYS_PRIOR;
  const noise = ({ n, c }, prior) => {
    if (!('mixture' in prior)) return trialNoiseVariance(metric, n, c, k, prior);
    return (1 - atomProbability(prior, n, c)) * trialNoiseVariance(metric, n, c, k, betaComponent(prior, 1e5));
  };
  const differences = used.map(({ a, b }) => taskEstimate(metric, b.n, b.c, k) - taskEstimate(metric, a.n, a.c, k));
  const noises = used.map(({ a, b }) => noise(a, priorA) + noise(b, priorB));
  const spread = fittedA && fittedB ? (Math.sqrt(modelVariance(groupsA, metric, k, fittedA)) - Math.sqrt(modelVariance(groupsB, metric, k, fittedB))) ** 2 : 0;
  return { differences, noises, spread };
}

/**
 * The floored score interval from parts: t at `flooredDifferenceDf` ('df', the quantile before
 * calibration), `flooredDifferenceQuantile` ('calibrated', the default's), or the calibrated quantile
 * at the plain plug-in share F/V, widened as the default ('plug-in').
 */
function fromParts({ differences, noises, spread }, quantile) {
  const T = differences.length;
  const noise = noises.reduce((s, v) => s + v, 0) / T;
  const floor = Math.max(noise, spread);
  const s2 = sampleVariance(differences);
  const df = flooredDifferenceDf(s2, noise, spread, noises, T);
  if (quantile === 'df') return score(differences, floor, df);
  if (quantile === 'calibrated') return score(differences, floor, undefined, flooredDifferenceQuantile(s2, noise, spread, noises, T, tail, 2));
  const share = floor / Math.max(s2, floor);
  const widen = studentTQuantile(1 - tail, df) / studentTQuantile(1 - tail, Math.min(1e6, flooredVarianceDf(share, T - 1)));
  return score(differences, floor, undefined, flooredVarianceQuantile(share, T - 1, tail, 2) * widen);
}

/** The parts with the point masses found in both agents' trials pooled per task (see 'pooled-atoms'). */
function pooledAtomParts(pairs, metric, k, fits) {
  const used = pairs.filter(({ a, b }) => a.n >= k && b.n >= k);
  const pooled = inflatedBetaPrior(countGroups(used.map(({ a, b }) => ({ n: a.n + b.n, c: a.c + b.c }))));
  const base = pairedDifferenceParts(pairs, metric, k, fits);
  if (pooled === null) return base;
  const fittedA = fits.fitted(countGroups(used.map(({ a }) => a)));
  const fittedB = fits.fitted(countGroups(used.map(({ b }) => b)));
  const component = (fitted) => (fitted === null ? JEFFREYS_PRIOR : 'mixture' in fitted ? betaComponent(fitted, 1e5) : fitted);
  const atomOwn = (fitted, n, c) => (fitted !== null && 'mixture' in fitted ? atomProbability(fitted, n, c) : 0);
  const noises = used.map(({ a, b }) => {
    const shared = atomProbability(pooled, a.n + b.n, a.c + b.c);
    const noiseA = (1 - Math.max(shared, atomOwn(fittedA, a.n, a.c))) * trialNoiseVariance(metric, a.n, a.c, k, component(fittedA));
    const noiseB = (1 - Math.max(shared, atomOwn(fittedB, b.n, b.c))) * trialNoiseVariance(metric, b.n, b.c, k, component(fittedB));
    return noiseA + noiseB;
  });
  return { ...base, noises };
}

function variants(pairs, metric, k, key, fits) {
  const { differences, noises, spread } = pairedDifferenceParts(pairs, metric, k, fits);
  const extra = {};
  if (wanted('before') || wanted('moment+calibrated')) {
    const parts = populationParts(pairs, metric, k, false);
    if (wanted('before')) extra.before = fromParts(parts, 'df');
    if (wanted('moment+calibrated')) extra['moment+calibrated'] = fromParts(parts, 'calibrated');
  }
  if (wanted('masses+df')) extra['masses+df'] = fromParts({ differences, noises, spread }, 'df');
  if (wanted('masses+plug-in')) extra['masses+plug-in'] = fromParts({ differences, noises, spread }, 'plug-in');
  if (wanted('pooled-atoms')) extra['pooled-atoms'] = fromParts(pooledAtomParts(pairs, metric, k, fits), 'calibrated');
  if (wanted('masses@level')) extra['masses@level'] = fromParts(populationParts(pairs, metric, k, true), 'calibrated');
  const T = differences.length;
  const mean = differences.reduce((s, d) => s + d, 0) / T;
  const noise = noises.reduce((s, v) => s + v, 0) / T;
  const floor = Math.max(noise, spread);
  const s2 = sampleVariance(differences);
  const V = Math.max(s2, floor);
  // The default's floored score interval without the empirical-likelihood union (the variants below change it).
  const noLikelihood = fromParts({ differences, noises, spread }, 'calibrated');
  const out = { default: pairedDifferenceInterval(pairs, metric, k, level, fits), 'no-EL': noLikelihood, 't(T-1)': score(differences, floor, undefined) };
  floorBinds += s2 < floor ? 1 : 0;
  const spreadOfNoise = sampleVariance(noises);
  const floorDf = noise >= spread && spreadOfNoise > 0 ? (2 * T * noise * noise) / spreadOfNoise : noise >= spread ? 1e6 : T - 1;
  const excess = Math.max(0, s2 - floor);
  out.satterthwaite = score(differences, floor, Math.min(1e6, (V * V) / ((floor * floor) / floorDf + (excess * excess) / (T - 1))));
  if (replicates > 0) {
    const rng = streamRng(options.seed, 'compare-variants', key);
    const t = new Float64Array(replicates);
    for (let r = 0; r < replicates; r++) {
      let sum = 0;
      let squares = 0;
      let noiseSum = 0;
      for (let i = 0; i < T; i++) {
        const j = Math.floor(rng.uniform() * T);
        sum += differences[j];
        squares += differences[j] ** 2;
        noiseSum += noises[j];
      }
      const m = sum / T;
      const v = Math.max((squares - T * m * m) / (T - 1), noiseSum / T, spread);
      t[r] = (m - mean) / Math.sqrt(v / T);
    }
    t.sort();
    const se = Math.sqrt(V / T);
    const low = t[Math.max(0, Math.floor(tail * (replicates + 1)) - 1)];
    const high = t[Math.min(replicates - 1, Math.ceil((1 - tail) * (replicates + 1)) - 1)];
    out['bootstrap-t'] = { lower: Math.max(-1, mean - high * se), upper: Math.min(1, mean - low * se) };
    out['boot-t∪default'] = { lower: Math.min(noLikelihood.lower, out['bootstrap-t'].lower), upper: Math.max(noLikelihood.upper, out['bootstrap-t'].upper) };
  }
  const third = differences.reduce((s, d) => s + (d - mean) ** 3, 0) / T;
  const q = studentTQuantile(1 - tail, flooredDifferenceDf(s2, noise, spread, noises, T));
  const shift = (third * (1 + 2 * q * q)) / (6 * V * T);
  out.johnson = { lower: noLikelihood.lower + shift, upper: noLikelihood.upper + shift };
  if (wanted('johnson-shrunk')) {
    // The shift scaled by max(0, 1 − Var(μ̂₃)/μ̂₃²), Var(μ̂₃) ≈ (μ₆ − μ₃² − 6μ₄μ₂ + 9μ₂³)/T (delta method):
    // no shift where the third moment is not told apart from 0 (few non-zero differences).
    const moment = (j) => differences.reduce((s, d) => s + (d - mean) ** j, 0) / T;
    const [m2, m4, m6] = [moment(2), moment(4), moment(6)];
    const varThird = Math.max(0, m6 - third * third - 6 * m4 * m2 + 9 * m2 ** 3) / T;
    const keep = third === 0 ? 0 : Math.max(0, 1 - varThird / (third * third));
    const shrunk = shift * keep;
    out['johnson-shrunk'] = { lower: noLikelihood.lower + shrunk, upper: noLikelihood.upper + shrunk };
    out['johnson-shrunk-widen'] = { lower: noLikelihood.lower + Math.min(0, shrunk), upper: noLikelihood.upper + Math.max(0, shrunk) };
  }
  if (wanted('EL') || wanted('EL-lean') || wanted('EL-shaped')) {
    const el = empiricalLikelihoodInterval(differences, studentTQuantile(1 - tail, T - 1) ** 2);
    out.EL = el ?? noLikelihood;
    // EL's asymmetry about D̄, added to no-EL's bound on the side it points to (widening only).
    const lean = el ? el.upper - mean - (mean - el.lower) : 0;
    out['EL-lean'] = { lower: noLikelihood.lower + Math.min(0, lean), upper: noLikelihood.upper + Math.max(0, lean) };
    // no-EL's width placed about D̄ in EL's proportions (narrower on the side EL leans away from), then
    // the union with EL; no-EL as it is where EL has no interval or leaves D̄ outside its middle 90 %.
    const share = el ? (mean - el.lower) / (el.upper - el.lower) : 0.5;
    const width = noLikelihood.upper - noLikelihood.lower;
    const shaped =
      el && share > 0.05 && share < 0.95 ? { lower: Math.max(-1, mean - share * width), upper: Math.min(1, mean + (1 - share) * width) } : noLikelihood;
    out['EL-shaped'] = el ? { lower: Math.min(shaped.lower, el.lower), upper: Math.max(shaped.upper, el.upper) } : shaped;
  }
  Object.assign(out, extra);
  for (const name of Object.keys(out))
    if (name !== 'default' && !wanted(name) && !(name.startsWith('johnson-shrunk') && wanted('johnson-shrunk'))) delete out[name];
  return out;
}

const rows = [];
/** Datasets × slots of the current cell in which the floor is above s² (printed per cell). */
let floorBinds = 0;
for (const population of FULL_GRID.populations)
  for (const n of FULL_GRID.trials)
    for (const T of FULL_GRID.tasks.filter((t) => t <= 164)) {
      if (!selected({ population, n, T })) continue;
      const slots = FULL_GRID.ks
        .filter((k) => k <= n)
        .flatMap((k) => ['passAtK', 'passHatK'].map((metric) => ({ population, n, T, k, metric, truth: differenceTruth(population, k, metric), tally: {} })));
      floorBinds = 0;
      for (let d = 0; d < datasets; d++) {
        const pairs = compareDataset(population, n, T, options.seed, d);
        const fits = new PopulationFits();
        for (const slot of slots)
          for (const [method, bounds] of Object.entries(variants(pairs, slot.metric, slot.k, `${population}/${n}/${T}/${d}/${slot.k}/${slot.metric}`, fits))) {
            const t = (slot.tally[method] ??= { covered: 0, below: 0, above: 0, width: 0 });
            if (bounds.upper < slot.truth) t.below++;
            else if (bounds.lower > slot.truth) t.above++;
            else t.covered++;
            t.width += bounds.upper - bounds.lower;
          }
      }
      for (const slot of slots) {
        const pct = (x) => ((100 * x) / datasets).toFixed(1);
        const text = Object.entries(slot.tally).map(
          ([m, t]) => `${m} ${pct(t.covered)} ${pct(t.below)}/${pct(t.above)} ×${(t.width / slot.tally.default.width).toFixed(2)}`,
        );
        console.log(`${population} n ${n} T ${T} k ${slot.k} ${slot.metric}: ${text.join(' | ')}`);
        rows.push(slot);
      }
      console.log(`  floor above s² in ${((100 * floorBinds) / (datasets * slots.length)).toFixed(0)} % of the datasets (all ks and metrics of the cell)`);
    }
const se = Math.sqrt((0.95 * 0.05) / datasets);
console.log(`\n${rows.length} cells, ${datasets} datasets each (Monte Carlo SE ${(100 * se).toFixed(2)} points); bootstrap-t with ${replicates} replicates`);
for (const method of Object.keys(rows[0].tally)) {
  const coverage = rows.map((r) => r.tally[method].covered / datasets);
  const ratio = rows.reduce((s, r) => s + r.tally[method].width / r.tally.default.width, 0) / rows.length;
  console.log(
    `${method.padEnd(15)} lowest ${(100 * Math.min(...coverage)).toFixed(1)} %  < 94 %: ${coverage.filter((c) => c < 0.94).length}  < 94 % − 2 SE: ${coverage.filter((c) => c < 0.94 - 2 * se).length}  in [94 %, 97 %]: ${coverage.filter((c) => c >= 0.94 && c <= 0.97).length}  > 97 %: ${coverage.filter((c) => c > 0.97).length}  width / default ${ratio.toFixed(3)}`,
  );
}
