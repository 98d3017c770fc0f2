// The coverage study's grid and one cell's measurement (shared by bench/coverage.mjs and the CI test
// test/sim/taskAverage/coverage.slow.test.ts). A cell draws `datasets` benchmarks of T tasks from a known
// task population — p_t ~ population, c_t ~ Binomial(n, p_t) — and records, per method, how often
// its interval covers the truth, misses it below (upper < truth) or above (lower > truth), and its
// mean width. Two truths per dataset: the population's pass@k / pass^k (fixed per cell) and this
// benchmark's (1/T) Σ θ(p_t) over the drawn tasks.
import { averageOverTasks } from '../packages/sim/dist/estimators/taskAverage.js';
import { bootstrapTaskAverage } from '../packages/sim/dist/estimators/bootstrap.js';
import { groupsPopulationInterval, populationFloor, taskAverageIntervals } from '../packages/sim/dist/taskAverage/taskAverageIntervals.js';
import { populationTailBound } from '../packages/sim/dist/taskAverage/populationTailBound.js';
import { taskAverageBound } from '../packages/sim/dist/taskAverage/taskAverageBound.js';
import { empiricalBernsteinInterval } from '../packages/sim/dist/taskAverage/empiricalBernstein.js';
import { taskEstimate } from '../packages/sim/dist/taskAverage/taskValues.js';
import { estimatorMomentsAt } from '../packages/sim/dist/taskAverage/estimatorMoments.js';
import { normalCdf } from '../packages/sim/dist/math/normalCdf.js';
import { studentTQuantile } from '../packages/sim/dist/math/studentT.js';
import { beta } from '../packages/sim/dist/distributions/beta.js';
import { binomial } from '../packages/sim/dist/distributions/binomial.js';
import { logBeta } from '../packages/sim/dist/math/logBeta.js';
import { normalQuantile } from '../packages/sim/dist/math/normalQuantile.js';
import { streamRng } from '../packages/sim/dist/rng/streams.js';
import {
  flooredDifferenceDf,
  flooredDifferenceQuantile,
  pairedDifferenceInterval,
  pairedDifferenceParts,
  degenerateDifferenceBounds,
  PopulationFits,
} from '../packages/sim/dist/taskAverage/differenceInterval.js';
import { empiricalLikelihoodInterval } from '../packages/sim/dist/taskAverage/empiricalLikelihood.js';
import { benchmarkDifferenceInterval, withinPopulationInterval } from '../packages/sim/dist/taskAverage/benchmarkDifferenceInterval.js';
import { countGroups } from '../packages/sim/dist/estimators/taskAverage.js';
import { betaQuadrature } from '../packages/sim/dist/distributions/betaQuadrature.js';
import { logitNormalQuadrature } from '../packages/sim/dist/distributions/logitNormalQuadrature.js';
import { standardNormal } from '../packages/sim/dist/distributions/standardNormal.js';
import { attainableSummary } from './attainableCoverage.mjs';
import { atScoreEdge, binaryExactBounds, populationInterval } from '../packages/sim/dist/taskAverage/populationInterval.js';
import { groupValues } from '../packages/sim/dist/taskAverage/taskValues.js';
import { momentBetaPrior } from '../packages/sim/dist/taskAverage/momentBetaPrior.js';

/**
 * Task populations as mixtures of parts: a point mass `at` p, a Beta(a, b), or a continuous law given
 * by its quantile function `quantile(u)` (Kumaraswamy, logit-normal). The first four are the grid of
 * issue #10; the rest those of the audit of issue #42 (two-point, smooth bimodal, Kumaraswamy,
 * logit-normal, uniform, a three-component mixture).
 */
export const POPULATIONS = {
  'beta(0.5,0.5)': { parts: [{ weight: 1, a: 0.5, b: 0.5 }] },
  'beta(0.3,0.7)': { parts: [{ weight: 1, a: 0.3, b: 0.7 }] },
  'beta(4,1)': { parts: [{ weight: 1, a: 4, b: 1 }] },
  'mix(0.3@0,0.2@1,0.5*beta(2,2))': {
    parts: [
      { weight: 0.3, at: 0 },
      { weight: 0.2, at: 1 },
      { weight: 0.5, a: 2, b: 2 },
    ],
  },
  'two-point(0.02,0.7)': {
    parts: [
      { weight: 0.5, at: 0.02 },
      { weight: 0.5, at: 0.7 },
    ],
  },
  'two-point(0.1,0.9)': {
    parts: [
      { weight: 0.5, at: 0.1 },
      { weight: 0.5, at: 0.9 },
    ],
  },
  'bimodal(beta(18,2),beta(2,18))': {
    parts: [
      { weight: 0.5, a: 18, b: 2 },
      { weight: 0.5, a: 2, b: 18 },
    ],
  },
  // Kumaraswamy(a, b): F(p) = 1 − (1 − p^a)^b.
  'kumaraswamy(0.5,3)': { parts: [{ weight: 1, quantile: (u) => (1 - (1 - u) ** (1 / 3)) ** (1 / 0.5) }] },
  'logit-normal(0,2)': { parts: [{ weight: 1, quantile: (u) => 1 / (1 + Math.exp(-2 * normalQuantile(u))) }] },
  uniform: { parts: [{ weight: 1, a: 1, b: 1 }] },
  'mix3(beta(1,9),beta(5,5),beta(9,1))': {
    parts: [
      { weight: 0.3, a: 1, b: 9 },
      { weight: 0.4, a: 5, b: 5 },
      { weight: 0.3, a: 9, b: 1 },
    ],
  },
};

/**
 * Populations held out of the grid (`pnpm coverage-study --held-out`): checked after the choices
 * were made on the grid.
 */
export const HELD_OUT_POPULATIONS = {
  'beta(0.2,0.2)': { parts: [{ weight: 1, a: 0.2, b: 0.2 }] },
  'four-point(0.05,0.4,0.8,0.97)': {
    parts: [
      { weight: 0.25, at: 0.05 },
      { weight: 0.25, at: 0.4 },
      { weight: 0.25, at: 0.8 },
      { weight: 0.25, at: 0.97 },
    ],
  },
  'mix(0.5@0,0.5*beta(8,2))': {
    parts: [
      { weight: 0.5, at: 0 },
      { weight: 0.5, a: 8, b: 2 },
    ],
  },
};

/** A population of the grid or of the held-out set by name. */
export const populationOf = (name) => POPULATIONS[name] ?? HELD_OUT_POPULATIONS[name];

/**
 * The committed full grid: every population × n × T (issue #10's four populations at n ∈ {4, 8,
 * 30}, T ∈ {20, 50, 164, 1000} and issue #42's at n ∈ {2, 3, 5, 10, 16}, T ∈ {10, 30, 300}), k ∈
 * {1, 4, 8} with k ≤ n and k = n, both metrics; and cells with unequal trials (`unequal`: half the
 * tasks n, half ⌈n/2⌉).
 */
export const FULL_GRID = {
  populations: Object.keys(POPULATIONS),
  trials: [2, 3, 4, 5, 8, 10, 16, 30],
  tasks: [10, 20, 30, 50, 164, 300, 1000],
  ks: [1, 4, 8, 'n'],
  unequal: [5, 10],
};

/** The ks of a cell with n trials (its largest n): those of `ks` up to n, `'n'` standing for n itself. */
export const cellKsOf = (ks, n) => [...new Set(ks.map((k) => (k === 'n' ? n : k)).filter((k) => k <= n))].sort((a, b) => a - b);

/** The trials of task t of T in a cell: n, or ⌈n/2⌉ for the second half of the tasks when `unequal`. */
export const trialsOf = (n, T, t, unequal) => (unequal && t >= T / 2 ? Math.ceil(n / 2) : n);

/** A cell's key in bench/coverage.json: population, n (with "/⌈n/2⌉" for unequal trials), T, k, metric. */
export const cellKey = (r) => `${r.distribution}|${r.n}${r.unequal ? `/${Math.ceil(r.n / 2)}` : ''}|${r.T}|${r.k}|${r.metric}`;

/** Methods per estimand; `naive` is the clustered-SE normal interval mean ± z·sd/√T (what inspect_ai prints); `*-lower` the one-sided lower bound at the confidence (as `passk gate` judges: the lower side of the two-sided interval at 2c − 1, `taskAverageBound`). */
export const METHODS = {
  population: ['naive', 'bootstrap', 'empirical-bernstein', 'score', 'score-lower'],
  benchmark: ['naive', 'bootstrap', 'trial-noise', 'trial-noise-lower'],
};
/** The methods passk prints by default. */
export const DEFAULTS = { population: 'score', benchmark: 'trial-noise' };
/** The one-sided bounds `passk gate` judges by, per estimand. */
export const ONE_SIDED = { population: 'score-lower', benchmark: 'trial-noise-lower' };

/**
 * The narrower candidates of the task-population interval (issue #42: which part makes a cell
 * over-cover): each is `populationInterval` as `groupsPopulationInterval` calls it with one part
 * switched off — the Student t quantile at T − 1 replaced by the normal one (`t`), the variance
 * floor of the moment-fitted Beta left out (`Beta`), the ratio floor r̂ ≥ 1/n left out (`ratio`),
 * the lower bound's Clopper–Pearson floor on 0/1 values left out (`CP`; two-sided it is the
 * default), the rule r̂ = 1 when every value is 0 or every value is 1 left out (`equal`: the interval
 * is then the point; the lower bound keeps its Clopper–Pearson floor), the first four at once (`all`),
 * and the lower bound's switch to the bound valid for every population at the score bound's edge
 * left out (`tail`; two-sided it is the default; the other candidates keep it where the default's
 * score bound is at its edge). Measured on the same datasets as the default, two-sided (`score`) and as the
 * gate's lower bound (`score-lower`: the lower side at 2c − 1, at least as far out as Clopper–Pearson
 * on 0/1 values, as `taskAverageBound`); bench/coverageReasons.mjs ('… needed') reads them.
 */
export const NARROWER = ['t', 'Beta', 'ratio', 'CP', 'equal', 'all', 'tail'];

/** The interval of NARROWER `candidate` of `values` with the default's floors `floor` at a two-sided `confidence`. */
export function narrowerInterval(candidate, values, floor, confidence) {
  if (candidate === 't') return populationInterval(values, { confidence, sides: 2 }, floor, undefined, normalQuantile(1 - (1 - confidence) / 2));
  if (candidate === 'Beta') return populationInterval(values, { confidence, sides: 2 }, { ratio: floor.ratio });
  if (candidate === 'ratio') return populationInterval(values, { confidence, sides: 2 }, { variance: floor.variance });
  if (candidate === 'all') return populationInterval(values, { confidence, sides: 2 }, {}, undefined, normalQuantile(1 - (1 - confidence) / 2));
  const used = values.filter(({ weight }) => weight > 0);
  // equal: every value 0 or every value 1 gives the point itself (s² = 0 taken at face value).
  if (candidate === 'equal' && used.length > 0 && used.every(({ value }) => value === used[0].value && (value === 0 || value === 1)))
    return { lower: used[0].value, upper: used[0].value };
  return populationInterval(values, { confidence, sides: 2 }, floor);
}

/** E[h(p)] of a part with a quantile function: midpoint rule over u (2·10⁵ points). */
function quantileMean(part, h) {
  const M = 200_000;
  let total = 0;
  for (let i = 0; i < M; i++) total += h(part.quantile((i + 0.5) / M));
  return total / M;
}

/** E[p^k] (side 'p') or E[(1 − p)^k] (side 'q') under a population. */
function moment(population, side, k) {
  let total = 0;
  for (const part of population.parts) {
    if ('at' in part) total += part.weight * (side === 'p' ? part.at : 1 - part.at) ** k;
    else if ('quantile' in part) total += part.weight * quantileMean(part, (p) => (side === 'p' ? p : 1 - p) ** k);
    else
      total +=
        part.weight * Math.exp(side === 'p' ? logBeta(part.a + k, part.b) - logBeta(part.a, part.b) : logBeta(part.a, part.b + k) - logBeta(part.a, part.b));
  }
  return total;
}

/** The population's pass@k = 1 − E(1 − p)^k and pass^k = E p^k. */
export function populationTruth(name, k) {
  const population = populationOf(name);
  return { passAtK: 1 - moment(population, 'q', k), passHatK: moment(population, 'p', k) };
}

/** One task's success rate drawn from a population (`POPULATIONS[name]`). */
export function drawRate(rng, population) {
  let u = rng.uniform();
  for (const part of population.parts) {
    if (u < part.weight || part === population.parts.at(-1))
      return 'at' in part ? part.at : 'quantile' in part ? part.quantile(rng.uniform()) : beta(rng, part.a, part.b);
    u -= part.weight;
  }
  throw new Error('unreachable');
}

/** θ(p): pass@k = 1 − (1 − p)^k or pass^k = p^k of one task. */
export const truthAt = (metric, p, k) => (metric === 'passAtK' ? -Math.expm1(k * Math.log1p(-p)) : p ** k);

/**
 * One cell: { population, n, T } with the ks of `cellKsOf` (k ≤ n of `ks`; 'n' for k = n); returns one
 * record per (k, metric) with per-method { coverage, missBelow, missAbove, meanWidth } over
 * `datasets` datasets, for each of `estimands` ('population', 'benchmark'; both by default), and
 * `attainable`: per estimand the attainable coverage of the cell (`attainableSummary`,
 * bench/attainableCoverage.mjs) from the datasets' point estimates θ̂ (population: against the
 * population's truth) or their errors θ̂ − θ_d (benchmark: the truth θ_d is the dataset's own, so
 * the interval covers when the error lies in an interval of error values around 0).
 * `attainableOnly` computes only the point estimates and that field (no interval: a fast pass over
 * the same datasets). `unequal`: the second half of the tasks has ⌈n/2⌉ trials (`trialsOf`); at a
 * k above that, those tasks are left out, of the estimate and of this benchmark's truth alike.
 * The one-sided methods (`ONE_SIDED`) count a cover when the lower bound is ≤ the truth (their miss
 * above is the false-pass rate of `passk gate` at a requirement equal to the truth); `oneSided: false`
 * leaves them out (the CI test's cells that do not need them: they double a cell's time).
 * `narrower` adds, per record, `narrower.population[candidate][method]` for the NARROWER candidates
 * (coverage / misses / width on the same datasets; `pnpm coverage-study` asks for them).
 * Benchmark records also get `noiseRatio`: the mean SE² of the default interval over the mean true
 * trial noise of the datasets (`trialNoise`), what coverageReasons.mjs reads.
 * Dataset d of the cell (d = first, …, first + datasets − 1) uses the stream (seed, 'coverage', population, n, T, d)
 * ('coverage-unequal' with unequal trials).
 */
export function measureCell({
  population,
  n,
  T,
  ks,
  datasets,
  seed,
  bootstrap,
  confidence = 0.95,
  first = 0,
  estimands = ['population', 'benchmark'],
  attainableOnly = false,
  unequal = false,
  oneSided = true,
  narrower = false,
}) {
  const pop = populationOf(population);
  const cellKs = cellKsOf(ks, n);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const records = [];
  for (const k of cellKs) {
    for (const metric of ['passAtK', 'passHatK']) {
      const tally = () => ({ covered: 0, below: 0, above: 0, width: 0 });
      records.push({
        distribution: population,
        n,
        ...(unequal ? { unequal: true } : {}),
        T,
        k,
        metric,
        datasets,
        truth: populationTruth(population, k)[metric],
        ...Object.fromEntries(
          estimands.map((estimand) => [
            estimand,
            Object.fromEntries(
              METHODS[estimand].filter((m) => (m !== 'bootstrap' || bootstrap > 0) && (oneSided || m !== ONE_SIDED[estimand])).map((m) => [m, tally()]),
            ),
          ]),
        ),
        ...(narrower && estimands.includes('population') && !attainableOnly
          ? { narrower: { population: Object.fromEntries(NARROWER.map((c) => [c, { score: tally(), 'score-lower': tally() }])) } }
          : {}),
      });
    }
  }
  // Per record and estimand, each dataset's θ̂ (population) or θ̂ − θ_d (benchmark).
  const estimates = records.map(() => Object.fromEntries(estimands.map((estimand) => [estimand, new Float64Array(datasets)])));
  // Per record and estimand, whether the default covered in each dataset (attainableSummary's splitShare).
  const coveredByDefault = records.map(() => Object.fromEntries(estimands.map((estimand) => [estimand, new Uint8Array(datasets)])));
  // Per record, Σ over datasets of the default's SE² and the true trial noise (`trialNoise`), and of the
  // normal-theory coverage of the two-sided interval and of the lower bound (`normalTheoryCoverage`).
  const noiseSums = records.map(() => ({
    estimated: 0,
    truth: 0,
    twoSided: 0,
    lower: 0,
    redrawTwoSided: 0,
    redrawLower: 0,
    ...CORRELATION_SUMS,
    absolute: { ...CORRELATION_SUMS },
  }));
  // Per dataset, redrawsFor(T) fresh trial outcomes of its own tasks (`redrawCoverage`).
  const redrawn = new Int32Array(redrawsFor(T) * T);
  const tasks = new Array(T);
  const rates = new Float64Array(T);
  const trials = Int32Array.from({ length: T }, (_, t) => trialsOf(n, T, t, unequal));
  const gateLevel = { confidence: 2 * confidence - 1, sides: 2 };
  for (let d = first; d < first + datasets; d++) {
    const rng = streamRng(seed, unequal ? 'coverage-unequal' : 'coverage', population, n, T, d);
    for (let t = 0; t < T; t++) {
      rates[t] = drawRate(rng, pop);
      tasks[t] = { n: trials[t], c: binomial(rng, trials[t], rates[t]) };
    }
    const average = averageOverTasks(tasks, cellKs);
    if (!attainableOnly && estimands.includes('benchmark')) {
      const redrawRng = streamRng(seed, unequal ? 'coverage-unequal-redraw' : 'coverage-redraw', population, n, T, d);
      for (let i = 0; i < redrawn.length; i++) redrawn[i] = binomial(redrawRng, trials[i % T], rates[i % T]);
    }
    if (attainableOnly) {
      let r = 0;
      cellKs.forEach((k, i) => {
        for (const metric of ['passAtK', 'passHatK']) {
          const mean = average[i][metric].value;
          const own = estimates[r++];
          if (own.population) own.population[d - first] = mean;
          if (own.benchmark) own.benchmark[d - first] = mean - benchmarkTruth(rates, trials, metric, k);
        }
      });
      continue;
    }
    // Without the this-benchmark estimand, the task-population interval alone (the same interval
    // taskAverageIntervals returns: groupsPopulationInterval with the moment Beta of the same groups),
    // not the grid fit the this-benchmark interval needs.
    const intervals = estimands.includes('benchmark')
      ? taskAverageIntervals(tasks, cellKs, { confidence, sides: 2 })
      : populationIntervals(tasks, cellKs, confidence);
    const gateIntervals = oneSided && estimands.includes('benchmark') ? taskAverageIntervals(tasks, cellKs, gateLevel) : null;
    const groups = records[0].narrower ? countGroups(tasks) : null;
    const prior = groups ? momentBetaPrior(groups) : null;
    const boot = bootstrap > 0 ? bootstrapTaskAverage(tasks, { ks: cellKs, replicates: bootstrap, seed: `${seed}/${d}`, confidence, sides: 2 }) : null;
    let r = 0;
    cellKs.forEach((k, i) => {
      for (const metric of ['passAtK', 'passHatK']) {
        const own = estimates[r];
        const record = records[r++];
        const benchTruth = benchmarkTruth(rates, trials, metric, k);
        const mean = average[i][metric];
        if (own.population) own.population[d - first] = mean.value;
        if (own.benchmark) own.benchmark[d - first] = mean.value - benchTruth;
        const naive = { lower: Math.max(0, mean.value - z * mean.se), upper: Math.min(1, mean.value + z * mean.se) };
        if (record.population) {
          const values = Float64Array.from(
            tasks.filter((task) => task.n >= k),
            (task) => taskEstimate(metric, task.n, task.c, k),
          );
          const pop = {
            naive,
            score: intervals[i][metric].population,
            'empirical-bernstein': empiricalBernsteinInterval(values, { confidence, sides: 2 }),
          };
          if (oneSided)
            pop['score-lower'] = { lower: taskAverageBound(tasks, { metric, k, confidence, side: 'lower', estimand: 'population' }).bound, upper: 1 };
          if (boot) pop.bootstrap = boot[i][metric];
          for (const [m, bounds] of Object.entries(pop)) count(record.population[m], bounds, record.truth);
          coveredByDefault[r - 1].population[d - first] = covers(pop[DEFAULTS.population], record.truth);
          if (record.narrower) {
            const groupValuesAtK = groupValues(groups, metric, k);
            const floor = populationFloor(groups, metric, k, prior);
            const exact = binaryExactBounds(groupValuesAtK, 1 - confidence);
            const allOnes = groupValuesAtK.every(({ value, weight }) => weight === 0 || value === 1);
            // As taskAverageBound: the bound valid for every population where the default's score
            // bound is at its edge.
            const tail =
              exact === null && atScoreEdge(groupValuesAtK, gateLevel, floor, 'lower') ? populationTailBound(groups, metric, k, 1 - confidence, 'lower') : null;
            for (const candidate of NARROWER) {
              const own = record.narrower.population[candidate];
              count(own.score, narrowerInterval(candidate, groupValuesAtK, floor, confidence), record.truth);
              const gate = narrowerInterval(candidate, groupValuesAtK, floor, 2 * confidence - 1);
              // As taskAverageBound: on 0/1 values the exact bound where further out, and alone where every value is 1.
              const withExact = exact !== null && candidate !== 'CP' && candidate !== 'all';
              const lower = tail !== null && candidate !== 'tail' ? tail : !withExact ? gate.lower : allOnes ? exact.lower : Math.min(gate.lower, exact.lower);
              count(own['score-lower'], { lower, upper: 1 }, record.truth);
            }
          }
        }
        if (record.benchmark) {
          const bench = { naive, 'trial-noise': intervals[i][metric].benchmark };
          if (oneSided) bench['trial-noise-lower'] = { lower: gateIntervals[i][metric].benchmark.lower, upper: 1 };
          if (boot) bench.bootstrap = boot[i][metric];
          for (const [m, bounds] of Object.entries(bench)) count(record.benchmark[m], bounds, benchTruth);
          coveredByDefault[r - 1].benchmark[d - first] = covers(bench[DEFAULTS.benchmark], benchTruth);
          const { se } = intervals[i][metric].benchmark;
          const truthNoise = trialNoise(rates, trials, metric, k);
          const used = trials.filter((nt) => nt >= k).length;
          const sums = noiseSums[r - 1];
          sums.estimated += se * se;
          sums.truth += truthNoise;
          sums.twoSided += normalTheoryCoverage(studentTQuantile(1 - (1 - confidence) / 2, used - 1) * se, truthNoise, 2);
          sums.lower += normalTheoryCoverage(studentTQuantile(confidence, used - 1) * se, truthNoise, 1);
          const redraw = redrawCoverage(redrawn, trials, metric, k, benchTruth, {
            twoSided: studentTQuantile(1 - (1 - confidence) / 2, used - 1) * se,
            lower: studentTQuantile(confidence, used - 1) * se,
          });
          sums.redrawTwoSided += redraw.twoSided;
          sums.redrawLower += redraw.lower;
          addPair(sums, mean.value - benchTruth, se);
          addPair(sums.absolute, Math.abs(mean.value - benchTruth), se);
        }
      }
    });
  }
  records.forEach((record, r) => {
    record.attainable = Object.fromEntries(
      estimands.map((estimand) => [
        estimand,
        attainableSummary(
          estimates[r][estimand],
          estimand === 'population' ? record.truth : 0,
          attainableOnly ? undefined : coveredByDefault[r][estimand],
          // The tasks the estimate averages (n ≥ k): what bounds a valid lower bound (`forcedLowerBoundShare`).
          estimand === 'population' ? trials.filter((m) => m >= record.k).length : undefined,
          // …and the design of those tasks (`twoPointBoundCap`).
          estimand === 'population' ? { trials: Array.from(trials).filter((m) => m >= record.k), metric: record.metric, k: record.k } : undefined,
        ),
      ]),
    );
    if (attainableOnly) return;
    // What coverageReasons.mjs reads for 'wider than noise' (`noiseCheck`).
    if (record.benchmark) record.noise = noiseCheck(noiseSums[r], datasets, oneSided);
    const summary = (t) => ({ coverage: t.covered / datasets, missBelow: t.below / datasets, missAbove: t.above / datasets, meanWidth: t.width / datasets });
    for (const estimand of estimands) {
      for (const m of Object.keys(record[estimand])) record[estimand][m] = summary(record[estimand][m]);
    }
    for (const methods of Object.values(record.narrower?.population ?? {})) for (const m of Object.keys(methods)) methods[m] = summary(methods[m]);
  });
  return records;
}

/** taskAverageIntervals' task-population intervals alone, in its shape (rows of { passAtK: { population }, passHatK: … }). */
function populationIntervals(tasks, ks, confidence) {
  const groups = countGroups(tasks);
  const prior = momentBetaPrior(groups);
  const row = (metric, k) => ({ population: groupsPopulationInterval(groups, metric, k, { confidence, sides: 2 }, prior) });
  return ks.map((k) => ({ k, passAtK: row('passAtK', k), passHatK: row('passHatK', k) }));
}

/** This benchmark's truth: the mean of θ(p_t) over the dataset's tasks with n_t ≥ k (`trials`: each task's n; all when left out). */
function benchmarkTruth(rates, trials, metric, k) {
  let total = 0;
  let count = 0;
  for (let t = 0; t < rates.length; t++) {
    if (trials !== null && trials[t] < k) continue;
    total += truthAt(metric, rates[t], k);
    count++;
  }
  return total / count;
}

/**
 * The coverage the interval x̂ ± h would have if the estimate's error were normal with the true trial
 * noise as its variance: 2Φ(h/√v) − 1 (`sides` 2), Φ(h/√v) for the lower bound x̂ − h (`sides` 1);
 * 1 where v = 0 (every task at p = 0 or 1: no error at all).
 */
export function normalTheoryCoverage(halfWidth, variance, sides) {
  if (!(variance > 0)) return 1;
  const tail = normalCdf(-halfWidth / Math.sqrt(variance));
  return sides === 2 ? 1 - 2 * tail : 1 - tail;
}

/**
 * A benchmark record's `noise` from the sums over its datasets: `ratio` E[SE²]/E[true trial noise],
 * and the mean normal-theory coverage (`normalTheoryCoverage` at the interval's own quantile and SE)
 * of the two-sided default (`trial-noise`) and of the lower bound (`trial-noise-lower`); where the
 * sums hold them, the same from redrawn trials (`redrawCoverage`) and `errorSeCorrelation`, the
 * correlation of x̄ − θ with the SE over the datasets (`correlation`), and `absErrorSeCorrelation`,
 * that of |x̄ − θ| with the SE (the two-sided interval's 'SE follows the error', bench/coverageReasons.mjs).
 */
function noiseCheck(sums, datasets, withLower = true) {
  return {
    ratio: sums.estimated / sums.truth,
    normalCoverage: { 'trial-noise': sums.twoSided / datasets, ...(withLower ? { 'trial-noise-lower': sums.lower / datasets } : {}) },
    ...(sums.redrawTwoSided === undefined
      ? {}
      : {
          redrawCoverage: { 'trial-noise': sums.redrawTwoSided / datasets, ...(withLower ? { 'trial-noise-lower': sums.redrawLower / datasets } : {}) },
          errorSeCorrelation: correlation(sums),
          ...(sums.absolute === undefined ? {} : { absErrorSeCorrelation: correlation(sums.absolute) }),
        }),
  };
}

/** Running sums of pairs (x, y) for `correlation`. */
const CORRELATION_SUMS = { pairs: 0, x: 0, y: 0, xx: 0, yy: 0, xy: 0 };

/** Adds the pair (x, y) to `sums` (CORRELATION_SUMS' fields). */
function addPair(sums, x, y) {
  sums.pairs++;
  sums.x += x;
  sums.y += y;
  sums.xx += x * x;
  sums.yy += y * y;
  sums.xy += x * y;
}

/** Pearson's correlation of the pairs summed in `sums`; 0 when either varies not at all. */
export function correlation({ pairs, x, y, xx, yy, xy }) {
  const sxx = xx - (x * x) / pairs;
  const syy = yy - (y * y) / pairs;
  return sxx > 0 && syy > 0 ? (xy - (x * y) / pairs) / Math.sqrt(sxx * syy) : 0;
}

/**
 * `redrawCoverage` of compare's this-benchmark difference: the share of the `redrawsFor(T)` fresh draws of
 * both agents' trials (`redrawnA`, `redrawnB`, rows of T counts; `trials` each task's n) whose
 * difference of task averages x̄*_B − x̄*_A is within `halfWidth` of the dataset's truth `truth`.
 */
export function redrawDifferenceCoverage(redrawnA, redrawnB, trials, metric, k, truth, halfWidth) {
  const T = trials.length;
  const draws = redrawnA.length / T;
  const tables = estimateTables(trials, metric, k);
  let covered = 0;
  for (let j = 0; j < draws; j++) {
    let total = 0;
    for (let t = 0; t < T; t++) {
      const g = tables.get(trials[t]);
      total += g[redrawnB[j * T + t]] - g[redrawnA[j * T + t]];
    }
    if (Math.abs(total / T - truth) <= halfWidth) covered++;
  }
  return covered / draws;
}

/** Fresh trial outcomes drawn per dataset for `redrawCoverage`: 200 up to T = 30, fewer (at least 20) for more tasks. */
export const redrawsFor = (T) => Math.max(20, Math.min(200, Math.floor(6000 / T)));

/** Per task n, each count's estimate g(c) (`taskEstimate`), for the redraws' inner loops. */
function estimateTables(trials, metric, k) {
  const tables = new Map();
  for (const n of trials)
    if (n >= k && !tables.has(n))
      tables.set(
        n,
        Float64Array.from({ length: n + 1 }, (_, c) => taskEstimate(metric, n, c, k)),
      );
  return tables;
}

/**
 * The coverage the interval's own half-widths would have against the estimate's true trial noise,
 * without a normal approximation: over `redrawsFor(T)` fresh draws of the dataset's trials from its true
 * rates (`redrawn`, redrawsFor(T) rows of T counts; `trials` each task's n), the share of redrawn estimates
 * x̄* with |x̄* − θ| ≤ h.twoSided, and with x̄* − h.lower ≤ θ (θ the dataset's truth `truth`). The
 * half-widths are the dataset's own (held fixed: the check of the width, not of how the SE moves
 * with the error).
 */
export function redrawCoverage(redrawn, trials, metric, k, truth, h) {
  const T = trials.length;
  const draws = redrawn.length / T;
  const tables = estimateTables(trials, metric, k);
  let twoSided = 0;
  let lower = 0;
  for (let j = 0; j < draws; j++) {
    let total = 0;
    let used = 0;
    for (let t = 0; t < T; t++) {
      if (trials[t] < k) continue;
      total += tables.get(trials[t])[redrawn[j * T + t]];
      used++;
    }
    const error = total / used - truth;
    if (Math.abs(error) <= h.twoSided) twoSided++;
    if (error <= h.lower) lower++;
  }
  return { twoSided: twoSided / draws, lower: lower / draws };
}

/** `trialNoise` of T tasks with n trials each. */
const equalTrialNoise = (rates, metric, k, n) => trialNoise(rates, new Int32Array(rates.length).fill(n), metric, k);

/**
 * The true trial noise of this benchmark's estimate: Var(x̄ | p) = Σ_t Var(θ̂_t | p_t) / T² over the
 * dataset's tasks with n_t ≥ k, Var(θ̂ | p) = E[g(C)² | p] − G(p)² (`estimatorMomentsAt`).
 */
export function trialNoise(rates, trials, metric, k) {
  let total = 0;
  let used = 0;
  for (let t = 0; t < rates.length; t++) {
    if (trials[t] < k) continue;
    const { first, second } = estimatorMomentsAt(metric, trials[t], k, rates[t]);
    total += Math.max(0, second - first * first);
    used++;
  }
  return total / (used * used);
}

/** Whether `bounds` contain `truth` (as `count` counts a cover). */
const covers = (bounds, truth) => !(bounds.upper < truth) && !(bounds.lower > truth);

/** Adds one interval to a tally { covered, below, above, width } against its truth. */
export function count(tally, bounds, truth) {
  if (bounds.upper < truth) tally.below++;
  else if (bounds.lower > truth) tally.above++;
  else tally.covered++;
  tally.width += bounds.upper - bounds.lower;
}

/**
 * Compare cells: agent A's tasks from the population, agent B's rate on each task
 * logistic(logit p_A + shift + spread·Z) (uneven gains; point masses at 0 and 1 stay put), both run
 * n times per task. Two estimands, as for one run: the task population's difference
 * E[θ(p_B) − θ(p_A)] (`difference`), by quadrature (betaQuadrature over p_A, logitNormalQuadrature
 * over the gain), and this benchmark's, (1/T) Σ_t θ(p_B,t) − θ(p_A,t) over the dataset's own tasks
 * (`benchmark`). Methods: the naive paired normal interval mean(D) ± z·sd(D)/√T for both, and the
 * defaults `pairedDifferenceInterval` (score) and `benchmarkDifferenceInterval` kept within it
 * (trial-noise; `withinPopulationInterval`), as `passk compare` prints them.
 */
export const COMPARE = { shift: 0.5, spread: 0.5 };
export const COMPARE_METHODS = { difference: ['naive', 'score'], benchmark: ['naive', 'trial-noise'] };
/** The compare intervals passk prints by default, per estimand. */
export const COMPARE_DEFAULTS = { difference: 'score', benchmark: 'trial-noise' };
/** The estimands of the compare cells: the population's difference and this benchmark's. */
export const COMPARE_ESTIMANDS = Object.keys(COMPARE_METHODS);

/**
 * The narrower candidates of compare's task-population difference (`pairedDifferenceInterval`), each
 * the default with one part switched off: the empirical-likelihood union left out (`EL`), the
 * variance floors (trial noise and (σ_A − σ_B)²) left out, with the t quantile at T − 1 they then
 * imply (`floors`), the calibrated quantile replaced by the normal one (`quantile`), the bounds of
 * a sparse arm left out (`exact`, `degenerateDifferenceBounds`), those bounds kept only where an
 * arm is all at 0 or all at 1, as before the cells3 round (`sparse`: the arms with 1 or 2 tasks
 * above 0 and none at 1, or mirrored, left out), and `EL`, `floors`, `quantile` and `exact` at once (`all`).
 * bench/coverageReasons.mjs ('… needed') reads their coverage.
 */
export const DIFFERENCE_NARROWER = ['EL', 'floors', 'quantile', 'exact', 'sparse', 'all'];

/** The interval of DIFFERENCE_NARROWER `candidate` on `pairs` (as `pairedDifferenceInterval` computes it, one part off; any other name: the default). */
export function narrowerDifference(candidate, pairs, metric, k, { confidence, sides }, fits) {
  const { differences, noises, spread, estimatesA, estimatesB } = pairedDifferenceParts(pairs, metric, k, fits);
  const T = differences.length;
  if (T < 2) return null;
  const mean = differences.reduce((s, d) => s + d, 0) / T;
  const s2 = differences.reduce((s, d) => s + (d - mean) ** 2, 0) / (T - 1);
  const noise = noises.reduce((s, v) => s + v, 0) / T;
  const tail = sides === 2 ? (1 - confidence) / 2 : 1 - confidence;
  const withFloors = candidate !== 'floors' && candidate !== 'all';
  const floor = withFloors ? Math.max(noise, spread) : 0;
  const quantile =
    candidate === 'quantile' || candidate === 'all'
      ? normalQuantile(1 - tail)
      : withFloors
        ? flooredDifferenceQuantile(s2, noise, spread, noises, T, tail, sides)
        : studentTQuantile(1 - tail, T - 1);
  const df = withFloors ? flooredDifferenceDf(s2, noise, spread, noises, T) : T - 1;
  const values = differences.map((difference) => ({ value: (difference + 1) / 2, weight: 1 }));
  const bounds = populationInterval(values, { confidence, sides }, { variance: floor / 4 }, df, quantile);
  if (bounds === null) return null;
  // `exact` and `all` leave out the bounds of a sparse arm (`degenerateDifferenceBounds`); `sparse`
  // keeps them only for an arm all at 0 or all at 1 (at most 0 tasks above 0, or below 1).
  const exact =
    candidate === 'exact' || candidate === 'all'
      ? null
      : degenerateDifferenceBounds(pairs, metric, k, estimatesA, estimatesB, tail, ...(candidate === 'sparse' ? [0] : []));
  const score = {
    lower: Math.min(2 * bounds.lower - 1, exact?.lower ?? Infinity),
    upper: sides === 2 ? Math.max(2 * bounds.upper - 1, exact?.upper ?? -Infinity) : 1,
  };
  if (candidate === 'EL' || candidate === 'all') return score;
  const likelihood = empiricalLikelihoodInterval(differences, studentTQuantile(1 - tail, T - 1) ** 2);
  return {
    lower: Math.min(score.lower, likelihood?.lower ?? Infinity),
    upper: sides === 2 ? Math.max(score.upper, likelihood?.upper ?? -Infinity) : 1,
  };
}

export function differenceTruth(name, k, metric) {
  const theta = (p) => truthAt(metric, p, k);
  let total = 0;
  for (const part of populationOf(name).parts) {
    // A point mass is one node; a quantile part 2000 midpoints in u; a Beta part its 64-point rule.
    const rule =
      'at' in part
        ? { nodes: [part.at], weights: [1] }
        : 'quantile' in part
          ? { nodes: Array.from({ length: 2000 }, (_, i) => part.quantile((i + 0.5) / 2000)), weights: new Array(2000).fill(1 / 2000) }
          : betaQuadrature(part.a, part.b, 64);
    for (let i = 0; i < rule.nodes.length; i++) {
      const p = rule.nodes[i];
      if (p <= 0 || p >= 1) continue; // the difference is 0 on tasks at 0 or 1
      const gain = logitNormalQuadrature(Math.log(p) - Math.log1p(-p) + COMPARE.shift, COMPARE.spread);
      let inner = 0;
      for (let j = 0; j < gain.nodes.length; j++) inner += gain.weights[j] * theta(gain.nodes[j]);
      total += part.weight * rule.weights[i] * (inner - theta(p));
    }
  }
  return total;
}

/** Dataset d of a compare cell: T tasks run n times by both agents (`compareDatasetWithRates`, without the rates). */
export function compareDataset(population, n, T, seed, d) {
  return compareDatasetWithRates(population, n, T, seed, d).pairs;
}

/**
 * Dataset d of a compare cell from the stream (seed, 'coverage-compare', population, n, T, d):
 * `pairs`, T tasks run n times by both agents, and `rates`, each task's { a: p_A, b: p_B }.
 */
export function compareDatasetWithRates(population, n, T, seed, d) {
  const pop = populationOf(population);
  const rng = streamRng(seed, 'coverage-compare', population, n, T, d);
  const pairs = new Array(T);
  const rates = new Array(T);
  for (let t = 0; t < T; t++) {
    const pA = drawRate(rng, pop);
    const gain = COMPARE.shift + COMPARE.spread * standardNormal(rng);
    const pB = pA === 0 || pA === 1 ? pA : 1 / (1 + ((1 - pA) / pA) * Math.exp(-gain));
    pairs[t] = { a: { n, c: binomial(rng, n, pA) }, b: { n, c: binomial(rng, n, pB) } };
    rates[t] = { a: pA, b: pB };
  }
  return { pairs, rates };
}

/**
 * A compare cell's records, one per (k, metric): per estimand (`difference`: the population's,
 * `benchmark`: this benchmark's) and method { coverage, missBelow, missAbove, meanWidth }, and
 * zeroShare, the mean share of tasks whose difference D_t is exactly 0 (the discreteness of the
 * cell), and `attainable.difference` / `attainable.benchmark`, the attainable coverage of D̄ against
 * the population's difference, and of the error D̄ − (1/T) Σ θ(p_B,t) − θ(p_A,t) around 0
 * (`attainableSummary`; `attainableOnly`: those fields alone, no interval). `narrower` adds
 * `narrower.difference[candidate].score` (DIFFERENCE_NARROWER, on the same datasets); `narrowerOnly`
 * measures the default task-population difference and those alone (the rest of the record stays 0).
 */
export function measureCompareCell({
  population,
  n,
  T,
  ks,
  datasets,
  seed,
  confidence = 0.95,
  first = 0,
  attainableOnly = false,
  narrower = false,
  narrowerOnly = false,
}) {
  const cellKs = cellKsOf(ks, n);
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const level = { confidence, sides: 2 };
  const records = [];
  for (const k of cellKs)
    for (const metric of ['passAtK', 'passHatK']) {
      const tallies = (estimand) => Object.fromEntries(COMPARE_METHODS[estimand].map((m) => [m, { covered: 0, below: 0, above: 0, width: 0 }]));
      records.push({
        distribution: population,
        n,
        T,
        k,
        metric,
        datasets,
        truth: differenceTruth(population, k, metric),
        zeroShare: 0,
        difference: tallies('difference'),
        benchmark: tallies('benchmark'),
        ...(narrower || narrowerOnly
          ? { narrower: { difference: Object.fromEntries(DIFFERENCE_NARROWER.map((c) => [c, { score: { covered: 0, below: 0, above: 0, width: 0 } }])) } }
          : {}),
      });
    }
  const means = records.map(() => new Float64Array(datasets));
  const errors = records.map(() => new Float64Array(datasets));
  const coveredBy = records.map(() => ({ difference: new Uint8Array(datasets), benchmark: new Uint8Array(datasets) }));
  const noiseSums = records.map(() => ({ estimated: 0, truth: 0, twoSided: 0, redrawTwoSided: 0, ...CORRELATION_SUMS, absolute: { ...CORRELATION_SUMS } }));
  // Per dataset, redrawsFor(T) fresh trial outcomes of both agents on its own tasks (`redrawCoverage`).
  const redrawnA = new Int32Array(redrawsFor(T) * T);
  const redrawnB = new Int32Array(redrawsFor(T) * T);
  const designOf = new Int32Array(T).fill(n);
  for (let d = first; d < first + datasets; d++) {
    const { pairs, rates } = compareDatasetWithRates(population, n, T, seed, d);
    if (!attainableOnly && !narrowerOnly) {
      const redrawRng = streamRng(seed, 'coverage-compare-redraw', population, n, T, d);
      for (let i = 0; i < redrawnA.length; i++) {
        redrawnA[i] = binomial(redrawRng, n, rates[i % T].a);
        redrawnB[i] = binomial(redrawRng, n, rates[i % T].b);
      }
    }
    const fits = new PopulationFits(); // each agent's population fitted once for the dataset's ks and metrics
    const groupsA = countGroups(pairs.map(({ a }) => a));
    const groupsB = countGroups(pairs.map(({ b }) => b));
    let r = 0;
    for (const k of cellKs)
      for (const metric of ['passAtK', 'passHatK']) {
        const record = records[r++];
        let sum = 0;
        let squares = 0;
        for (const { a, b } of pairs) {
          const difference = taskEstimate(metric, n, b.c, k) - taskEstimate(metric, n, a.c, k);
          sum += difference;
          squares += difference * difference;
          if (difference === 0) record.zeroShare++;
        }
        const mean = sum / T;
        const benchmarkTruthOfDataset =
          benchmarkTruth(
            rates.map(({ b }) => b),
            null,
            metric,
            k,
          ) -
          benchmarkTruth(
            rates.map(({ a }) => a),
            null,
            metric,
            k,
          );
        means[r - 1][d - first] = mean;
        errors[r - 1][d - first] = mean - benchmarkTruthOfDataset;
        if (attainableOnly) continue;
        const se = Math.sqrt(Math.max(0, (squares - T * mean * mean) / (T - 1)) / T);
        const naive = { lower: Math.max(-1, mean - z * se), upper: Math.min(1, mean + z * se) };
        const score = pairedDifferenceInterval(pairs, metric, k, level, fits);
        count(record.difference.score, score, record.truth);
        coveredBy[r - 1].difference[d - first] = covers(score, record.truth);
        if (record.narrower)
          for (const candidate of DIFFERENCE_NARROWER)
            count(record.narrower.difference[candidate].score, narrowerDifference(candidate, pairs, metric, k, level, fits), record.truth);
        // narrowerOnly: the default and the candidates alone (`--narrower`), not this benchmark's fits.
        if (narrowerOnly) continue;
        // As `compareRuns` prints it: within the task-population interval.
        const benchmarkDifference = benchmarkDifferenceInterval(
          { groups: groupsA, prior: fits.grid(groupsA) },
          { groups: groupsB, prior: fits.grid(groupsB) },
          metric,
          k,
          level,
        );
        const trialNoiseInterval = withinPopulationInterval(benchmarkDifference, score);
        const differenceNoise =
          equalTrialNoise(
            rates.map(({ a }) => a),
            metric,
            k,
            n,
          ) +
          equalTrialNoise(
            rates.map(({ b }) => b),
            metric,
            k,
            n,
          );
        const sums = noiseSums[r - 1];
        sums.estimated += benchmarkDifference.se ** 2;
        sums.truth += differenceNoise;
        const halfWidth = studentTQuantile(1 - (1 - confidence) / 2, benchmarkDifference.df) * benchmarkDifference.se;
        sums.twoSided += normalTheoryCoverage(halfWidth, differenceNoise, 2);
        sums.redrawTwoSided += redrawDifferenceCoverage(redrawnA, redrawnB, designOf, metric, k, benchmarkTruthOfDataset, halfWidth);
        addPair(sums, mean - benchmarkTruthOfDataset, benchmarkDifference.se);
        addPair(sums.absolute, Math.abs(mean - benchmarkTruthOfDataset), benchmarkDifference.se);
        count(record.difference.naive, naive, record.truth);
        count(record.benchmark.naive, naive, benchmarkTruthOfDataset);
        count(record.benchmark['trial-noise'], trialNoiseInterval, benchmarkTruthOfDataset);
        coveredBy[r - 1].benchmark[d - first] = covers(trialNoiseInterval, benchmarkTruthOfDataset);
      }
  }
  records.forEach((record, r) => {
    record.zeroShare /= T * datasets;
    if (!attainableOnly) record.noise = noiseCheck(noiseSums[r], datasets, false);
    record.attainable = {
      difference: attainableSummary(means[r], record.truth, attainableOnly ? undefined : coveredBy[r].difference),
      benchmark: attainableSummary(errors[r], 0, attainableOnly ? undefined : coveredBy[r].benchmark),
    };
    const summary = (t) => ({ coverage: t.covered / datasets, missBelow: t.below / datasets, missAbove: t.above / datasets, meanWidth: t.width / datasets });
    for (const estimand of COMPARE_ESTIMANDS) for (const m of COMPARE_METHODS[estimand]) record[estimand][m] = summary(record[estimand][m]);
    for (const candidate of Object.values(record.narrower?.difference ?? {})) candidate.score = summary(candidate.score);
  });
  return records;
}
