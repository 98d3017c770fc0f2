import { describe, expect, it } from 'vitest';
import { degenerateArmBounds } from '../../../packages/sim/src/taskAverage/degenerateArmBounds.js';
import { pairedDifferenceInterval } from '../../../packages/sim/src/taskAverage/differenceInterval.js';

// Expected values: python3 test/reference/degenerate_arm_reference.py (the closed form 1 − γ^{1/T},
// equal there to scipy's Clopper–Pearson beta.ppf(1 − γ, 1, T); the inequality P(θ̂ = 0) ≤ 1 − μ it
// rests on checked by exact enumeration over Beta and Kumaraswamy task populations).
const REACH_T10 = 0.30849710781876083; // 1 − 0.025^(1/10)
const REACH_T20 = 0.16843347098308536; // 1 − 0.025^(1/20)
const REACH_T30_ONE_SIDED = 0.09503385285530419; // 1 − 0.05^(1/30)

describe('degenerateArmBounds', () => {
  it('both arms all at 0: ±(1 − γ^{1/T}) on both sides', () => {
    const zeros = new Array(10).fill(0);
    const b = degenerateArmBounds(zeros, zeros, 0.025)!;
    expect(b.lower).toBeCloseTo(-REACH_T10, 14);
    expect(b.upper).toBeCloseTo(REACH_T10, 14);
  });

  it('each arm constrains only the sides its own mean bounds', () => {
    const mixed = [0, 0.5, 1, 0.25, 0];
    const zeros = new Array(5).fill(0);
    const ones = new Array(5).fill(1);
    const reach = 1 - 0.025 ** (1 / 5);
    // B all at 0: μ_B − μ_A ≤ μ_B ≤ reach; the lower side is not constrained.
    expect(degenerateArmBounds(mixed, zeros, 0.025)).toEqual({ lower: -1, upper: reach });
    // A all at 0: μ_B − μ_A ≥ −μ_A ≥ −reach.
    expect(degenerateArmBounds(zeros, mixed, 0.025)).toEqual({ lower: -reach, upper: 1 });
    // A all at 1: μ_B − μ_A ≤ 1 − μ_A ≤ reach; B all at 1: μ_B − μ_A ≥ μ_B − 1 ≥ −reach.
    expect(degenerateArmBounds(ones, mixed, 0.025)).toEqual({ lower: -1, upper: reach });
    expect(degenerateArmBounds(mixed, ones, 0.025)).toEqual({ lower: -reach, upper: 1 });
  });

  it('null when neither arm is all at 0 or all at 1, or with no tasks', () => {
    expect(degenerateArmBounds([0, 1, 0.5], [1, 0, 0], 0.025)).toBeNull();
    expect(degenerateArmBounds([], [], 0.025)).toBeNull();
  });
});

describe('pairedDifferenceInterval reaches the exact bounds of a degenerate arm', () => {
  const level = { confidence: 0.95, sides: 2 } as const;

  it('pass^4 with every task below 4 of 10 for both agents (Kumaraswamy(0.5, 3)-like): ±(1 − 0.025^{1/10})', () => {
    // Before: the variance floors alone, ±0.05 wide, covered 82 % in the coverage study's cell.
    const counts = [0, 1, 3, 0, 2, 0, 0, 1, 3, 0];
    const pairs = counts.map((c, t) => ({ a: { n: 10, c }, b: { n: 10, c: counts[(t + 3) % 10]! } }));
    const b = pairedDifferenceInterval(pairs, 'passHatK', 4, level)!;
    expect(b.estimate).toBe(0);
    expect(b.lower).toBeCloseTo(-REACH_T10, 12);
    expect(b.upper).toBeCloseTo(REACH_T10, 12);
  });

  it('every task 8/8 for both agents, T = 20: ±(1 − 0.025^{1/20})', () => {
    const same = Array.from({ length: 20 }, () => ({ a: { n: 8, c: 8 }, b: { n: 8, c: 8 } }));
    const b = pairedDifferenceInterval(same, 'passAtK', 8, level)!;
    expect(b.lower).toBeCloseTo(-REACH_T20, 12);
    expect(b.upper).toBeCloseTo(REACH_T20, 12);
  });

  it('one-sided lower bound, baseline all at 0 of 30 tasks: at most −(1 − 0.05^{1/30})', () => {
    const pairs = Array.from({ length: 30 }, (_, t) => ({ a: { n: 5, c: 0 }, b: { n: 5, c: t % 3 === 0 ? 0 : 1 } }));
    const b = pairedDifferenceInterval(pairs, 'passAtK', 1, { confidence: 0.95, sides: 1 })!;
    expect(b.lower).toBeCloseTo(-REACH_T30_ONE_SIDED, 12);
    expect(b.upper).toBe(1);
  });

  it('no degenerate arm: unchanged (as far out as the score/EL union, no further)', () => {
    const pairs = [2, 1, 3, 2, 0, 4, 2, 3].map((c, t) => ({ a: { n: 4, c }, b: { n: 4, c: [3, 1, 3, 2, 1, 4, 2, 3][t]! } }));
    // The reference values of test/sim/taskAverage/intervals.test.ts ("pass@1 where the trial-noise floor binds").
    const b = pairedDifferenceInterval(pairs, 'passAtK', 1, level)!;
    expect(b.lower).toBeCloseTo(-0.15096511222693187, 9);
    expect(b.upper).toBeCloseTo(0.2703960391198261, 9);
  });
});
