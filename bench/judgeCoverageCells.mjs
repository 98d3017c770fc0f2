// The cells of `pnpm bench:judge-coverage` (bench/judgeCoverage.mjs) and of its reduced form in the
// tests (test/sim/judged/judgeCoverage.test.ts): logs drawn from a known truth, judged by a judge
// with known false accept / false reject, a random audit of the tasks, and the coverage of the
// judge-corrected interval (judgeCorrectedEstimates) beside the judge-only and audit-only ones.
import { judgeCorrectedEstimates } from '../packages/sim/dist/judged/judgeCorrectedEstimates.js';
import { judgeCorrectedDifference } from '../packages/sim/dist/judged/judgeCorrectedDifference.js';
import { beta } from '../packages/sim/dist/distributions/beta.js';
import { logBeta } from '../packages/sim/dist/math/logBeta.js';
import { streamRng } from '../packages/sim/dist/rng/streams.js';

/** The task population: p_t ~ Beta(1.8, 1.2) (mean 0.6, concentration 3). */
export const POPULATION = { a: 1.8, b: 1.2 };
/** Attempts per task. */
export const TRIALS = 5;
/** The metrics measured: pass@1 and pass^3 (n = 5). */
export const METRICS = [
  { metric: 'passAtK', k: 1 },
  { metric: 'passHatK', k: 3 },
];
/** The grid of issue #39. */
export const GRID = {
  falseAccept: [0.05, 0.3, 0.8],
  falseReject: [0.02, 0.2],
  auditFraction: [0.1, 0.3],
  tasks: [50, 200],
};
/** The compare part's grid (`--compare`): 30 % of the tasks audited in both runs. */
export const COMPARE_GRID = { ...GRID, auditFraction: [0.3] };
/** The intervals measured per cell. */
export const ESTIMATES = ['corrected', 'judgeOnly', 'auditOnly'];

/** The population's pass@k = 1 − B(a, b + k)/B(a, b) and pass^k = B(a + k, b)/B(a, b). */
export function populationTruth(metric, k, { a, b } = POPULATION) {
  return metric === 'passAtK' ? -Math.expm1(logBeta(a, b + k) - logBeta(a, b)) : Math.exp(logBeta(a + k, b) - logBeta(a, b));
}

/**
 * One dataset: T tasks with p_t from the population, n attempts each, correct with probability p_t;
 * the judge accepts a correct attempt with probability 1 − falseReject, a wrong one with
 * falseAccept; round(fraction·T) tasks drawn without replacement carry the truth on all attempts.
 */
export function drawJudgedLog(rng, { falseAccept, falseReject, auditFraction, T, n = TRIALS, population = POPULATION }) {
  const tasks = [];
  for (let t = 0; t < T; t++) {
    const p = beta(rng, population.a, population.b);
    let correct = 0;
    let accepted = 0;
    for (let i = 0; i < n; i++) {
      const right = rng.uniform() < p;
      correct += right ? 1 : 0;
      accepted += rng.uniform() < (right ? 1 - falseReject : falseAccept) ? 1 : 0;
    }
    tasks.push({ n, c: accepted, correct });
  }
  const audited = auditedTasks(rng, T, auditFraction);
  return tasks.map(({ n, c, correct }, t) => (audited.has(t) ? { n, c, truth: correct } : { n, c }));
}

/**
 * One cell { falseAccept, falseReject, auditFraction, T }: per metric of `METRICS`, for each
 * estimate of `ESTIMATES` the coverage of the population's truth, the misses below and above, and
 * the mean width, over `datasets` datasets; dataset d uses the stream (seed, 'judge', cell, d).
 */
export function measureJudgeCell(cell) {
  return measureCell(cell, { key: '', truth: populationTruth, draw: drawJudgedLog, estimate: judgeCorrectedEstimates });
}

/**
 * Compare cells: agent A's task rates p from the population, agent B's 1 − (1 − p)² on the same
 * task (B solves what A solves in one of two tries), both judged by the same judge, the same tasks
 * audited in both runs. The truth: B's population pass@1 is A's pass@2, and its pass^3 is
 * E[(1 − q²)³] = 1 − 3E q² + 3E q⁴ − E q⁶ with q = 1 − p, E q^j = B(a, b + j)/B(a, b).
 */
export function differenceTruth(metric, k, { a, b } = POPULATION) {
  const moment = (j) => Math.exp(logBeta(a, b + j) - logBeta(a, b));
  const truthB = metric === 'passAtK' ? 1 - moment(2) : 1 - 3 * moment(2) + 3 * moment(4) - moment(6);
  if (!(metric === 'passAtK' ? k === 1 : k === 3)) throw new Error('differenceTruth: pass@1 and pass^3 only');
  return truthB - populationTruth(metric, k);
}

/** Two runs of the same tasks, judged, audited on the same tasks (`differenceTruth` for the rates). */
export function drawJudgedPairs(rng, { falseAccept, falseReject, auditFraction, T, n = TRIALS, population = POPULATION }) {
  const side = (p) => {
    let correct = 0;
    let accepted = 0;
    for (let i = 0; i < n; i++) {
      const right = rng.uniform() < p;
      correct += right ? 1 : 0;
      accepted += rng.uniform() < (right ? 1 - falseReject : falseAccept) ? 1 : 0;
    }
    return { n, c: accepted, correct };
  };
  const pairs = [];
  for (let t = 0; t < T; t++) {
    const p = beta(rng, population.a, population.b);
    pairs.push({ a: side(p), b: side(1 - (1 - p) ** 2) });
  }
  const audited = auditedTasks(rng, T, auditFraction);
  const task = ({ n, c, correct }, t) => (audited.has(t) ? { n, c, truth: correct } : { n, c });
  return pairs.map(({ a, b }, t) => ({ a: task(a, t), b: task(b, t) }));
}

/** The audit: round(fraction·T) of the T task indices, by a partial Fisher–Yates shuffle. */
function auditedTasks(rng, T, auditFraction) {
  const order = Array.from({ length: T }, (_, i) => i);
  const m = Math.round(auditFraction * T);
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(rng.uniform() * (T - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return new Set(order.slice(0, m));
}

/** One compare cell: per metric the coverage of B − A's truth by each estimate's interval (as `measureJudgeCell`). */
export function measureJudgeCompareCell(cell) {
  return measureCell(cell, { key: 'compare:', truth: differenceTruth, draw: drawJudgedPairs, estimate: judgeCorrectedDifference });
}

/** A cell of either kind: its datasets drawn by `draw`, estimated by `estimate`, each interval tallied against `truth`. */
function measureCell({ falseAccept, falseReject, auditFraction, T, datasets, seed, first = 0, confidence = 0.95 }, { key, truth, draw, estimate }) {
  const cellKey = `${key}${falseAccept}:${falseReject}:${auditFraction}:${T}`;
  const records = METRICS.map(({ metric, k }) => ({
    falseAccept,
    falseReject,
    auditFraction,
    T,
    audited: Math.round(auditFraction * T),
    metric,
    k,
    datasets,
    truth: truth(metric, k),
    ...Object.fromEntries(ESTIMATES.map((name) => [name, { covered: 0, below: 0, above: 0, width: 0, lambda: 0 }])),
  }));
  const ks = METRICS.map(({ k }) => k);
  for (let d = first; d < first + datasets; d++) {
    const rng = streamRng(seed, 'judge', cellKey, d);
    const rows = estimate(draw(rng, { falseAccept, falseReject, auditFraction, T }), ks, { confidence, sides: 2 });
    METRICS.forEach(({ metric }, i) => {
      const record = records[i];
      const row = rows[i][metric];
      for (const name of ESTIMATES) {
        const interval = row[name]?.interval;
        const tally = record[name];
        if (!interval) {
          tally.below++;
          continue;
        }
        if (record.truth < interval.lower) tally.above++;
        else if (record.truth > interval.upper) tally.below++;
        else tally.covered++;
        tally.width += interval.upper - interval.lower;
      }
      record.corrected.lambda += row.corrected.lambda;
    });
  }
  return summarise(records, datasets);
}

function summarise(records, datasets) {
  for (const record of records)
    for (const name of ESTIMATES) {
      const tally = record[name];
      record[name] = {
        coverage: tally.covered / datasets,
        missBelow: tally.below / datasets,
        missAbove: tally.above / datasets,
        meanWidth: tally.width / datasets,
        ...(name === 'corrected' ? { meanLambda: tally.lambda / datasets } : {}),
      };
    }
  return records;
}
