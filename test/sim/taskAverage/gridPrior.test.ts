import { describe, expect, it } from 'vitest';
import { benchmarkInterval, benchmarkTrialNoise, gridTrialNoise, priorForTask } from '../../../packages/sim/src/taskAverage/benchmarkInterval.js';
import { momentBetaPrior } from '../../../packages/sim/src/taskAverage/momentBetaPrior.js';
import { trialNoiseVariance } from '../../../packages/sim/src/taskAverage/trialNoiseVariance.js';
import { estimatorMomentsAt, estimatorMomentsAtPoints } from '../../../packages/sim/src/taskAverage/estimatorMoments.js';
import { logChoose as logBinomial } from '../../../packages/sim/src/fit/betaBinomialLogPmf.js';
import { GRID, gridPosterior, jeffreysShare, npmlePrior, requireGridPrior } from '../../../packages/sim/src/taskAverage/gridPrior.js';
import { countGroups } from '../../../packages/sim/src/estimators/taskAverage.js';
import { taskAverageIntervals } from '../../../packages/sim/src/taskAverage/taskAverageIntervals.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { binomialPmf } from '../../../packages/sim/src/math/binomialPmf.js';
import { binomial } from '../../../packages/sim/src/distributions/binomial.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';

// Expected values: python3 test/reference/npmle_prior_reference.py (numpy/scipy: the same grid, EM from
// equal weights with the same stopping rule, the trial noise at each grid point from scipy's binomial pmf,
// each task's posterior on the grid, scipy's t quantile).

const LEVEL = { confidence: 0.95, sides: 2 } as const;

describe('npmlePrior (nonparametric ML task population on a grid, with a Jeffreys share)', () => {
  const groups = countGroups([
    { n: 4, c: 0 },
    { n: 4, c: 1 },
    { n: 4, c: 4 },
    { n: 4, c: 4 },
  ]);
  const prior = npmlePrior(groups);

  it('tasks 0/4, 1/4, 4/4, 4/4 (Python reference)', () => {
    expect(prior.points).toBe(GRID);
    expect(prior.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 14);
    // ε = 1/√4 = ½: the Jeffreys half puts ½/101 on every point; EM left nothing more on p = 0.
    expect(prior.weights[0]).toBeCloseTo(0.0049504950495049506, 10);
    expect(prior.weights[100]).toBeCloseTo(0.22433418803983232, 8);
    expect(prior.weights.reduce((s, w, j) => s + w * GRID[j]!, 0)).toBeCloseTo(0.5312609393907587, 8);
    const noise = gridTrialNoise(prior, 'passHatK', 2);
    expect(noise(4, 4)).toBeCloseTo(0.017375283418134043, 8);
  });

  it('the grid: 101 points from 0 to 1, equally spaced in Jeffreys probability (2/π)·asin(√p)', () => {
    expect(GRID).toHaveLength(101);
    expect(GRID[0]).toBe(0);
    expect(GRID[100]).toBe(1);
    for (let j = 1; j < 100; j++) expect((2 / Math.PI) * Math.asin(Math.sqrt(GRID[j]!))).toBeCloseTo(j / 100, 12);
  });

  it('the Jeffreys share falls as 1/√T and is at most ½; a share may be given', () => {
    expect(jeffreysShare(1)).toBe(0.5);
    expect(jeffreysShare(100)).toBeCloseTo(0.1, 15);
    const plain = npmlePrior(groups, 0);
    expect(Math.min(...plain.weights)).toBeGreaterThanOrEqual(0);
    expect(plain.weights[0]).toBeLessThan(1e-6);
  });

  it('a two-point population is fitted near its two points (no U-shaped Beta)', () => {
    // 200 tasks, half at p = 0.1 and half at p = 0.9, counts at their binomial expectations over n = 10.
    const tasks = [0.1, 0.9].flatMap((p) =>
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((c) => {
        const pmf = (Math.exp(logChoose(10, c)) * p ** c * (1 - p) ** (10 - c)) as number;
        return Array.from({ length: Math.round(100 * pmf) }, () => ({ n: 10, c }));
      }),
    );
    const fitted = npmlePrior(countGroups(tasks), 0);
    const near = (a: number, b: number) => fitted.weights.reduce((s, w, j) => (GRID[j]! >= a && GRID[j]! <= b ? s + w : s), 0);
    expect(near(0.05, 0.16)).toBeGreaterThan(0.45);
    expect(near(0.84, 0.95)).toBeGreaterThan(0.45);
    expect(near(0, 0.01) + near(0.99, 1)).toBeLessThan(0.01);
  });

  it('the fit equals the plain EM loop to the bit, and a repeated fit is the same object', () => {
    // The EM update of the doc comment written out as it stood before the fast loop (rows by
    // binomialPmf, every point, a new array per iteration): 12 random sets of counts, n up to 30,
    // T up to 1000, unequal n; weights compared with Object.is, so any reordering of sums fails.
    const rng = streamRng('gridPrior-em', 1);
    for (let set = 0; set < 12; set++) {
      const n = [2, 5, 10, 30][set % 4]!;
      const T = [10, 100, 1000][set % 3]!;
      const tasks = Array.from({ length: T }, (_, t) => {
        const trials = set % 2 === 1 && t >= T / 2 ? Math.ceil(n / 2) : n;
        return { n: trials, c: binomial(rng, trials, rng.uniform() ** 2) };
      });
      const groups = countGroups(tasks);
      const fitted = npmlePrior(groups, 0);
      const plain = plainEm(groups, T);
      expect(fitted.weights.every((w, j) => Object.is(w, plain[j]))).toBe(true);
      expect(npmlePrior(countGroups(tasks), 0)).toBe(fitted);
      expect(npmlePrior(groups)).not.toBe(fitted);
    }
  });

  it('gridPosterior is proportional to weight × binomial likelihood', () => {
    const post = gridPosterior(prior, 4, 4);
    expect(post.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 14);
    expect(post[0]).toBe(0);
    expect(post[100]! / post[50]!).toBeCloseTo(prior.weights[100]! / (prior.weights[50]! * GRID[50]! ** 4), 10);
  });

  it('requireGridPrior: one InputError for a bad population', () => {
    expect(() => requireGridPrior('prior', { points: [0, 1], weights: [0.5] })).toThrow(InputError);
    expect(() => requireGridPrior('prior', { points: [0, 2], weights: [0.5, 0.5] })).toThrow(/prior\.points\[1\]/);
    expect(() => requireGridPrior('prior', { points: [0, 1], weights: [0.5, 0.6] })).toThrow(/sum to 1/);
    expect(() => requireGridPrior('prior', { points: [0, 1], weights: [-0.5, 1.5] })).toThrow(/≥ 0/);
  });
});

describe('estimatorMomentsAt (the trial noise at a known p)', () => {
  it('n = 4, k = 2, p = ½, pass^2: E[g²] = 13/96, G = ¼', () => {
    const { first, second } = estimatorMomentsAt('passHatK', 4, 2, 0.5);
    expect(first).toBeCloseTo(0.25, 15);
    expect(second).toBeCloseTo(13 / 96, 14);
  });

  it('at many points: each the sum of its doc comment term by term, to the bit (log-binomials computed once)', () => {
    // The sum as written before the shared terms: every term's ln C(n, v) and ln C(v, k) computed in it.
    const written = (metric: 'passAtK' | 'passHatK', n: number, k: number, p: number) => {
      const s = metric === 'passHatK' ? p : 1 - p;
      if (s === 0 || s === 1 || k > n) return estimatorMomentsAt(metric, n, k, p).second;
      const logNK = logBinomial(n, k);
      let second = 0;
      for (let v = k; v <= n; v++) second += Math.exp(logBinomial(n, v) + v * Math.log(s) + (n - v) * Math.log1p(-s) + 2 * (logBinomial(v, k) - logNK));
      return second;
    };
    for (const metric of ['passAtK', 'passHatK'] as const)
      for (const [n, k] of [
        [1, 1],
        [4, 2],
        [10, 3],
        [100, 10],
        [3, 5],
      ] as const) {
        const moments = estimatorMomentsAtPoints(metric, n, k, GRID);
        expect(moments).toHaveLength(GRID.length);
        GRID.forEach((p, j) => {
          expect(Object.is(moments[j]!.second, written(metric, n, k, p))).toBe(true);
          expect(moments[j]).toEqual(estimatorMomentsAt(metric, n, k, p));
        });
      }
  });

  it('pass@1: Var = p(1 − p)/n; no noise at p = 0 or 1', () => {
    const { first, second } = estimatorMomentsAt('passAtK', 10, 1, 0.3);
    expect(second - first * first).toBeCloseTo((0.3 * 0.7) / 10, 14);
    for (const p of [0, 1]) {
      const at = estimatorMomentsAt('passHatK', 8, 3, p);
      expect(at.second - at.first ** 2).toBe(0);
    }
  });
});

describe('benchmarkInterval: per task the larger of the grid and moment-Beta noise (Python reference)', () => {
  it('tasks 5, 8, 2, 8 of 8 at pass^4', () => {
    const b = benchmarkInterval(countGroups([5, 8, 2, 8].map((c) => ({ n: 8, c }))), 'passHatK', 4, LEVEL)!;
    expect(b.se).toBeCloseTo(0.07977892454975656, 8);
    expect(b.lower).toBeCloseTo(0.26396499918426236, 8);
    expect(b.upper).toBeCloseTo(0.7717492865300233, 8);
  });

  it('the per-task noise is the larger of the two; the grid alone with no moment fit', () => {
    const groups = countGroups([5, 8, 2, 8].map((c) => ({ n: 8, c })));
    const prior = npmlePrior(groups);
    const both = benchmarkTrialNoise(groups, prior, 'passHatK', 4);
    const grid = gridTrialNoise(prior, 'passHatK', 4);
    const beta = momentBetaPrior(groups)!;
    for (const c of [2, 5, 8]) expect(both(8, c)).toBe(Math.max(grid(8, c), trialNoiseVariance('passHatK', 8, c, 4, priorForTask(beta, 8))));
    expect([2, 5, 8].some((c) => both(8, c) > grid(8, c))).toBe(true);
    // One task, or every task at n/n: no moment fit, the grid population's noise alone.
    for (const one of [countGroups([{ n: 8, c: 5 }]), countGroups([8, 8].map((c) => ({ n: 8, c })))]) {
      expect(momentBetaPrior(one)).toBeNull();
      expect(benchmarkTrialNoise(one, npmlePrior(one), 'passHatK', 4)(8, 5)).toBe(gridTrialNoise(npmlePrior(one), 'passHatK', 4)(8, 5));
    }
  });

  it('priorForTask caps the Beta weight a + b at 2n, keeping its mean', () => {
    expect(priorForTask({ a: 30, b: 10 }, 8)).toEqual({ a: 12, b: 4 });
    expect(priorForTask({ a: 3, b: 1 }, 8)).toEqual({ a: 3, b: 1 });
  });

  it('taskAverageIntervals uses the population fitted to all its tasks', () => {
    const tasks = [0, 0, 1, 3, 4, 8, 8, 8, 6, 2].map((c) => ({ n: 8, c }));
    const groups = countGroups(tasks);
    const [row] = taskAverageIntervals(tasks, [4], LEVEL);
    expect(row!.passAtK.benchmark).toEqual(benchmarkInterval(groups, 'passAtK', 4, LEVEL, npmlePrior(groups)));
  });

  it('taskAverageIntervals without the benchmark intervals: the same population intervals, benchmark null', () => {
    const tasks = [0, 0, 1, 3, 4, 8, 8, 8, 6, 2].map((c) => ({ n: 8, c }));
    const both = taskAverageIntervals(tasks, [1, 4, 8], LEVEL);
    const population = taskAverageIntervals(tasks, [1, 4, 8], LEVEL, { benchmark: false });
    expect(population.map((row) => [row.passAtK.population, row.passHatK.population])).toEqual(
      both.map((row) => [row.passAtK.population, row.passHatK.population]),
    );
    expect(population.every((row) => row.passAtK.benchmark === null && row.passHatK.benchmark === null)).toBe(true);
    expect(both.every((row) => row.passAtK.benchmark !== null && row.passHatK.benchmark !== null)).toBe(true);
    expect(taskAverageIntervals(tasks, [4], LEVEL, { benchmark: true })).toEqual(taskAverageIntervals(tasks, [4], LEVEL));
    expect(() => taskAverageIntervals(tasks, [4], LEVEL, { benchmark: 'no' as unknown as boolean })).toThrow(/include\.benchmark: must be true or false/);
    expect(() => taskAverageIntervals(tasks, [4], LEVEL, null as unknown as { benchmark: boolean })).toThrow(InputError);
  });

  it.each([
    [1, 0.03384199577667693, 0.4671809361743168, 0.6161523971590165],
    [5, 0.0642056933996943, 0.560073110522768, 0.8427046672550097],
  ])('unequal n (six tasks of 10 trials, six of 5), pass@%i', (k, se, lower, upper) => {
    const tasks = [0, 1, 3, 9, 10, 10].map((c) => ({ n: 10, c })).concat([0, 0, 2, 5, 5, 4].map((c) => ({ n: 5, c })));
    const b = benchmarkInterval(countGroups(tasks), 'passAtK', k, LEVEL)!;
    expect(b.se).toBeCloseTo(se, 8);
    expect(b.lower).toBeCloseTo(lower, 8);
    expect(b.upper).toBeCloseTo(upper, 8);
  });
});

/** The EM of `npmlePrior` as written in its doc comment, loop for loop, with the same stopping rule. */
function plainEm(groups: readonly { n: number; c: number; size: number }[], tasks: number): Float64Array {
  const M = GRID.length;
  const likelihood = groups.map(({ n, c }) => Float64Array.from(GRID, (p) => binomialPmf(c, n, p)));
  let weights = new Float64Array(M).fill(1 / M);
  let previous = -Infinity;
  for (let iteration = 0; iteration < 2000; iteration++) {
    const next = new Float64Array(M);
    let logLik = 0;
    groups.forEach(({ size }, g) => {
      const row = likelihood[g]!;
      let marginal = 0;
      for (let j = 0; j < M; j++) marginal += row[j]! * weights[j]!;
      logLik += size * Math.log(marginal);
      const scale = size / (tasks * marginal);
      for (let j = 0; j < M; j++) next[j]! += row[j]! * weights[j]! * scale;
    });
    weights = next;
    if (logLik - previous < 3e-8 * tasks) break;
    previous = logLik;
  }
  return weights;
}

function logChoose(n: number, c: number): number {
  let s = 0;
  for (let i = 0; i < c; i++) s += Math.log(n - i) - Math.log(i + 1);
  return s;
}
