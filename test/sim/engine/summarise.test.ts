import { describe, expect, it } from 'vitest';
import { blockSumsLength, COST, COVERAGE, DELIVERED_CORRECT, METRIC_COUNT } from '../../../packages/sim/src/engine/engineMetrics.js';
import { PARTIAL_FORMAT, type PartialResult } from '../../../packages/sim/src/engine/partialResult.js';
import { scenarioFingerprint } from '../../../packages/sim/src/engine/scenarioFingerprint.js';
import { simulatePartial } from '../../../packages/sim/src/engine/simulatePartial.js';
import { summarise } from '../../../packages/sim/src/engine/summarise.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { scenarioOf } from './engineChecks.js';

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
  return {
    format: PARTIAL_FORMAT,
    fingerprint: scenarioFingerprint(scenario, PARTIAL_FORMAT),
    path: 'general',
    blockSize: 64,
    tasks: 4,
    maxAttempts: K,
    replicates: 2,
    done: 2,
    stopped: false,
    ranges: [{ start: 0, end: 2 }],
    nodes: [{ level: 0, index: 0, replicates: 2, sums }],
  };
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
  return {
    format: PARTIAL_FORMAT,
    fingerprint: scenarioFingerprint(scenario, PARTIAL_FORMAT),
    path: 'general',
    blockSize: 64,
    tasks: 4,
    maxAttempts: K,
    replicates: 5,
    done: 5,
    stopped: false,
    ranges: [{ start: 0, end: 5 }],
    nodes: [{ level: 0, index: 0, replicates: 5, sums }],
  };
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
