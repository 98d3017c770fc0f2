import { describe, expect, it } from 'vitest';
import { degenerateArmBounds, isSparseArm } from '../../../packages/sim/src/taskAverage/degenerateArmBounds.js';
import { pairedDifferenceInterval } from '../../../packages/sim/src/taskAverage/differenceInterval.js';
import { groupsPopulationInterval } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { countGroups } from '../../../packages/sim/src/estimators/taskAverage.js';

// Expected values: python3 test/reference/degenerate_arm_reference.py (the closed form 1 − γ^{1/T},
// equal there to scipy's Clopper–Pearson beta.ppf(1 − γ, 1, T); the inequality P(θ̂ = 0) ≤ 1 − μ it
// rests on checked by exact enumeration over Beta and Kumaraswamy task populations). The other
// arm's CI (tasks) is `groupsPopulationInterval`, whose own numbers are checked against Python in
// test/sim/taskAverage/intervals.test.ts: here only how the two are combined.
const REACH_T10 = 0.35480498785178405; // 1 − 0.0125^(1/10)
const REACH_T5 = 0.5837233962990634; // 1 − 0.0125^(1/5)
const REACH_T20 = 0.19675967970462538; // 1 − 0.0125^(1/20)
const REACH_T30 = 0.11570330822202779; // 1 − 0.025^(1/30)

describe('degenerateArmBounds', () => {
  const none = { a: null, b: null };

  it('both arms all at 0: [−U_A, U_B] = ±(1 − γ^{1/T})', () => {
    const zeros = new Array(10).fill(0);
    const b = degenerateArmBounds(zeros, zeros, none, 0.0125)!;
    expect(b.lower).toBeCloseTo(-REACH_T10, 14);
    expect(b.upper).toBeCloseTo(REACH_T10, 14);
  });

  it('one arm degenerate: its exact bound, the other arm its given interval ([0, 1] without one)', () => {
    const mixed = [0, 0.5, 1, 0.25, 0];
    const zeros = new Array(5).fill(0);
    const ones = new Array(5).fill(1);
    const interval = { lower: 0.1, upper: 0.6 };
    // B all at 0: B ∈ [0, 0.58372], A ∈ [0.1, 0.6] → [0 − 0.6, 0.58372 − 0.1].
    const b0 = degenerateArmBounds(mixed, zeros, { a: interval, b: null }, 0.0125)!;
    expect(b0.lower).toBeCloseTo(-0.6, 14);
    expect(b0.upper).toBeCloseTo(REACH_T5 - 0.1, 14);
    // A all at 1: A ∈ [0.41628, 1], B ∈ [0.1, 0.6] → [0.1 − 1, 0.6 − 0.41628].
    const a1 = degenerateArmBounds(ones, mixed, { a: null, b: interval }, 0.0125)!;
    expect(a1.lower).toBeCloseTo(-0.9, 14);
    expect(a1.upper).toBeCloseTo(0.6 - (1 - REACH_T5), 14);
    // Without the other arm's interval, [0, 1] for it.
    const a0 = degenerateArmBounds(zeros, mixed, none, 0.0125)!;
    expect(a0.lower).toBeCloseTo(-REACH_T5, 14);
    expect(a0.upper).toBe(1);
  });

  it('null when neither arm is sparse (3 or more tasks above 0 and below 1), or with no tasks', () => {
    expect(degenerateArmBounds([0, 1, 0.5, 0.25, 0.75, 0], [1, 0, 0.5, 0.5, 0.2, 1], { a: null, b: null }, 0.025)).toBeNull();
    expect(degenerateArmBounds([], [], { a: null, b: null }, 0.025)).toBeNull();
  });
});

// Expected values: python3 test/reference/sparse_arm_reference.py (the closed form
// [(γ·Π X_t)^{1/T}, 1 − (γ·Π(1 − X_t))^{1/T}], and by Monte Carlo over Kumaraswamy, Beta, two-point
// and point-mass task populations that each side misses μ with probability ≤ γ).
describe('degenerateArmBounds of a sparse arm (1 or 2 tasks above 0 and none at 1, or mirrored): the betting bound', () => {
  const none = { a: null, b: null };
  const six = 15 / 1820; // pass^4 at 6 of 16: C(6, 4)/C(16, 4) = 0.008241758241758242
  const eight = 70 / 1820; // pass^4 at 8 of 16: 0.038461538461538464

  it('B with 2 of 30 tasks above 0: U_B = 1 − (γ·(1 − x₁)(1 − x₂))^{1/30} = 0.13727, against A′s interval', () => {
    const estimatesB = [six, eight, ...new Array(28).fill(0)];
    const estimatesA = Array.from({ length: 30 }, (_, t) => (t % 5 === 0 ? 0.1 : 0));
    const b = degenerateArmBounds(estimatesA, estimatesB, { a: { lower: 0.001, upper: 0.05 }, b: null }, 0.0125)!;
    expect(b.upper).toBeCloseTo(0.1372676501605582 - 0.001, 14);
    expect(b.lower).toBeCloseTo(0 - 0.05, 14);
    // Counted only up to SPARSE_ARM_TASKS = 2: with 0 (the rule before, all at 0 or 1 only) nothing to add.
    expect(degenerateArmBounds(estimatesA, estimatesB, none, 0.0125, 0)).toBeNull();
  });

  it('an arm with 2 of 10 tasks below 1: L = (γ·0.5·0.9)^{1/10} = 0.59568, U = 1', () => {
    const b = degenerateArmBounds([0.5, 0.9, ...new Array(8).fill(1)], new Array(10).fill(0.5), { a: null, b: { lower: 0.2, upper: 0.7 } }, 0.0125)!;
    expect(b.lower).toBeCloseTo(0.2 - 1, 14);
    expect(b.upper).toBeCloseTo(0.7 - 0.5956789490835458, 14);
  });

  it('sparse: at most 2 above 0 and none at 1, or mirrored; a task at 1 among zeros is not (its bound would be 1)', () => {
    expect(isSparseArm([0, 0, 0.3, 0, 0.01, 0])).toBe(true);
    expect(isSparseArm([0, 0, 0.3, 0, 0.01, 0.2])).toBe(false);
    expect(isSparseArm([1, 1, 0.7, 1, 1])).toBe(true);
    expect(isSparseArm([0, 1, 0, 0, 0, 0])).toBe(false);
    expect(isSparseArm([1, 0, 1, 1, 1])).toBe(false);
    expect(isSparseArm([0, 0, 0])).toBe(true);
    expect(isSparseArm([0, 0, 0.3], 0)).toBe(false);
    expect(isSparseArm([])).toBe(false);
    // pass^10 of 10 trials: 0/1 estimates, 2 tasks at 1 of 30: the interval as before (nothing to add).
    const binary = Array.from({ length: 30 }, (_, t) => (t < 2 ? 1 : 0));
    expect(degenerateArmBounds(binary, binary, { a: null, b: null }, 0.0125)).toBeNull();
  });

  it('one task of 5 above 0, γ = 0.025: U = 1 − (0.025·0.75)^{1/5} = 0.54856; all at 0 it is 1 − γ^{1/T}', () => {
    const b = degenerateArmBounds([0.25, 0, 0, 0, 0], new Array(5).fill(0), none, 0.025)!;
    expect(b.lower).toBeCloseTo(-0.5485597742762829, 14);
    expect(b.upper).toBeCloseTo(1 - 0.025 ** (1 / 5), 14);
  });
});

describe('pairedDifferenceInterval reaches the bounds of a degenerate arm', () => {
  const level = { confidence: 0.95, sides: 2 } as const;

  it('pass^4 with every task below 4 of 10 for both agents (Kumaraswamy(0.5, 3)-like): ±(1 − 0.0125^{1/10})', () => {
    // Before: the variance floors alone, about ±0.05, which covered 82 % in the coverage study's cell.
    const counts = [0, 1, 3, 0, 2, 0, 0, 1, 3, 0];
    const pairs = counts.map((c, t) => ({ a: { n: 10, c }, b: { n: 10, c: counts[(t + 3) % 10]! } }));
    const b = pairedDifferenceInterval(pairs, 'passHatK', 4, level)!;
    expect(b.estimate).toBe(0);
    expect(b.lower).toBeCloseTo(-REACH_T10, 12);
    expect(b.upper).toBeCloseTo(REACH_T10, 12);
  });

  it('every task 8/8 for both agents, T = 20: ±(1 − 0.0125^{1/20})', () => {
    const same = Array.from({ length: 20 }, () => ({ a: { n: 8, c: 8 }, b: { n: 8, c: 8 } }));
    const b = pairedDifferenceInterval(same, 'passAtK', 8, level)!;
    expect(b.lower).toBeCloseTo(-REACH_T20, 12);
    expect(b.upper).toBeCloseTo(REACH_T20, 12);
  });

  it('a baseline at 0 on every task against a clearly better candidate: still clearly better', () => {
    // 30 tasks, A 0 of 5 everywhere, B 4 of 5 on 24 tasks and 0 on 6: the lower end stays far above 0.
    const pairs = Array.from({ length: 30 }, (_, t) => ({ a: { n: 5, c: 0 }, b: { n: 5, c: t % 5 === 0 ? 0 : 4 } }));
    const one = pairedDifferenceInterval(pairs, 'passAtK', 1, { confidence: 0.95, sides: 1 })!;
    // The one-sided lower end is at most L_B − U_A: B's CI (tasks) at 95 % two-sided (2.5 % below), and
    // A's exact 1 − 0.025^{1/30}.
    const armB = groupsPopulationInterval(countGroups(pairs.map(({ b }) => b)), 'passAtK', 1, { confidence: 0.95, sides: 2 })!;
    expect(one.lower).toBeLessThanOrEqual(armB.lower - REACH_T30 + 1e-12);
    // (The arm-free rule μ_B − μ_A ≥ −U_A alone would put it at −0.1157: no longer significant.)
    expect(one.lower).toBeGreaterThan(0.3);
    expect(one.upper).toBe(1);
  });

  it('pass^4, n 16, T 30, B with 2 tasks above 0 (6 and 8 of 16): the upper end reaches U_B − L_A', () => {
    // The coverage study's last miss (Kumaraswamy(0.5, 3)): both agents sparse-ish, the score interval
    // about ±0.01 around a difference whose truth is 0.0106. A has 5 tasks at 4..7 of 16 (not sparse).
    const countsA = [4, 0, 1, 7, 0, 2, 5, 0, 1, 0, 3, 0, 6, 0, 1, 0, 2, 0, 0, 4, 0, 1, 0, 0, 2, 0, 3, 0, 1, 0];
    const countsB = [6, 1, 0, 8, 2, 0, 3, 0, 1, 0, 0, 2, 3, 0, 0, 1, 0, 0, 3, 0, 1, 0, 0, 2, 0, 0, 1, 0, 0, 3];
    const pairs = countsA.map((c, t) => ({ a: { n: 16, c }, b: { n: 16, c: countsB[t]! } }));
    const b = pairedDifferenceInterval(pairs, 'passHatK', 4, level)!;
    // U_B = 1 − (0.0125·(1 − 15/1820)(1 − 70/1820))^{1/30} = 0.1372676501605582 (sparse_arm_reference.py);
    // L_A: A's CI (tasks) at 97.5 % two-sided, 1.25 % below.
    const armA = groupsPopulationInterval(countGroups(pairs.map(({ a }) => a)), 'passHatK', 4, { confidence: 0.975, sides: 2 })!;
    expect(b.upper).toBeCloseTo(0.1372676501605582 - armA.lower, 12);
    // And the lower end L_B − U_A, L_B = 0 (B has zeros), U_A A's CI (tasks) (below the score interval's).
    expect(b.lower).toBeCloseTo(0 - armA.upper, 12);
  });

  it('no degenerate arm: unchanged (the score/EL union of test/sim/taskAverage/intervals.test.ts)', () => {
    const pairs = [2, 1, 3, 2, 0, 4, 2, 3].map((c, t) => ({ a: { n: 4, c }, b: { n: 4, c: [3, 1, 3, 2, 1, 4, 2, 3][t]! } }));
    const b = pairedDifferenceInterval(pairs, 'passAtK', 1, level)!;
    expect(b.lower).toBeCloseTo(-0.15096511222693187, 9);
    expect(b.upper).toBeCloseTo(0.2703960391198261, 9);
  });
});
