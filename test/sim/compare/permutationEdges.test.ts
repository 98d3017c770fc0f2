import { describe, expect, it } from 'vitest';
import { signFlipTest, signFlipTestSteps } from '../../../packages/sim/src/compare/signFlipTest.js';
import { type PairedCounts, trialPermutationTestSteps } from '../../../packages/sim/src/compare/trialPermutationTest.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { runSteps, type Steps } from '../../../packages/sim/src/stepwise.js';

// The two permutation tests of compare at their edges: the arguments' names, limits taken as
// inclusive, the scale of the tie tolerance, sums that every pattern reaches, groups of 32 and more
// equal differences (whole and partial random words), progress, and exact p-values of the trial
// permutation against test/reference/trial_permutation_exact.py. Values by hand unless that script.

const rng = () => streamRng(5, 'edges');
const pair = (nA: number, cA: number, nB: number, cB: number): PairedCounts => ({ a: { n: nA, c: cA }, b: { n: nB, c: cB } });
const meanSuccess = (n: number, c: number) => c / n;
const trial = (pairs: PairedCounts[], exactCombinations: number, replicates = 99, value = meanSuccess) =>
  runSteps(trialPermutationTestSteps(pairs, value, { exactCombinations, replicates, rng }));
function progress<T>(steps: Steps<T>): { done: number; total: number }[] {
  const yielded = [];
  for (let next = steps.next(); !next.done; next = steps.next()) yielded.push(next.value);
  return yielded;
}

describe('signFlipTest: arguments', () => {
  it('names each argument it refuses', () => {
    const options = { exactLimit: 30, replicates: 10, rng };
    expect(() => signFlipTest('x' as never, options)).toThrow(/^differences: /);
    expect(() => signFlipTest([1], null as never)).toThrow(/^options: /);
    expect(() => signFlipTest([1], { ...options, exactLimit: 41 })).toThrow(/^exactLimit: /);
    expect(() => signFlipTest([1], { ...options, replicates: 0 })).toThrow(/^replicates: /);
    expect(() => signFlipTest([1], { ...options, rng: 3 as never })).toThrow(/^rng: /);
    expect(() => signFlipTest([1], { exactLimit: 30, replicates: 10 } as never)).toThrow(/^rng: must be a function that returns a random source/);
  });
});

describe('signFlipTest: edges (by hand)', () => {
  it('all differences zero: p = 1 over the one pattern, exact', () => {
    expect(signFlipTest([0, 0, 0], { exactLimit: 30, replicates: 1, rng })).toEqual({ value: 1, test: 'sign-flip', method: 'exact', permutations: 1, se: 0 });
  });

  it('exact up to and including exactLimit non-zero differences', () => {
    expect(signFlipTest([0.5, 0.25, -0.125, 0.5], { exactLimit: 4, replicates: 10, rng })).toMatchObject({ value: 0.25, method: 'exact', permutations: 16 });
    expect(signFlipTest([0.5, 0.25, -0.125, 0.5], { exactLimit: 3, replicates: 10, rng }).method).toBe('monte-carlo');
  });

  it('the tie tolerance scales with the differences: d ×10⁻⁶ gives the same p (4 of 16)', () => {
    expect(signFlipTest([0.5e-6, 0.25e-6, -0.125e-6, 0.5e-6], { exactLimit: 30, replicates: 1, rng }).value).toBe(0.25);
  });

  it('Monte Carlo with every pattern as extreme (Σ d = 0): p = (R + 1)/(R + 1) = 1, SE 0', () => {
    expect(signFlipTest([1, -1, 0.5, -0.5], { exactLimit: 0, replicates: 99, rng })).toEqual({
      value: 1,
      test: 'sign-flip',
      method: 'monte-carlo',
      permutations: 99,
      se: 0,
    });
  });

  it('32 and 40 equal differences (one whole random word; one and a part): only the 2 uniform patterns reach |Σ|, so p = 1/(R + 1)', () => {
    for (const m of [32, 40]) {
      expect(signFlipTest(new Array(m).fill(0.5), { exactLimit: 0, replicates: 99, rng }).value).toBe(1 / 100);
    }
  });

  it('yields after every 10 000 random patterns, done of total', () => {
    expect(progress(signFlipTestSteps([1, -1], { exactLimit: 0, replicates: 20_001, rng }))).toEqual([
      { done: 10_000, total: 20_001 },
      { done: 20_000, total: 20_001 },
    ]);
  });
});

describe('trialPermutationTestSteps: edges', () => {
  it('every task at 0 or N successes: nothing moves, p = 1 over the one relabelling', () => {
    expect(trial([pair(3, 0, 2, 0), pair(4, 4, 1, 1)], 1 << 20)).toEqual({ value: 1, test: 'trial-permutation', method: 'exact', permutations: 1, se: 0 });
  });

  it('exact up to and including exactCombinations: 2 × 2 splits → 4 (p = 7/15, the Python reference of trialPermutationTest.test.ts)', () => {
    const pairs = [pair(4, 2, 1, 1), pair(4, 0, 2, 1)];
    expect(trial(pairs, 4)).toMatchObject({ method: 'exact', permutations: 4 });
    expect(trial(pairs, 4).value).toBeCloseTo(7 / 15, 14);
    expect(trial(pairs, 3).method).toBe('monte-carlo');
  });

  it('the tie tolerance scales with the values: mean success ×10⁻⁶ gives the same p = 7/15', () => {
    expect(trial([pair(4, 2, 1, 1), pair(4, 0, 2, 1)], 1 << 20, 99, (n, c) => (1e-6 * c) / n).value).toBeCloseTo(7 / 15, 14);
  });

  it('tasks with the same c_A − c_B but different S keep their own laws: p = 124/225 (Python reference)', () => {
    expect(trial([pair(4, 3, 2, 1), pair(4, 2, 2, 0)], 1 << 20).value).toBeCloseTo(124 / 225, 14);
  });

  it('a task that appears twice counts twice: p = 51/250 (Python reference)', () => {
    expect(trial([pair(4, 2, 2, 1), pair(4, 2, 2, 1), pair(3, 0, 2, 2)], 1 << 20).value).toBeCloseTo(51 / 250, 14);
  });

  it('Monte Carlo with every relabelling as extreme (observed 0): p = 1, SE 0', () => {
    expect(trial([pair(4, 2, 2, 1), pair(6, 3, 2, 1)], 1, 99)).toEqual({ value: 1, test: 'trial-permutation', method: 'monte-carlo', permutations: 99, se: 0 });
  });

  it('yields after every 10 000 random relabellings, done of total', () => {
    const steps = trialPermutationTestSteps([pair(4, 2, 2, 1)], meanSuccess, { exactCombinations: 1, replicates: 20_001, rng });
    expect(progress(steps)).toEqual([
      { done: 10_000, total: 20_001 },
      { done: 20_000, total: 20_001 },
    ]);
  });
});
