import { describe, expect, it } from 'vitest';
import {
  ATTEMPTS,
  BLOCK_LEVEL_OFFSET_PER_K,
  blockSumsLength,
  COST,
  COVERAGE,
  DELIVERED_CORRECT,
  DELIVERED_WRONG,
  ENGINE_METRICS,
  METRIC_COUNT,
} from '../../../packages/sim/src/engine/engineMetrics.js';
import { PARTIAL_FORMAT, type PartialResult } from '../../../packages/sim/src/engine/partialResult.js';
import { scenarioFingerprint } from '../../../packages/sim/src/engine/scenarioFingerprint.js';
import { simulatePartial } from '../../../packages/sim/src/engine/simulatePartial.js';
import { type ExactValues, summarise } from '../../../packages/sim/src/engine/summarise.js';
import { resolveScenario } from '../../../packages/sim/src/scenario/resolveScenario.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { DRAW_INTERVAL_METHODS, DRAW_INTERVAL_SCALES, DRAWN_WORDS } from '../../../packages/sim/src/uncertainty/drawInterval.js';
import { exactSpreadOverDraws } from '../../../packages/sim/src/uncertainty/exactOverDraws.js';
import { blockScenario } from '../../../packages/sim/src/uncertainty/blockScenario.js';
import { exactMetrics } from '../../../packages/sim/src/analytic/exactMetrics.js';
import { scenarioOf } from './engineChecks.js';

/**
 * A complete, unstopped partial result of `scenario` (T = 4 tasks, blocks of 64, K attempts) from
 * level-0 nodes whose replicates follow one another from 0: what the fixtures below lay their sums in.
 */
function partialOf(scenario: ReturnType<typeof scenarioOf>, K: number, nodes: PartialResult['nodes']): PartialResult {
  const replicates = nodes.reduce((sum, node) => sum + node.replicates, 0);
  return {
    format: PARTIAL_FORMAT,
    fingerprint: scenarioFingerprint(scenario, PARTIAL_FORMAT),
    path: 'general',
    blockSize: 64,
    tasks: 4,
    maxAttempts: K,
    replicates,
    done: replicates,
    stopped: false,
    ranges: [{ start: 0, end: replicates }],
    nodes,
  };
}

// T = 4 tasks, K = 1; sums built by hand: two replicates with totals y = 1 and 3 for every metric,
// and for cost y = 2 and 2 (no variation), deliveredCorrect y = 1 and 3.
function handPartial(scenario: ReturnType<typeof scenarioOf>): PartialResult {
  const K = 1;
  const sums = new Array(blockSumsLength(K)).fill(0);
  for (let m = 0; m < METRIC_COUNT; m++) {
    sums[m] = 1 + 3; // Σ y
    sums[METRIC_COUNT + m] = 1 + 9; // Σ y²
  }
  sums[6] = 4; // cost: Σ y = 2 + 2
  sums[METRIC_COUNT + 6] = 8; // Σ y² = 4 + 4
  sums[2 * METRIC_COUNT] = 2 * 1 + 2 * 3; // Σ y_cost·y_correct
  return partialOf(scenario, K, [{ level: 0, index: 0, replicates: 2, sums }]);
}

describe('summarise', () => {
  const scenario = scenarioOf([0.5, 0.5, 0.5, 0.5], { policy: { maxAttempts: 1 } }, 2);

  it('mean = Σy/(R·T), SE = sd of replicate means/√R: totals 1 and 3 over 4 tasks → mean 0.5, SE 0.25 (by hand)', () => {
    const row = summarise(scenario, handPartial(scenario)).rows[0];
    // Replicate means 0.25 and 0.75: mean 0.5, sample sd √0.125, SE √0.125/√2 = 0.25.
    expect(row.coverage).toEqual({ value: 0.5, se: 0.25, exact: null });
    expect(row.cost).toEqual({ value: 0.5, se: 0, exact: null });
    // costPerCorrect = 0.5/0.5; delta method with Var_c = 0, Cov = 0: SE = ρ·SE_d/d̄ = 1·0.25/0.5 = 0.5.
    expect(row.costPerCorrect.value).toBe(1);
    expect(row.costPerCorrect.se).toBeCloseTo(0.5, 15);
  });

  it('puts the given exact values beside the estimates (the hook for the closed forms)', () => {
    expect(summarise(scenario, handPartial(scenario), { costPerCorrect: [2] }).rows[0]!.costPerCorrect.exact).toBe(2);
    const summary = summarise(scenario, handPartial(scenario), { coverage: [0.75], costPerCorrect: [null] });
    expect(summary.rows[0].coverage.exact).toBe(0.75);
    expect(summary.rows[0].passHatK.exact).toBeNull();
    expect(summary.rows[0].costPerCorrect.exact).toBeNull();
  });

  it('describes itself: seed, scenario, method and path, replicates and episodes', () => {
    const summary = summarise(scenario, handPartial(scenario));
    expect(summary).toMatchObject({ method: 'monteCarlo', path: 'general', seed: 11, tasks: 4, episodes: 8, complete: true, stopped: false });
    expect(summary.scenario).toBe(scenario);
  });

  it('costPerCorrect is null when nothing correct was delivered; SE is null with one replicate', () => {
    const summary = summarise(scenarioOf([0], {}, 1), simulatePartial(scenarioOf([0], {}, 1)));
    expect(summary.rows[0].costPerCorrect).toEqual({ value: null, se: null, exact: null });
    expect(summary.rows[0].coverage).toEqual({ value: 0, se: null, exact: null });
  });

  it('refuses a partial result of another scenario', () => {
    const other = scenarioOf([0.5, 0.5, 0.5, 0.5], { policy: { maxAttempts: 1 } }, 3);
    expect(() => summarise(other, handPartial(scenario))).toThrow(InputError);
    expect(() => summarise(other, handPartial(scenario))).toThrow(/partial.fingerprint: must match the scenario/);
  });
});

// R = 5 replicates of T = 4 tasks and K = 2: replicate totals per metric and k as in
// test/reference/monte_carlo_summary_reference.py, which printed the expected values below
// (numpy: sd with ddof = 1; the delta method in matrix form gᵀΣg/R). With R = 5 a Monte Carlo SE
// with ÷(R − 1) differs from ×(R − 1) or ÷R, and cost and correct answers covary.
const TOTALS = {
  [COVERAGE]: [
    [1, 3, 2, 4, 2],
    [3, 4, 2, 4, 3],
  ],
  [DELIVERED_CORRECT]: [
    [1, 2, 2, 3, 1],
    [2, 3, 2, 4, 3],
  ],
  [COST]: [
    [2.5, 4, 3.5, 6, 2],
    [4, 5.5, 3, 7, 5],
  ],
};

/** A partial result of the replicate totals above (other metrics 0), sums laid out as partialResult.ts documents. */
function fiveReplicates(scenario: ReturnType<typeof scenarioOf>): PartialResult {
  const K = 2;
  const width = METRIC_COUNT * K;
  const sums = new Array(blockSumsLength(K)).fill(0);
  for (const [m, perK] of Object.entries(TOTALS)) {
    perK.forEach((y, k) => {
      sums[Number(m) * K + k] = y.reduce((a, b) => a + b, 0);
      sums[width + Number(m) * K + k] = y.reduce((a, b) => a + b * b, 0);
    });
  }
  for (let k = 0; k < K; k++) {
    sums[2 * width + k] = TOTALS[COST][k].reduce((a, c, r) => a + c * TOTALS[DELIVERED_CORRECT][k][r], 0);
  }
  return partialOf(scenario, K, [{ level: 0, index: 0, replicates: 5, sums }]);
}

describe('summarise with R = 5 replicates (Python reference)', () => {
  const scenario = scenarioOf([0.5, 0.5, 0.5, 0.5], { policy: { maxAttempts: 2 } }, 5);
  // Summarised inside each test (not when the file is collected), so that a test sees the code as it runs then.
  const rows = () => summarise(scenario, fiveReplicates(scenario)).rows;
  // Printed by test/reference/monte_carlo_summary_reference.py.
  const reference = {
    coverage: [
      { value: 0.6, se: 0.12747548783981963 },
      { value: 0.8, se: 0.09354143466934853 },
    ],
    deliveredCorrect: [
      { value: 0.45, se: 0.09354143466934853 },
      { value: 0.7, se: 0.09354143466934853 },
    ],
    cost: [
      { value: 0.9, se: 0.17410485346480148 },
      { value: 1.225, se: 0.16955824957813168 },
    ],
    costPerCorrect: [
      { value: 2.0, se: 0.08784104611578836 },
      { value: 1.7500000000000002, se: 0.06313453403451323 },
    ],
  } as const;

  it.each(['coverage', 'deliveredCorrect', 'cost'] as const)('%s: mean Σy/(R·T) and SE sd(y/T)/√R with the (R − 1) variance', (metric) => {
    rows().forEach((row, k) => {
      expect(row[metric].value).toBeCloseTo(reference[metric][k].value, 14);
      expect(row[metric].se).toBeCloseTo(reference[metric][k].se, 14);
    });
  });

  it('costPerCorrect: ratio of the means, delta-method SE with the cost–correct covariance', () => {
    rows().forEach((row, k) => {
      expect(row.costPerCorrect.value).toBeCloseTo(reference.costPerCorrect[k].value, 14);
      expect(row.costPerCorrect.se).toBeCloseTo(reference.costPerCorrect[k].se, 14);
    });
  });

  it('metrics with no totals: mean 0 and SE 0; the over-cap figures are null without caps (the scenario has none)', () => {
    expect(rows()[1]!.abstained).toEqual({ value: 0, se: 0, exact: null });
    for (const metric of ['costOverCap', 'costOvershoot', 'latencyOverCap', 'latencyOvershoot'] as const) {
      expect(rows()[0]![metric], metric).toEqual({ value: null, se: null, exact: null });
    }
  });
});

// With measured parameters each block of 64 replicates draws its own parameters; summarise splits
// each metric's spread into a parameter part (between blocks) and Monte Carlo noise (within blocks).
// R = 278 replicates of T = 4 tasks in blocks of 64, 64, 64, 64 and 22, K = 2; replicate totals by
// formula (the same in test/reference/monte_carlo_blocks_reference.py, which printed the values
// below from the deviations from block means, scipy's F and t quantiles). Coverage has a closed form
// the verifier does not change (spread 0 over the draws: Monte Carlo part alone); the others take the
// spread between blocks, cost per correct answer by the delta method on both parts.
const BLOCK_SIZES = [64, 64, 64, 64, 22];

/** Replicate r's totals in block b at budget k (the reference's formulas). */
function blockTotals(r: number, b: number, k: number): Partial<Record<number, number>> {
  const correct = ((r + b * k) % 3) + (b === 4 && r % 4 === 0 ? 1 : 0);
  return {
    [COVERAGE]: (3 * r + 5 * b + k) % 5,
    [DELIVERED_CORRECT]: correct,
    [DELIVERED_WRONG]: (b % 2 === 0 ? r % 4 === 0 : r % 8 === 0) ? 1 : 0,
    [ATTEMPTS]: 4 + ((r + b) % 5) + 2 * (k - 1),
    [COST]: 0.02 * (1 + ((7 * r) % 11)) + 0.01 * b * k + 0.005 * correct,
  };
}

/** One node per block, its sums laid out as engineMetrics.ts documents (replicate sums, then the block terms Y²/n_b). */
function blockPartial(scenario: ReturnType<typeof scenarioOf>, sizes = BLOCK_SIZES, totals = blockTotals): PartialResult {
  const K = scenario.policy.maxAttempts;
  const width = METRIC_COUNT * K;
  const between = BLOCK_LEVEL_OFFSET_PER_K * K;
  let r = 0;
  const nodes = sizes.map((size, b) => {
    const sums = new Array(blockSumsLength(K)).fill(0);
    const blockTotal = new Array(width).fill(0);
    for (let i = 0; i < size; i++, r++) {
      for (let k = 1; k <= K; k++) {
        const y = totals(r, b, k);
        for (const [m, value] of Object.entries(y)) {
          const at = Number(m) * K + k - 1;
          sums[at] += value!;
          sums[width + at] += value! * value!;
          blockTotal[at] += value!;
        }
        sums[2 * width + k - 1] += (y[COST] ?? 0) * (y[DELIVERED_CORRECT] ?? 0);
      }
    }
    for (let at = 0; at < width; at++) sums[between + at] = (blockTotal[at] * blockTotal[at]) / size;
    for (let k = 1; k <= K; k++) sums[between + width + k - 1] = (blockTotal[COST * K + k - 1] * blockTotal[DELIVERED_CORRECT * K + k - 1]) / size;
    return { level: 0, index: b, replicates: size, sums };
  });
  return partialOf(scenario, K, nodes);
}

describe('summarise with measured parameters: blocks as the units (Python reference)', () => {
  // A measured verifier (its rates drawn per block) and a lognormal cost under a cost cap: no closed
  // form for the delivered answers, attempts and cost, one for coverage.
  const scenario = scenarioOf(
    [0.1, 0.3, 0.5, 0.7],
    {
      attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } },
      verifier: { measured: { falseAccept: { accepted: 40, wrong: 200 }, falseReject: { rejected: 10, right: 200 } } },
      policy: { maxAttempts: 2, budget: { cost: 0.05 } },
    },
    278,
  );
  // Printed by test/reference/monte_carlo_blocks_reference.py.
  const reference = {
    coverage: [
      // Centred on the closed form's logit (the draws agree on it; the synthetic totals do not match it).
      { value: 0.5008992805755396, se: 0.02137256192925223, lower: 0.3446082563473477, upper: 0.4580723509677457 },
      { value: 0.49910071942446044, se: 0.021374887923462895, lower: 0.5316027645098131, upper: 0.6459653230198226 },
    ],
    deliveredCorrect: [
      { value: 0.25539568345323743, se: 0.01756558601527343, lower: 0.1775262939944763, upper: 0.3527712283491504 },
      { value: 0.25089928057553956, se: 0.012793942891812392, lower: 0.21459955630470745, upper: 0.2910636500266047 },
    ],
    deliveredWrong: [
      { value: 0.048561151079136694, se: 0.013066237353857695, lower: 0.009308498476615815, upper: 0.21706926351777223 },
      { value: 0.048561151079136694, se: 0.013066237353857695, lower: 0.009308498476615815, upper: 0.21706926351777223 },
    ],
    attempts: [
      { value: 1.4901079136690647, se: 0.02125013096962792, lower: 1.4311080915536292, upper: 1.5491077357845002 },
      { value: 1.9901079136690647, se: 0.02125013096962792, lower: 1.9311080915536292, upper: 2.0491077357845002 },
    ],
    cost: [
      { value: 0.035431654676259, se: 0.002558616823961012, lower: 0.019652286352109753, upper: 0.05121102300040825 },
      { value: 0.039653776978417266, se: 0.005160451708982839, lower: 0.006286341834704924, upper: 0.07302121212212961 },
    ],
    costPerCorrect: [
      { value: 0.1387323943661972, se: 0.012057996195473422, lower: 0.07298604742624502, upper: 0.20447874130614935 },
      { value: 0.15804659498207885, se: 0.020206519441930925, lower: 0.03578896535232484, upper: 0.28030422461183285 },
    ],
  } as const;
  const closeTo = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));

  it.each(['coverage', 'deliveredCorrect', 'deliveredWrong', 'attempts', 'cost', 'costPerCorrect'] as const)(
    '%s: value, Monte Carlo SE over blocks, and the interval value ± t(B − 1)·√(parameter + Monte Carlo), cut to its range',
    (metric) => {
      const rows = summarise(scenario, blockPartial(scenario)).rows;
      rows.forEach((row, k) => {
        const estimate = row[metric];
        const expected = reference[metric][k]!;
        closeTo(estimate.value!, expected.value);
        closeTo(estimate.se!, expected.se);
        closeTo(estimate.interval!.lower, expected.lower);
        closeTo(estimate.interval!.upper, expected.upper);
        expect(estimate.interval!.level).toBe(0.95);
        const part = metric === 'coverage' ? DRAW_INTERVAL_METHODS.closedForm : DRAW_INTERVAL_METHODS.betweenBlocks;
        // A rate with a closed form takes its parameter part from the draws' logits (here all equal: the
        // attempts do not depend on the verifier), one without from the delta method.
        const scale = !RATES.includes(metric)
          ? DRAW_INTERVAL_SCALES.plain
          : metric === 'coverage'
            ? DRAW_INTERVAL_SCALES.logitDraws
            : DRAW_INTERVAL_SCALES.logit;
        expect(estimate.interval!.method).toBe(`${DRAWN_WORDS.verifier}; ${part.variance}; ${scale}, ${part.t}`);
      });
    },
  );

  it('a rate without a closed form within a log of episodes: value and Monte Carlo SE over blocks as above', () => {
    // Tasks refitted to a log of 12 tasks' episodes (T = 4 simulated), a perfect verifier and a
    // best-score selector with a threshold in parallel: delivered correct has no closed form
    // (exactSupport), and within the log (k ≤ 2) observedEpisodeRates maps it to the log's coverage.
    // Its value and SE come from the same replicate totals, so they are the reference's. Its interval
    // is not checked: coverage is not what this selector delivers (docs/testing.md, "Summary").
    const episodes = { outcomes: ['110', '011', '001', '000', '100', '010', '111', '000', '001', '101', '011', '000'], stopping: 'fixed', model: 'aic' };
    const fromLog = resolveScenario({
      seed: 7,
      tasks: {
        count: 4,
        successRate: { dist: 'beta', a: 1, b: 1 },
        resample: true,
        measured: { trials: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], successes: [2, 2, 1, 0, 1, 1, 3, 0, 1, 2, 2, 0], episodes },
      },
      selector: { kind: 'bestScore', separation: 1, threshold: 2 },
      policy: { maxAttempts: 2, mode: 'parallel' },
      run: { replicates: 278 },
    });
    const rows = summarise(fromLog, blockPartial(fromLog)).rows;
    rows.forEach((row, k) => {
      expect(row.basis).toBe('observed');
      closeTo(row.deliveredCorrect.value!, reference.deliveredCorrect[k]!.value);
      closeTo(row.deliveredCorrect.se!, reference.deliveredCorrect[k]!.se);
    });
  });

  it('says what was drawn and over how many blocks; metrics without totals or caps', () => {
    const summary = summarise(scenario, blockPartial(scenario));
    expect(summary.drawn).toEqual({ parameters: ['verifier.falseAccept', 'verifier.falseReject'], blocks: 5, prior: 'jeffreys' });
    expect(summary).toMatchObject({ replicates: { requested: 278, done: 278 }, episodes: 278 * 4, complete: true });
    // No cost over the cap in any replicate: 0 with no spread; no latency cap: null.
    expect(summary.rows[0]!.costOverCap).toMatchObject({ value: 0, se: 0, interval: { lower: 0, upper: 0 } });
    expect(summary.rows[0]!.latencyOverCap).toEqual({ value: null, se: null, exact: null });
  });

  it('intervals of rates stay in [0, 1], of amounts in [0, ∞): two blocks (t(1) = 12.7), totals 0 and 4 (rates) or 0 and 40 (amounts) in turn', () => {
    const capped = scenarioOf(
      [0.1, 0.3, 0.5, 0.7],
      {
        attempts: { cost: { perAttempt: { dist: 'lognormal', median: 0.02, sigma: 0.5 } } },
        verifier: { measured: { falseAccept: { accepted: 40, wrong: 200 }, falseReject: { rejected: 10, right: 200 } } },
        policy: { maxAttempts: 2, budget: { cost: 0.05, latency: 3 } },
      },
      66,
    );
    const alternate = (r: number) => Object.fromEntries(ENGINE_METRICS.map((metric, m) => [m, (r % 2) * 4 * (RATES.includes(metric) ? 1 : 10)]));
    const row = summarise(capped, blockPartial(capped, [64, 2], alternate)).rows[0]!;
    for (const metric of ENGINE_METRICS) {
      // Value 0.5 (rates) or 5 (amounts); each half-width at least t(1)·√(MSW/R)/T = 12.7·0.062 ≈ 0.79,
      // for a rate on the logit scale (0.79/(0.5·0.5) there): inside (0, 1), past logistic(c ∓ 3.16), the
      // centre c = 0 (logit 0.5), or for coverage and pass^1 the logit of their closed form mean p = 0.4 (every draw's).
      const { lower, upper } = row[metric].interval!;
      if (RATES.includes(metric)) {
        const centre = metric === 'coverage' || metric === 'passHatK' ? Math.log(0.4 / 0.6) : 0;
        const logistic = (x: number) => 1 / (1 + Math.exp(-x));
        expect(lower, metric).toBeGreaterThan(0);
        expect(lower, metric).toBeLessThan(logistic(centre - 0.79 / 0.25));
        expect(upper, metric).toBeLessThan(1);
        expect(upper, metric).toBeGreaterThan(logistic(centre + 0.79 / 0.25));
      } else {
        expect(lower, metric).toBe(0);
        expect(upper, metric).toBeGreaterThan(5 + 0.79 * 10);
      }
    }
  });
});

describe('summarise: its arguments, and what it says about the draws', () => {
  const scenario = scenarioOf([0.5, 0.5, 0.5, 0.5], { policy: { maxAttempts: 1 } }, 2);

  it('names the argument that is wrong: scenario, partial, exact, a node of the partial result', () => {
    expect(() => summarise(null as unknown as typeof scenario, handPartial(scenario))).toThrow(/^scenario: /);
    expect(() => summarise(scenario, null as unknown as PartialResult)).toThrow(/^partial: /);
    expect(() => summarise(scenario, handPartial(scenario), null as unknown as ExactValues)).toThrow(/^exact: /);
    const short = handPartial(scenario);
    const nodes = [{ ...short.nodes[0]!, sums: short.nodes[0]!.sums.slice(1) }];
    expect(() => summarise(scenario, { ...short, nodes })).toThrow(/^partial\.nodes\[0\]\.sums: must be a list of/);
  });

  it('without measured parameters: no drawn section and no intervals', () => {
    const summary = summarise(scenario, handPartial(scenario));
    expect('drawn' in summary).toBe(false);
    expect('interval' in summary.rows[0]!.coverage).toBe(false);
    expect('basis' in summary.rows[0]!).toBe(false);
  });

  it('tasks fitted to a log (fewest trials 5): a task population refitted per block, no verifier prior; rows k ≤ 5 observed, k = 6 model', () => {
    const measured = resolveScenario({
      seed: 7,
      tasks: { count: 4, successRate: { dist: 'beta', a: 1, b: 1 }, resample: true, measured: { trials: [5, 5, 6, 5], successes: [1, 2, 3, 4] } },
      policy: { maxAttempts: 6 },
      run: { replicates: 128 },
    });
    const alternate = (r: number) => ({ [COVERAGE]: (r % 2) * 4, [DELIVERED_CORRECT]: ((r + 1) % 2) * 2 });
    const summary = summarise(measured, blockPartial(measured, [64, 64], alternate));
    expect(summary.drawn).toEqual({ parameters: ['tasks.successRate'], blocks: 2, taskPopulation: 'bootstrapRefit' });
    expect(summary.rows.map((row) => row.basis)).toEqual(['observed', 'observed', 'observed', 'observed', 'observed', 'model']);
    expect(summary.rows[0]!.coverage.interval!.method.startsWith(`${DRAWN_WORDS.tasks}; `)).toBe(true);
  });

  it('a measured verifier and tasks fitted to a log: both drawn, named in that order, joined by "and"', () => {
    const both = resolveScenario({
      seed: 7,
      tasks: { count: 4, successRate: { dist: 'beta', a: 1, b: 1 }, resample: true, measured: { trials: [5, 5, 6, 5], successes: [1, 2, 3, 4] } },
      verifier: { measured: { falseAccept: { accepted: 40, wrong: 200 }, falseReject: { rejected: 10, right: 200 } } },
      policy: { maxAttempts: 2 },
      run: { replicates: 128 },
    });
    const alternate = (r: number) => ({ [COVERAGE]: (r % 2) * 4, [DELIVERED_CORRECT]: ((r + 1) % 2) * 2 });
    const summary = summarise(both, blockPartial(both, [64, 64], alternate));
    expect(summary.drawn).toEqual({
      parameters: ['verifier.falseAccept', 'verifier.falseReject', 'tasks.successRate'],
      blocks: 2,
      prior: 'jeffreys',
      taskPopulation: 'bootstrapRefit',
    });
    for (const row of summary.rows) {
      for (const metric of ['coverage', 'deliveredCorrect', 'attempts'] as const) {
        expect(row[metric].interval!.method.startsWith(`${DRAWN_WORDS.verifier} and ${DRAWN_WORDS.tasks}; `), `${metric}@${row.k}`).toBe(true);
      }
    }
  });
});

describe('summarise with measured parameters: too few blocks, nothing simulated, nothing correct, a closed form that varies', () => {
  const verifier = { measured: { falseAccept: { accepted: 40, wrong: 200 }, falseReject: { rejected: 10, right: 200 } } };
  const measured = (replicates: number, fields: Record<string, unknown> = {}) =>
    scenarioOf([0.1, 0.3, 0.5, 0.7], { verifier, policy: { maxAttempts: 1 }, ...fields }, replicates);
  const alternate = (r: number) => ({ [COVERAGE]: (r % 2) * 4, [DELIVERED_CORRECT]: (r % 3) + 1, [COST]: 0.1 * (r % 5) });

  it('one block: no interval (it needs 2 blocks), the plain Monte Carlo SE', () => {
    const scenario = measured(64);
    const row = summarise(scenario, blockPartial(scenario, [64], alternate)).rows[0]!;
    expect('interval' in row.coverage).toBe(false);
    expect('interval' in row.costPerCorrect).toBe(false);
    // 32 totals of 4 and 32 of 0 over T = 4: per-task mean ½, sample variance (64/63)·¼, SE √(that/64).
    expect(row.coverage.value).toBe(0.5);
    expect(row.coverage.se).toBeCloseTo(Math.sqrt(((64 / 63) * 0.25) / 64), 15);
  });

  it('stopped before the first block: null values, no interval', () => {
    const scenario = measured(128);
    const empty = { ...blockPartial(scenario, [64, 64], alternate), done: 0, ranges: [], nodes: [], stopped: true };
    const row = summarise(scenario, empty).rows[0]!;
    expect(row.coverage).toEqual({ value: null, se: null, exact: null });
    expect(row.costPerCorrect).toEqual({ value: null, se: null, exact: null });
  });

  it('one replicate with correct answers: cost per correct answer without an SE; two blocks with none: no ratio', () => {
    const plain = scenarioOf([0.5, 0.5, 0.5, 0.5], { policy: { maxAttempts: 1 } }, 1);
    const one = summarise(
      plain,
      blockPartial(plain, [1], () => ({ [DELIVERED_CORRECT]: 2, [COST]: 0.5 })),
    ).rows[0]!;
    expect(one.costPerCorrect).toEqual({ value: 0.25, se: null, exact: null });
    const scenario = measured(128);
    const none = summarise(
      scenario,
      blockPartial(scenario, [64, 64], (r) => ({ [COST]: 0.1 * (r % 5) })),
    ).rows[0]!;
    expect(none.costPerCorrect).toEqual({ value: null, se: null, exact: null });
  });

  it('a closed form that varies with the draws: SE² = (Σ n_b²·V_θ + R·MSW)/(R·T)², interval ± t(draws − 1)·√(V_θ + SE²)', () => {
    // A constant cost per attempt, so that cost per correct answer has a closed form that varies too.
    const scenario = measured(192, { attempts: { cost: { perAttempt: { dist: 'constant', value: 0.5 } } } });
    const sizes = [64, 64, 64];
    const summary = summarise(scenario, blockPartial(scenario, sizes, alternate));
    // V_θ per task from the closed forms at the three blocks' draws (exactSpreadOverDraws, tested in
    // its own file); MSW from the totals by deviations from the block means (independent of the sums).
    const { spread, logitDraws, draws } = exactSpreadOverDraws(scenario, [0, 1, 2], 192 * 4);
    expect(draws).toBe(3);
    const t2 = 4.302652729749462; // scipy.stats.t.ppf(0.975, 2)
    const T = 4;
    const R = 192;
    let squares = 0;
    let r = 0;
    for (const size of sizes) {
      const totals = Array.from({ length: size }, () => alternate(r++)[DELIVERED_CORRECT]);
      const mean = totals.reduce((a, b) => a + b, 0) / size;
      squares += totals.reduce((a, y) => a + (y - mean) ** 2, 0);
    }
    const msw = squares / (R - sizes.length);
    const vTheta = spread.deliveredCorrect[0]!;
    expect(vTheta).toBeGreaterThan(1e-6); // the measured rates move it
    const se = Math.sqrt((3 * 64 * 64 * vTheta * T * T + R * msw) / (R * R)) / T;
    const row = summary.rows[0]!;
    expect(row.deliveredCorrect.se).toBeCloseTo(se, 14);
    // A rate with a closed form: on the logit scale, logistic(z̄ ± t·√(Var_b logit f_b + SE²/(v(1 − v))²))
    // (drawInterval.ts), z̄ and Var_b logit f_b the mean and sample variance of the logits of the three draws' closed forms.
    const v = row.deliveredCorrect.value!;
    const logits = [0, 1, 2].map((b) => {
      const f = exactMetrics(blockScenario(scenario, b), { p: Float64Array.of(0.1, 0.3, 0.5, 0.7) })[0]!.deliveredCorrect!;
      return Math.log(f / (1 - f));
    });
    const logitMean = (logits[0]! + logits[1]! + logits[2]!) / 3;
    const logitVariance = logits.reduce((a, z) => a + (z - logitMean) ** 2, 0) / 2;
    expect(logitDraws.deliveredCorrect[0]!.variance).toBeCloseTo(logitVariance, 14);
    expect(logitDraws.deliveredCorrect[0]!.mean).toBeCloseTo(logitMean, 14);
    const half = t2 * Math.sqrt(logitVariance + (se / (v * (1 - v))) ** 2);
    const logistic = (x: number) => 1 / (1 + Math.exp(-x));
    expect(row.deliveredCorrect.interval!.lower).toBeCloseTo(logistic(logitMean - half), 12);
    expect(row.deliveredCorrect.interval!.upper).toBeCloseTo(logistic(logitMean + half), 12);
    // Cost per correct answer has a closed form too: its interval's parameter part is that spread.
    const cpc = row.costPerCorrect;
    expect(cpc.interval!.method).toBe(
      `${DRAWN_WORDS.verifier}; ${DRAW_INTERVAL_METHODS.closedForm.variance}; ${DRAW_INTERVAL_SCALES.plain}, ${DRAW_INTERVAL_METHODS.closedForm.t}`,
    );
    // From the upper bound (the lower one may be cut at 0): ((upper − value)/t)² − SE².
    const parameter = ((cpc.interval!.upper - cpc.value!) / t2) ** 2 - cpc.se! ** 2;
    expect(spread.costPerCorrect[0]!).toBeGreaterThan(1e-6);
    expect(parameter).toBeCloseTo(spread.costPerCorrect[0]!, 12);
  });

  it("a rate near 1: the draws' logits stop at ±ln(2N + 1), N = R·T episodes (drawLogit), and the interval is centred on their mean", () => {
    // Coverage at k = 1 is the tasks' mean rate p at every draw (the measured verifier does not move it),
    // so the draws' logits are all logit p = ln(p/(1 − p)), or ln(2·R·T + 1) when that is smaller, and the
    // interval logistic(z̄ ± half) is symmetric about z̄ on the logit scale. R·T = 192·4 = 768 episodes:
    // ln 1537 = 7.337; logit 0.995 = ln 199 = 5.293 lies within it, logit 0.9999 = ln 9999 = 9.210 beyond.
    // (A bound for fewer episodes, e.g. R/T = 48 → ln 97 = 4.575, would move both centres.)
    const logit = (x: number) => Math.log(x / (1 - x));
    for (const [p, centre] of [
      [0.995, Math.log(199)],
      [0.9999, Math.log(2 * 192 * 4 + 1)],
    ] as const) {
      const scenario = scenarioOf([p, p, p, p], { verifier, policy: { maxAttempts: 1 } }, 192);
      const { coverage } = summarise(scenario, blockPartial(scenario, [64, 64, 64], alternate)).rows[0]!;
      expect(coverage.interval!.method).toContain(DRAW_INTERVAL_SCALES.logitDraws);
      expect((logit(coverage.interval!.lower) + logit(coverage.interval!.upper)) / 2, `p = ${p}`).toBeCloseTo(centre, 9);
    }
  });

  it('with measured parameters too, the given exact values sit beside the estimates (cost per correct answer included)', () => {
    const scenario = measured(128);
    const row = summarise(scenario, blockPartial(scenario, [64, 64], alternate), { coverage: [0.4], costPerCorrect: [0.75] }).rows[0]!;
    expect('interval' in row.costPerCorrect).toBe(true);
    expect(row.coverage.exact).toBe(0.4);
    expect(row.costPerCorrect.exact).toBe(0.75);
    expect(row.deliveredCorrect.exact).toBeNull();
  });
});

/** The metrics that are probabilities, in [0, 1] per episode (the others are amounts: attempts, cost, latency, overshoots). */
const RATES: readonly string[] = ['coverage', 'passHatK', 'deliveredCorrect', 'deliveredWrong', 'abstained', 'costOverCap', 'latencyOverCap'];
