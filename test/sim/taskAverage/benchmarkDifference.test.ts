import { describe, expect, it } from 'vitest';
import { benchmarkDifferenceInterval, withinPopulationInterval } from '../../../packages/sim/src/taskAverage/benchmarkDifferenceInterval.js';
import { benchmarkInterval } from '../../../packages/sim/src/taskAverage/benchmarkInterval.js';
import { PopulationFits } from '../../../packages/sim/src/taskAverage/differenceInterval.js';
import { compareRuns } from '../../../packages/sim/src/compare/compareRuns.js';
import { countGroups } from '../../../packages/sim/src/estimators/taskAverage.js';

// Expected values: python3 test/reference/npmle_prior_reference.py ("benchmark difference …"): each run's
// trial noise, per task the larger under its own fitted grid population (npmlePrior) and moment Beta, se the root of the two runs' squared
// this-benchmark SEs, Welch–Satterthwaite df, scipy's t quantile.

const A = [5, 6, 3, 7, 4, 6, 2, 5].map((c) => ({ n: 8, c }));
const B = [6, 7, 4, 7, 5, 5, 3, 6].map((c) => ({ n: 8, c }));
const LEVEL = { confidence: 0.95, sides: 2 } as const;

function sides(a: readonly { n: number; c: number }[], b: readonly { n: number; c: number }[]) {
  const fits = new PopulationFits();
  const groupsA = countGroups(a);
  const groupsB = countGroups(b);
  return [
    { groups: groupsA, prior: fits.grid(groupsA) },
    { groups: groupsB, prior: fits.grid(groupsB) },
  ] as const;
}

describe('benchmarkDifferenceInterval (this benchmark, B − A)', () => {
  it.each([
    ['pass^2 of eight paired tasks', B, 'passHatK', 2, [0.0892857142857143, 0.10689495948891434, 13.941397951412805, -0.14007161687320777, 0.3186430454446364]],
    [
      'pass@1 of runs over different tasks, 8 and 5 (unpaired)',
      B.slice(0, 5),
      'passAtK',
      1,
      [0.13124999999999998, 0.09180950992666573, 9.149036515798398, -0.07592296275962154, 0.33842296275962147],
    ],
  ] as const)('%s (Python reference)', (_, tasksB, metric, k, [estimate, se, df, lower, upper]) => {
    const [a, b] = sides(A, tasksB);
    const interval = benchmarkDifferenceInterval(a, b, metric, k, LEVEL)!;
    expect(interval.estimate).toBeCloseTo(estimate, 14);
    expect(interval.se).toBeCloseTo(se, 9);
    expect(interval.df).toBeCloseTo(df, 6);
    expect(interval.lower).toBeCloseTo(lower, 8);
    expect(interval.upper).toBeCloseTo(upper, 8);
  });

  it("its variance is the sum of both runs' this-benchmark variances", () => {
    const [a, b] = sides(A, B);
    const interval = benchmarkDifferenceInterval(a, b, 'passAtK', 4, LEVEL)!;
    const seA = benchmarkInterval(a.groups, 'passAtK', 4, LEVEL, a.prior!)!.se;
    const seB = benchmarkInterval(b.groups, 'passAtK', 4, LEVEL, b.prior!)!.se;
    expect(interval.se ** 2).toBeCloseTo(seA ** 2 + seB ** 2, 15);
  });

  it('one-sided: a lower bound with upper = 1, above the two-sided 90 % lower bound only by rounding', () => {
    const [a, b] = sides(A, B);
    const one = benchmarkDifferenceInterval(a, b, 'passHatK', 2, { confidence: 0.95, sides: 1 })!;
    const two = benchmarkDifferenceInterval(a, b, 'passHatK', 2, { confidence: 0.9, sides: 2 })!;
    expect(one.upper).toBe(1);
    expect(one.lower).toBeCloseTo(two.lower, 14);
  });

  it('never zero width when every task is n/n for both runs', () => {
    const all = Array.from({ length: 20 }, () => ({ n: 8, c: 8 }));
    const [a, b] = sides(all, all);
    const interval = benchmarkDifferenceInterval(a, b, 'passAtK', 8, LEVEL)!;
    expect(interval.estimate).toBe(0);
    expect(interval.upper).toBeGreaterThan(0);
    expect(interval.lower).toBe(-interval.upper);
  });

  it('null when a run has no task with n ≥ k', () => {
    const [a, b] = sides(A, [{ n: 2, c: 1 }]);
    expect(benchmarkDifferenceInterval(a, b, 'passAtK', 4, LEVEL)).toBeNull();
  });

  it('withinPopulationInterval takes the narrower bound on each side, and leaves it alone without a population interval', () => {
    const benchmark = { lower: -0.05, upper: 0.2, se: 0.06 };
    expect(withinPopulationInterval(benchmark, { lower: -0.03, upper: 0.25 })).toEqual({ lower: -0.03, upper: 0.2, se: 0.06 });
    expect(withinPopulationInterval(benchmark, null)).toBe(benchmark);
  });

  it('compareRuns reports it as `benchmark`, within the task-population interval, paired and unpaired', () => {
    const run = (name: string, counts: readonly { n: number; c: number }[], prefix = 't') => ({
      name,
      tasks: counts.map(({ n, c }, i) => ({ id: `${prefix}${i}`, n, c })),
    });
    const paired = compareRuns(run('A', A), run('B', B), { ks: [2], bootstrap: 0 });
    const [a, b] = sides(A, B);
    const expected = benchmarkDifferenceInterval(a, b, 'passHatK', 2, LEVEL)!;
    const population = paired.rows[0]!.passHatK!.interval!;
    expect(paired.rows[0]!.passHatK!.benchmark).toEqual({
      lower: Math.max(expected.lower, population.lower),
      upper: Math.min(expected.upper, population.upper),
      se: expected.se,
    });
    // Mean success is pass@1.
    const pass1 = benchmarkDifferenceInterval(a, b, 'passAtK', 1, LEVEL)!;
    expect(paired.meanSuccess.benchmark!.se).toBe(pass1.se);
    // One task in common of 12: unpaired, each run over its own tasks.
    const other = run('B', B.slice(0, 5), 'u');
    const unpaired = compareRuns(
      run('A', A),
      { ...other, tasks: other.tasks.map((task, i) => (i === 0 ? { ...task, id: 't0' } : task)) },
      {
        ks: [1],
        bootstrap: 0,
      },
    );
    expect(unpaired.pairing.mode).toBe('unpaired');
    const welch = unpaired.rows[0]!.passAtK!.interval!;
    expect(unpaired.rows[0]!.passAtK!.benchmark!.upper).toBeCloseTo(Math.min(0.33842296275962147, welch.upper), 8);
    expect(unpaired.rows[0]!.passAtK!.benchmark!.lower).toBeCloseTo(Math.max(-0.07592296275962154, welch.lower), 8);
  });
});
