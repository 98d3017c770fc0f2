import { describe, expect, it } from 'vitest';
import { fitTasks } from '../../../packages/sim/src/fit/fitTasks.js';
import { BETA_BINOMIAL } from '../../../packages/sim/src/fit/fitModels.js';
import { leaveTrialsOut, thinnedCells } from '../../../packages/sim/src/fit/leaveTrialsOut.js';
import { momentBounds } from '../../../packages/sim/src/fit/momentBounds.js';
import { trialOrderTest } from '../../../packages/sim/src/fit/trialOrderTest.js';

// Expected values: test/reference/extrapolation_reference.py (numpy/scipy, independent of the
// TypeScript). Fixture 1: 12 tasks × 6 trials, c = 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6.
const FIXTURE = [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6].map((c) => ({ n: 6, c }));
// Fixture 2: 200 tasks × 8, most near p = 0, the rest near 0.7 (a two-point-like population).
const TWO_POINT = (
  [
    [0, 80],
    [1, 20],
    [4, 12],
    [5, 28],
    [6, 32],
    [7, 20],
    [8, 8],
  ] as const
).flatMap(([c, tasks]) => Array.from({ length: tasks }, () => ({ n: 8, c })));

describe('momentBounds: pass@k and pass^k beyond n for any task population', () => {
  it('the point bounds of the doc example: n = 2, c = 0, 1, 1, 2, k = 4 → pass@4 in [0.75, 0.9375] (closed form)', () => {
    const tasks = [0, 1, 1, 2].map((c) => ({ n: 2, c }));
    // Confidence → 0: z → 0, the ends are the point bounds m_2 and m_2·(m_2/m_1)^2.
    const bounds = momentBounds(tasks, [4], { confidence: 1e-12 });
    expect(bounds.passAtK[0]!.lower).toBeCloseTo(0.75, 9);
    expect(bounds.passAtK[0]!.upper).toBeCloseTo(1 - 0.25 * 0.5 ** 2, 9);
  });

  it('matches the reference (point and 95 % ends, k = 8 and 12)', () => {
    const bounds = momentBounds(FIXTURE, [8, 12], { confidence: 0.95 });
    expect(bounds.base).toBe(6);
    const expected = {
      passAtK: [
        [0.613098758531698, 0.9800129355472508],
        [0.613098758531698, 0.9963676307267487],
      ],
      passHatK: [
        [0.028855250999274284, 0.38690124146830207],
        [0.010972116129885119, 0.38690124146830207],
      ],
    };
    for (const metric of ['passAtK', 'passHatK'] as const) {
      bounds[metric].forEach((interval, i) => {
        expect(interval!.lower).toBeCloseTo(expected[metric][i]![0]!, 12);
        expect(interval!.upper).toBeCloseTo(expected[metric][i]![1]!, 12);
      });
    }
    const point = momentBounds(FIXTURE, [8, 12], { confidence: 1e-12 });
    expect(point.passAtK[1]!.lower).toBeCloseTo(0.8333333333333334, 9);
    expect(point.passAtK[1]!.upper).toBeCloseTo(0.9339050905660057, 9);
    expect(point.passHatK[0]!.lower).toBeCloseTo(0.14201183431952652, 9);
  });

  it('mixed n: each group of one n bounds its own m_k, weighted by its share (reference fixture 3; n = 1 by Jensen)', () => {
    const mixed = [...FIXTURE, ...[0, 1, 2, 3].map((c) => ({ n: 3, c })), ...[0, 1, 1, 0].map((c) => ({ n: 1, c }))];
    const bounds = momentBounds(mixed, [8], { confidence: 0.95 });
    expect(bounds.base).toBe(1);
    expect(bounds.passAtK[0]!.lower).toBeCloseTo(0.5503260501590581, 12);
    expect(bounds.passAtK[0]!.upper).toBeCloseTo(0.9848432503492738, 12);
    expect(bounds.passHatK[0]!.lower).toBeCloseTo(0.0207130222033402, 12);
    expect(bounds.passHatK[0]!.upper).toBeCloseTo(0.4496739498409419, 12);
  });
});

describe('leaveTrialsOut: the model fitted to half the trials predicts the other half', () => {
  it('thins every task to m trials by the hypergeometric law (reference weights)', () => {
    const weights = thinnedCells(FIXTURE, 3).map((cell) => cell.tasks);
    [3.5, 3.3, 2.4, 2.8].forEach((w, i) => expect(weights[i]).toBeCloseTo(w, 12));
  });

  it('fixture 1: |z| = 0.23556 (reference), passed', () => {
    const check = leaveTrialsOut(FIXTURE, BETA_BINOMIAL);
    expect(check.result).toBe('passed');
    expect(check.trialsFitted).toBe(3);
    expect(check.comparedAt).toBe(6);
    // The reference's Hessian is a central difference with its own step: agreement to 1e-5 relative.
    expect(check.statistic! / 0.23555966286139488 - 1).toBeLessThan(1e-5);
  });

  it('fixture 2 (two-point-like): |z| = 2.76578, p = 0.01136 (reference), failed', () => {
    const check = leaveTrialsOut(TWO_POINT, BETA_BINOMIAL);
    expect(check.result).toBe('failed');
    expect(Math.abs(check.statistic! / 2.7657758610180685 - 1)).toBeLessThan(1e-5);
    expect(Math.abs(check.pValue! / 0.011357510318838856 - 1)).toBeLessThan(1e-4);
  });

  it('is not possible below 4 trials per task', () => {
    const check = leaveTrialsOut(
      [0, 1, 2, 3, 1].map((c) => ({ n: 3, c })),
      BETA_BINOMIAL,
    );
    expect(check).toMatchObject({ result: 'notPossible', statistic: null, pValue: null, trialsFitted: 1 });
  });
});

describe('fitTasks predictions: basis and decision per k', () => {
  it('k ≤ n observed, k > n the model, each interval spanning the moment bounds', () => {
    const fit = fitTasks(TWO_POINT, { ks: [12, 16] });
    const bounds = momentBounds(TWO_POINT, [12, 16], { confidence: 0.95 });
    expect(fit.predictions.map((row) => [row.k, row.basis])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [i + 1, 'observed']),
      [12, 'model'],
      [16, 'model'],
    ]);
    expect(fit.predictions[7]!.passAtK.value).toBeCloseTo(fit.goodnessOfFit.passRates[7]!.observed.passAtK!.value, 15);
    fit.predictions.slice(8).forEach((row, i) => {
      expect(['passed', 'widened']).toContain(row.check);
      for (const metric of ['passAtK', 'passHatK'] as const) {
        expect(row[metric].interval!.lower).toBeLessThanOrEqual(bounds[metric][i]!.lower);
        expect(row[metric].interval!.upper).toBeGreaterThanOrEqual(bounds[metric][i]!.upper);
      }
    });
    expect(fit.extrapolation.check.reason).toMatch(/moment bounds/);
  });

  it('a task with one trial widens, never refuses: its group is bounded by Jensen (m_k ≥ m_1^k)', () => {
    const tasks = [{ n: 1, c: 1 }, ...FIXTURE];
    const fit = fitTasks(tasks, { ks: [8] });
    const row = fit.predictions.find((r) => r.k === 8)!;
    expect(row.check).toBe('widened');
    const bound = momentBounds(tasks, [8], { confidence: 0.95 }).passAtK[0]!;
    expect(row.passAtK.interval!.lower).toBeLessThanOrEqual(bound.lower);
    expect(row.passAtK.interval!.upper).toBeGreaterThanOrEqual(bound.upper);
  });
});

describe('trialOrderTest: runs in the order the log lists a task’s trials', () => {
  it('the doc example: 0011 → 1 change, mean 2, variance 2/3, z = −1/√(2/3) (closed form)', () => {
    const test = trialOrderTest([[false, false, true, true]])!;
    expect(test.changes).toBe(1);
    expect(test.expected).toBe(2);
    expect(test.statistic).toBeCloseTo(-1 / Math.sqrt(2 / 3), 12);
    expect(test.pValue).toBeCloseTo(2 * 0.11033568, 6); // 2·Φ(−1.2247449), scipy.stats.norm.cdf
  });

  it('the mean and variance of the changes by enumeration of every order of 3 successes in 6 trials', () => {
    // All C(6, 3) = 20 orders equally likely: their changes' mean and variance are the formula's.
    const orders: boolean[][] = [];
    for (let mask = 0; mask < 64; mask++) {
      const seq = Array.from({ length: 6 }, (_, i) => ((mask >> i) & 1) === 1);
      if (seq.filter(Boolean).length === 3) orders.push(seq);
    }
    const changes = orders.map((seq) => trialOrderTest([seq])!.changes);
    const mean = changes.reduce((s, x) => s + x, 0) / changes.length;
    const variance = changes.reduce((s, x) => s + (x - mean) ** 2, 0) / changes.length;
    const one = trialOrderTest([orders[0]!])!;
    expect(one.expected).toBeCloseTo(mean, 12);
    expect((one.changes - one.expected) / one.statistic).toBeCloseTo(Math.sqrt(variance), 12);
  });

  it('null without a task that has both outcomes in 3 or more trials', () => {
    expect(trialOrderTest([[true, true, true], [false], [true, false]])).toBeNull();
  });

  it('fitTasks refuses beyond n when the order shows runs, and checks the order against the counts', () => {
    // 60 tasks of 6 trials whose successes come in one block (000111, 001110, …): too few changes.
    const sequences = Array.from({ length: 60 }, (_, t) => Array.from({ length: 6 }, (_, i) => i >= t % 3 && i < (t % 3) + 3));
    const tasks = sequences.map((seq) => ({ n: 6, c: seq.filter(Boolean).length }));
    const fit = fitTasks(tasks, { ks: [12], trialOrder: sequences });
    expect(fit.extrapolation.check.trialOrder!.statistic).toBeLessThan(-1.96);
    expect(fit.predictions.find((row) => row.k === 12)).toMatchObject({ check: 'refused', passAtK: { value: null } });
    expect(fit.extrapolation.check.reason).toMatch(/not exchangeable.*refused/);
    expect(() => fitTasks(tasks, { trialOrder: sequences.slice(1) })).toThrow(/trialOrder: must hold one sequence of outcomes per task \(60\)/);
    const wrong = sequences.map((seq, i) => (i === 4 ? seq.map(() => true) : seq));
    expect(() => fitTasks(tasks, { trialOrder: wrong })).toThrow(/trialOrder\[4\]: must have the task's 3 successes/);
  });
});
