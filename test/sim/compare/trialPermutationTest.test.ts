import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { taskMetricValue } from '../../../packages/sim/src/compare/compareMetric.js';
import { trialPermutationTestSteps, type PairedCounts } from '../../../packages/sim/src/compare/trialPermutationTest.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { runSteps } from '../../../packages/sim/src/stepwise.js';

const test = (pairs: PairedCounts[], value: (n: number, c: number) => number, exactCombinations = 1 << 20, replicates = 999) =>
  runSteps(trialPermutationTestSteps(pairs, value, { exactCombinations, replicates, rng: () => streamRng(7, 'trial-permutation-test') }));
const pair = (nA: number, cA: number, nB: number, cB: number): PairedCounts => ({ a: { n: nA, c: cA }, b: { n: nB, c: cB } });

// Python reference (exact, itertools.product over each task's hypergeometric splits):
//   for each task S = cA + cB, P(c_B = x) = comb(S, x)·comb(N − S, nB − x)/comb(N, nB), d = f(nB, x) − f(nA, S − x);
//   p = Σ over combinations with |Σ d| ≥ |observed| − 1e-9 of the product of probabilities.
describe('trialPermutationTestSteps: paired tasks whose trial counts differ (issue #42)', () => {
  it('exact: (A 2 of 4, B 1 of 1) and (A 0 of 4, B 1 of 2), mean success → p = 7/15 (Python reference)', () => {
    const p = test([pair(4, 2, 1, 1), pair(4, 0, 2, 1)], (n, c) => c / n);
    expect(p).toMatchObject({ test: 'trial-permutation', method: 'exact', se: 0 });
    expect(p.value).toBeCloseTo(7 / 15, 14);
  });

  it('exact: pass^2 of (5, 1 | 2, 2), (6, 3 | 3, 0), (4, 4 | 2, 1) → p = 0.8248299319727889 (Python reference)', () => {
    const p = test([pair(5, 1, 2, 2), pair(6, 3, 3, 0), pair(4, 4, 2, 1)], (n, c) => taskMetricValue('passHatK', n, c, 2));
    expect(p.value).toBeCloseTo(0.8248299319727889, 13);
  });

  it('Monte Carlo agrees with the exact value within 4 SE, and tasks at 0 or N successes do not move it', () => {
    const pairs = [pair(5, 1, 2, 2), pair(6, 3, 3, 0), pair(4, 4, 2, 1), pair(7, 0, 2, 0), pair(3, 3, 2, 2)];
    const value = (n: number, c: number) => taskMetricValue('passHatK', n, c, 2);
    const exact = test(pairs, value);
    expect(exact.value).toBeCloseTo(0.8248299319727889, 13);
    const random = test(pairs, value, 1, 20_000);
    expect(random.method).toBe('monte-carlo');
    expect(Math.abs(random.value - exact.value)).toBeLessThan(4 * random.se!);
  });

  it('compareRuns uses it where a task has different trial counts, the sign-flip test where none has', () => {
    const a = {
      name: 'A',
      tasks: [
        { id: 't1', n: 4, c: 2 },
        { id: 't2', n: 4, c: 0 },
      ],
    };
    const unequal = compareRuns(
      a,
      {
        name: 'B',
        tasks: [
          { id: 't1', n: 1, c: 1 },
          { id: 't2', n: 2, c: 1 },
        ],
      },
      { ks: [1], bootstrap: 0 },
    );
    expect(unequal.meanSuccess.pValue).toMatchObject({ test: 'trial-permutation', method: 'exact' });
    expect(unequal.meanSuccess.pValue!.value).toBeCloseTo(7 / 15, 14);
    const equal = compareRuns(
      a,
      {
        name: 'B',
        tasks: [
          { id: 't1', n: 4, c: 3 },
          { id: 't2', n: 4, c: 1 },
        ],
      },
      { ks: [1], bootstrap: 0 },
    );
    expect(equal.meanSuccess.pValue!.test).toBe('sign-flip');
  });

  it('refuses more relabelling work than finishes in minutes: permutations × comparisons × Σ (min(n_A, n_B) + 1) ≤ 2·10¹⁰', () => {
    const tasks = (n: number) => Array.from({ length: 1000 }, (_, i) => ({ id: `t${i}`, n, c: 1 }));
    const run = () => compareRuns({ name: 'A', tasks: tasks(1000) }, { name: 'B', tasks: tasks(999) }, { ks: [1], bootstrap: 0, permutations: 10_000_000 });
    expect(run).toThrow(InputError);
    expect(run).toThrow(/permutations.*must be at most 6666 for 1000 paired tasks whose trial counts differ/);
  });
});
