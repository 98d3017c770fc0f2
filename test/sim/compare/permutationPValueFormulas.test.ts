import { describe, expect, it } from 'vitest';
import { signFlipTest } from '../../../packages/sim/src/compare/signFlipTest.js';
import { type PairedCounts, trialPermutationTestSteps } from '../../../packages/sim/src/compare/trialPermutationTest.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { runSteps } from '../../../packages/sim/src/stepwise.js';

// The Monte Carlo p-value of a permutation test and its SE, on one run each (the spread over many
// seeds is permutationPValueSe.test.ts): p = (b + 1)/(R + 1) with b the extreme patterns among R
// (Phipson & Smyth 2010, "Permutation p-values should never be zero"), SE = √(p(1 − p)/R), the
// binomial SE of a proportion over R draws.
function expectPhipsonSmyth(result: { value: number; se: number | null; permutations: number; method: string }, R: number) {
  expect(result.method).toBe('monte-carlo');
  expect(result.permutations).toBe(R);
  const extreme = result.value * (R + 1) - 1; // b, an integer in [0, R]
  expect(Math.abs(extreme - Math.round(extreme))).toBeLessThan(1e-9);
  expect(Math.round(extreme)).toBeGreaterThanOrEqual(0);
  expect(Math.round(extreme)).toBeLessThanOrEqual(R);
  expect(result.se).toBeCloseTo(Math.sqrt((result.value * (1 - result.value)) / R), 15);
}

describe('Monte Carlo permutation p-values: (b + 1)/(R + 1) and √(p(1 − p)/R) on one run', () => {
  it('sign-flip, d = [1, 1]: half the patterns are as extreme (|Σ| = 2), b ~ Binomial(R, ½)', () => {
    const R = 999;
    const result = signFlipTest([1, 1], { exactLimit: 0, replicates: R, rng: () => streamRng(3, 'formula') });
    expectPhipsonSmyth(result, R);
    // Within 4 binomial SE of ½ (the draw is seeded: the same every run).
    expect(Math.abs(result.value - 0.5)).toBeLessThan(4 * Math.sqrt(0.25 / R));
  });

  it('sign-flip, 20 equal differences: only the two uniform patterns are as extreme (2/2²⁰), so b = 0 here and p = 1/(R + 1)', () => {
    const R = 99;
    const result = signFlipTest(new Array(20).fill(0.5), { exactLimit: 0, replicates: R, rng: () => streamRng(3, 'formula') });
    expectPhipsonSmyth(result, R);
    expect(result.value).toBe(1 / 100);
    expect(result.se).toBeCloseTo(Math.sqrt((0.01 * 0.99) / 99), 15);
  });

  it('trial permutation (trial counts differ): the same two formulas', () => {
    const pair = (nA: number, cA: number, nB: number, cB: number): PairedCounts => ({ a: { n: nA, c: cA }, b: { n: nB, c: cB } });
    const pairs = [pair(4, 2, 1, 1), pair(4, 0, 2, 1), pair(3, 1, 2, 2), pair(5, 4, 2, 0)];
    const R = 499;
    const result = runSteps(trialPermutationTestSteps(pairs, (n, c) => c / n, { exactCombinations: 0, replicates: R, rng: () => streamRng(3, 'formula') }));
    expectPhipsonSmyth(result, R);
  });
});
