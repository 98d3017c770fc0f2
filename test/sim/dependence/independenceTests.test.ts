import { describe, expect, it } from 'vitest';
import { episodePermutationTest } from '../../../packages/sim/src/dependence/episodePermutationTest.js';
import { testRunOrderDrift } from '../../../packages/sim/src/dependence/runOrderDrift.js';
import { testEpisodeIndependence } from '../../../packages/sim/src/dependence/testEpisodeIndependence.js';
import { drawOutcomes } from '../../../packages/sim/src/engine/drawOutcomes.js';
import { beta } from '../../../packages/sim/src/distributions/beta.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

const T = true;
const F = false;
const tasksOf = (list: boolean[][][]) => list.map((episodes) => ({ episodes }));

describe('episodePermutationTest: exact p-values equal brute-force enumeration (test/reference/dependence.py)', () => {
  it('doc example: one task [[T, T, F, F]] → p = 2/6 = 0.3333 (TTFF and FFTT are the most extreme)', () => {
    // python3 test/reference/dependence.py → permutation TINY: (1.5491933384829668, 0.3333333333333333, 6)
    const result = episodePermutationTest(tasksOf([[[T, T, F, F]]]), 1);
    expect(result.exact).toBe(true);
    expect(result.permutations).toBe(6);
    expect(result.statistic).toBeCloseTo(1.5491933384829668, 12);
    expect(result.pValue).toBeCloseTo(1 / 3, 14);
  });

  it('three tasks, several episodes each → the enumerated p of the reference', () => {
    // python3 test/reference/dependence.py → permutation TINY2: (0.8907453227757911, 0.535, 800)
    const result = episodePermutationTest(
      tasksOf([
        [
          [T, T, F],
          [F, F, T],
        ],
        [[F, T, T, T]],
        [[T, F, F, F, T]],
      ]),
      1,
    );
    expect(result.exact).toBe(true);
    expect(result.permutations).toBe(TINY2[2]);
    expect(result.statistic).toBeCloseTo(TINY2[0], 12);
    expect(result.pValue).toBeCloseTo(TINY2[1], 14);
    expect([result.tasks, result.episodes, result.attempts]).toEqual([3, 4, 15]);
  });

  it('tasks without both outcomes carry no information: p = 1 on them alone', () => {
    expect(episodePermutationTest(tasksOf([[[T, T]], [[F, F, F]]]), 1)).toMatchObject({ pValue: 1, tasks: 0 });
  });

  it('Monte Carlo (above the enumeration limit): seeded, reproducible, (1 + b)/(B + 1), close to the exact law', () => {
    const tasks = drawn({ model: 'independent' }, 40, 6, 'mc');
    const a = episodePermutationTest(tasks, 7, 999);
    const b = episodePermutationTest(tasks, 7, 999);
    expect(a.exact).toBe(false);
    expect(a).toEqual(b);
    expect(Number.isInteger(a.pValue * 1000)).toBe(true); // (1 + b)/1000
    expect(a.pValue).toBeGreaterThan(0);
  });
});

/** 'fixed' episodes of `length` attempts, one per task, p ~ Beta(1.2, 1.8), drawn by the engine's outcome law. */
function drawn(correlation: AttemptCorrelation, tasks: number, length: number, stream: string) {
  const rng = streamRng(5, stream);
  const out = new Uint8Array(length + 1);
  return Array.from({ length: tasks }, () => {
    drawOutcomes(correlation, beta(rng, 1.2, 1.8), length, rng, out);
    return { episodes: [Array.from(out.subarray(1), (x) => x === 1)] };
  });
}

describe('testEpisodeIndependence', () => {
  it('fixed: size ≤ level under independence and power against stickiness and feedback ± (40 data sets each)', () => {
    const rate = (correlation: AttemptCorrelation) => {
      let rejects = 0;
      for (let r = 0; r < 40; r++) {
        const test = testEpisodeIndependence(drawn(correlation, 50, 5, `${correlation.model}/${JSON.stringify(correlation)}/${r}`), {
          stopping: 'fixed',
          seed: r,
          permutations: 199,
        });
        if (test.pValue <= 0.05) rejects++;
      }
      return rejects / 40;
    };
    // Under H0 the rejection rate is Binomial(40, ≤ 0.05)/40: at most 0.05 + 4 SE = 0.05 + 4·√(0.05·0.95/40) = 0.188.
    expect(rate({ model: 'independent' })).toBeLessThanOrEqual(0.05 + 4 * Math.sqrt((0.05 * 0.95) / 40));
    // Strong dependence is found most of the time (power measured in docs/dependence.md).
    expect(rate({ model: 'markov', stickiness: 0.6 })).toBeGreaterThan(0.5);
    expect(rate({ model: 'feedback', afterFailure: -0.6 })).toBeGreaterThan(0.5);
  });

  it('untilSuccess: the LR test of feedback; Aider 81 / 74 / 70 → p < 0.01 (P(pass 2 | fail 1) = 0.514 > P(pass 1) = 0.36, impossible under independence)', () => {
    const aider = [...Array(81).fill([[T]]), ...Array(74).fill([[F, T]]), ...Array(70).fill([[F, F]])].map((episodes) => ({ episodes }));
    const test = testEpisodeIndependence(aider, { stopping: 'untilSuccess', seed: 1 });
    expect(test.method).toMatch(/likelihood ratio/);
    expect(test.pValue).toBeLessThan(0.01);
    expect([test.tasks, test.episodes, test.attempts]).toEqual([225, 225, 369]);
  });

  it('refuses data it cannot test, in one line', () => {
    expect(() => testEpisodeIndependence(tasksOf([[[T]], [[F]]]), { stopping: 'fixed', seed: 1 })).toThrow(/^tasks: must hold episodes of at least 2 attempts/);
    expect(() => testEpisodeIndependence(tasksOf([[[T, T]], [[F, F]]]), { stopping: 'fixed', seed: 1 })).toThrow(
      /^tasks: must hold a task with both successes and failures/,
    );
  });
});

describe('testRunOrderDrift', () => {
  it('doc example: [[F, T], [F, T]] → R = 1, exact p = 0.5', () => {
    // python3 test/reference/dependence.py → drift [[F,T],[F,T]]: (1.0, 0.5)
    const test = testRunOrderDrift(
      [
        [F, T],
        [F, T],
      ],
      { seed: 1 },
    );
    expect(test).toMatchObject({ statistic: 1, exact: true, tasks: 2 });
    expect(test.pValue).toBeCloseTo(0.5, 14);
  });

  it('four tasks of unequal runs → the enumerated p of the reference', () => {
    const x = (s: string) => [...s].map((c) => c === '1');
    const test = testRunOrderDrift([x('00111'), x('0101'), x('100011'), x('001')], { seed: 1 });
    expect(test.statistic).toBeCloseTo(DRIFT_D[0], 12);
    expect(test.pValue).toBeCloseTo(DRIFT_D[1], 14);
  });

  it('Monte Carlo for long tasks: seeded and reproducible; a clear drift gets the smallest p, 1/(B + 1)', () => {
    const rng = streamRng(9, 'drift');
    const improving = Array.from({ length: 30 }, () => Array.from({ length: 40 }, (_, j) => rng.uniform() < 0.2 + (0.6 * j) / 39));
    const test = testRunOrderDrift(improving, { seed: 3, permutations: 999 });
    expect(test.exact).toBe(false);
    expect(test.pValue).toBe(1 / 1000);
    expect(testRunOrderDrift(improving, { seed: 3, permutations: 999 })).toEqual(test);
  });

  it('bad input: one line', () => {
    expect(() => testRunOrderDrift([[T, 'x' as never]], { seed: 1 })).toThrow('tasks[0][1]: must be true (success) or false, got "x"');
    expect(() => testRunOrderDrift([], { seed: 1 })).toThrow(/^tasks:/);
  });
});

// python3 test/reference/dependence.py → permutation TINY2: (0.8907453227757911, 0.535, 800);
// drift D: (6.5, 0.06277777777777778).
const TINY2: [number, number, number] = [0.8907453227757911, 0.535, 800];
const DRIFT_D: [number, number] = [6.5, 0.06277777777777778];
