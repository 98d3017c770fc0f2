import { describe, expect, it } from 'vitest';
import { degenerateArmBounds } from '../../../packages/sim/src/taskAverage/degenerateArmBounds.js';
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

  it('null when neither arm is all at 0 or all at 1, or with no tasks', () => {
    expect(degenerateArmBounds([0, 1, 0.5], [1, 0, 0], { a: null, b: null }, 0.025)).toBeNull();
    expect(degenerateArmBounds([], [], { a: null, b: null }, 0.025)).toBeNull();
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

  it('no degenerate arm: unchanged (the score/EL union of test/sim/taskAverage/intervals.test.ts)', () => {
    const pairs = [2, 1, 3, 2, 0, 4, 2, 3].map((c, t) => ({ a: { n: 4, c }, b: { n: 4, c: [3, 1, 3, 2, 1, 4, 2, 3][t]! } }));
    const b = pairedDifferenceInterval(pairs, 'passAtK', 1, level)!;
    expect(b.lower).toBeCloseTo(-0.15096511222693187, 9);
    expect(b.upper).toBeCloseTo(0.2703960391198261, 9);
  });
});
