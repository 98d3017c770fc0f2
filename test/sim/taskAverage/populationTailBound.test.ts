import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { populationTailBound } from '../../../packages/sim/src/taskAverage/populationTailBound.js';
import { binomial, groupsFrom, repeat } from './taskCounts.js';
import { taskAverageBound } from '../../../packages/sim/src/taskAverage/taskAverageBound.js';
import { taskEstimate, type TaskMetric } from '../../../packages/sim/src/taskAverage/taskValues.js';
import { passkWide } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

// Expected values: python3 test/reference/population_tail_bound.py (its own slopes by scipy's bounded
// search on a grid, its own sum law with numpy, brentq on θ). The tolerance is the bisection's relative
// width 1e-10 plus the slopes' search, 1e-9 relative.
const FIXTURES: readonly { metric: TaskMetric; k: number; tasks: (readonly [number, number])[]; tail: number; side: 'lower' | 'upper'; expected: number }[] = [
  { metric: 'passHatK', k: 8, tasks: [[16, 13], ...repeat([16, 5], 9)], tail: 0.05, side: 'lower', expected: 0.0011943457822126556 },
  { metric: 'passHatK', k: 8, tasks: [[16, 14], ...repeat([16, 3], 9)], tail: 0.05, side: 'lower', expected: 0.002420932664489663 },
  { metric: 'passHatK', k: 8, tasks: [[16, 12], [16, 10], ...repeat([16, 0], 8)], tail: 0.05, side: 'lower', expected: 0.0006644889518366152 },
  { metric: 'passAtK', k: 4, tasks: [[10, 1], ...repeat([10, 0], 29)], tail: 0.05, side: 'lower', expected: 0.0006833262577863148 },
  { metric: 'passHatK', k: 4, tasks: [[10, 9], ...repeat([10, 10], 29)], tail: 0.05, side: 'upper', expected: 0.9993166737422137 },
  { metric: 'passHatK', k: 2, tasks: [[5, 3], [3, 2], ...repeat([5, 0], 10), ...repeat([3, 0], 8)], tail: 0.1, side: 'lower', expected: 0.004723128818284763 },
  // A bound above 10⁻² (the bracket searched upwards), and tasks with n = k kept and n < k left out.
  {
    metric: 'passAtK',
    k: 1,
    tasks: [
      [2, 1],
      [2, 0],
      [2, 2],
      [2, 0],
    ],
    tail: 0.05,
    side: 'lower',
    expected: 0.056205318326688854,
  },
  {
    metric: 'passHatK',
    k: 2,
    tasks: [[2, 2], [5, 3], ...repeat([5, 0], 6), ...repeat([2, 0], 4), ...repeat([1, 1], 3)],
    tail: 0.05,
    side: 'lower',
    expected: 0.018338008852590366,
  },
];

describe('populationTailBound: a one-sided bound valid for every task population', () => {
  it.each(FIXTURES)('$metric@$k $side, tail $tail: the Python reference', ({ metric, k, tasks, tail, side, expected }) => {
    const bound = populationTailBound(groupsFrom(tasks), metric, k, tail, side)!;
    expect(Math.abs(bound - expected) / expected).toBeLessThan(1e-9);
  });

  it('the upper bound is 1 − the lower bound of the other metric on the failures (1 − pass^k = pass@k of the failures)', () => {
    const tasks: (readonly [number, number])[] = [[10, 9], [10, 8], ...repeat([10, 10], 20)];
    const upper = populationTailBound(groupsFrom(tasks), 'passHatK', 3, 0.05, 'upper')!;
    const failures = tasks.map(([n, c]) => [n, n - c] as const);
    expect(upper).toBe(1 - populationTailBound(groupsFrom(failures), 'passAtK', 3, 0.05, 'lower')!);
  });

  it('no success at all: 0; no task with n ≥ k: null; a design beyond the slope or sum-law budget: null', () => {
    expect(populationTailBound(groupsFrom(repeat([16, 7], 10)), 'passHatK', 8, 0.05, 'lower')).toBe(0);
    expect(populationTailBound(groupsFrom(repeat([3, 1], 10)), 'passHatK', 4, 0.05, 'lower')).toBeNull();
    // The sum's law costs Σ tasks × (levels + 1) × 513 multiply-adds per θ, at most 5·10⁵: one task
    // of 480 trials at pass@1 fits (481 × 513 = 2.5·10⁵), two of 600 do not (2 × 513 × 513 = 5.3·10⁵).
    expect(populationTailBound(groupsFrom([[480, 96]]), 'passAtK', 1, 0.05, 'lower')).toBeGreaterThan(0);
    expect(
      populationTailBound(
        groupsFrom([
          [600, 120],
          [600, 0],
        ]),
        'passAtK',
        1,
        0.05,
        'lower',
      ),
    ).toBeNull();
    // 96 tasks of 16 trials at pass^8 fit (96 × 10 × 513 ≈ 4.9·10⁵), 98 do not (5.03·10⁵).
    const rare = (tasks: number) => [
      { n: 16, c: 13, size: 1 },
      { n: 16, c: 5, size: tasks - 1 },
    ];
    expect(populationTailBound(rare(96), 'passHatK', 8, 0.05, 'lower')).toBeGreaterThan(0);
    expect(populationTailBound(rare(98), 'passHatK', 8, 0.05, 'lower')).toBeNull();
  });

  it('at the lowest level the slope is the limit at p → 0: a lone task at c = k gives the bound of P(≥ 1 of T at c ≥ k) ≤ C(n, k)θ', () => {
    // One task of ten at exactly 8 of 16, the rest below 8: S_obs = 1/C(16, 8), and every level is
    // reached by any c ≥ 8, so P_θ = 1 − (1 − min(1, C(16, 8)θ))^10 and the bound solves it = α:
    // θ = (1 − 0.95^{1/10})/C(16, 8) (closed form).
    const bound = populationTailBound(groupsFrom([[16, 8], ...repeat([16, 3], 9)]), 'passHatK', 8, 0.05, 'lower')!;
    const expected = (1 - 0.95 ** (1 / 10)) / 12870;
    expect(Math.abs(bound - expected) / expected).toBeLessThan(1e-9);
    expect(taskEstimate('passHatK', 16, 8, 8)).toBe(1 / 12870);
  });
});

describe('the coverage study cell of issue #42, exactly: pass^8 of Kumaraswamy(0.5, 3) tasks, n 16, T 10, 95 % lower bound', () => {
  // S·C(16, 8) = Σ_t C(c_t, 8) is an integer; the bound depends on S alone (one task size) and grows
  // with it. python3 test/reference/population_tail_bound.py --exact-cell judges every attainable S:
  // the bound exceeds the truth exactly from S·C(16, 8) = 735 on, and the cell covers 0.964668.
  const truth = 6 / (17 * 18 * 19); // E p⁸ = 3·B(17, 3), closed form
  const boundAt = (counts: number[]) =>
    taskAverageBound(
      counts.map((c) => ({ n: 16, c })),
      { metric: 'passHatK', k: 8, confidence: 0.95, side: 'lower', estimand: 'population' },
    )!;

  it('734 (12, 11, 10, three at 9, two at 8) is covered, 735 (one more at 8) is not, both by the tail bound', () => {
    const below = boundAt([12, 11, 10, 9, 9, 9, 8, 8, 0, 0]);
    const above = boundAt([12, 11, 10, 9, 9, 9, 8, 8, 8, 0]);
    expect([below.method, above.method]).toEqual(['population-tail', 'population-tail']);
    expect(below.bound).toBeLessThanOrEqual(truth);
    expect(above.bound).toBeGreaterThan(truth);
  });

  it('so the cell covers P(S·C(16, 8) < 735) = 0.964668, inside [94 %, 97 %]', () => {
    // P(C = c) = C(16, c)·E[p^c (1 − p)^(16−c)] with E p^j = 3·B(1 + 2j, 3) = 6/((2j + 1)(2j + 2)(2j + 3)),
    // the Kumaraswamy(0.5, 3) moments (closed form), expanded in (1 − p)^(16−c).
    const moment = (j: number) => 6 / ((2 * j + 1) * (2 * j + 2) * (2 * j + 3));
    const law = Array.from({ length: 17 }, (_, c) => {
      let sum = 0;
      for (let i = 0; i <= 16 - c; i++) sum += binomial(16 - c, i) * (-1) ** i * moment(c + i);
      return binomial(16, c) * sum;
    });
    expect(law.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const cap = 735;
    let dist: number[] = Array.from({ length: cap + 1 }, (_, x) => (x === 0 ? 1 : 0));
    for (let t = 0; t < 10; t++) {
      const next = new Array<number>(cap + 1).fill(0);
      dist.forEach((mass, x) => law.forEach((p, c) => (next[Math.min(cap, x + binomial(c, 8))]! += mass * p)));
      dist = next;
    }
    const coverage = 1 - dist[cap]!;
    expect(coverage).toBeCloseTo(0.964668, 6);
    expect(coverage).toBeGreaterThanOrEqual(0.94);
    expect(coverage).toBeLessThanOrEqual(0.97);
  });
});

describe('taskAverageBound at the score bound edge: the bound valid for every population', () => {
  const options = { confidence: 0.95, estimand: 'population' } as const;
  const tasks = (list: readonly (readonly [number, number])[]) => list.map(([n, c]) => ({ n, c }));

  it('one task of ten at 13 of 16, pass^8: 0.0011943 (the score edge bound gave 0.00027, below the best valid bound 0.00119–0.00120)', () => {
    const found = taskAverageBound(tasks([[16, 13], ...repeat([16, 5], 9)]), { ...options, metric: 'passHatK', k: 8, side: 'lower' })!;
    expect(found.method).toBe('population-tail');
    expect(Math.abs(found.bound - 0.0011943457822126556) / 0.0011943457822126556).toBeLessThan(1e-9);
  });

  it('mirrored near 1 for an upper bound; away from the edge the score interval stands', () => {
    const nearOne = tasks([[10, 9], ...repeat([10, 10], 29)]);
    const upper = taskAverageBound(nearOne, { ...options, metric: 'passHatK', k: 4, side: 'upper' })!;
    expect(upper.method).toBe('population-tail');
    expect(Math.abs(upper.bound - 0.9993166737422137)).toBeLessThan(1e-9);
    expect(taskAverageBound(nearOne, { ...options, metric: 'passHatK', k: 4, side: 'lower' })!.method).toBe('interval');
    expect(taskAverageBound(tasks([[16, 13], ...repeat([16, 5], 9)]), { ...options, metric: 'passAtK', k: 1, side: 'lower' })!.method).toBe('interval');
  });

  it('gate says which bound judged the requirement', async () => {
    const dir = tempDir('tail-gate');
    const file = join(dir, 'rare.csv');
    const successes = [13, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    const rows = successes.flatMap((c, t) => Array.from({ length: 16 }, (_, i) => `t${t},${i < c ? 1 : 0}`));
    writeFileSync(file, `task_id,success\n${rows.join('\n')}\n`);
    const result = await passkWide('gate', file, '--require', 'pass^8 >= 0.001');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/PASS\s+pass\^8 >= 0\.001\s+1\.0%\s+lower 0\.1%\s+exact tail bound valid for any task population, estimate near 0/);
  });
});
