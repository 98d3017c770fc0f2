import { describe, expect, it } from 'vitest';
import { goodnessOfFit } from '../../../packages/sim/src/fit/goodnessOfFit.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';
import { taskCells } from '../../../packages/sim/src/fit/taskCells.js';
import { TAU_TASKS } from './tauBench.js';

const beta = (a: number, b: number) => mixtureParameters([Math.log(a / b), Math.log(a + b), -Infinity, -Infinity]);

describe('goodnessOfFit', () => {
  const bb = beta(0.6418, 0.8575);
  const gof = goodnessOfFit(TAU_TASKS, taskCells(TAU_TASKS), { bb }, [1, 2]);

  it('count table: observed τ-bench counts against 50·scipy.stats.betabinom.pmf(c, 4, 0.6418, 0.8575)', () => {
    // python3 -c "from scipy.stats import betabinom; print((50*betabinom.pmf(range(5), 4, 0.6418, 0.8575)).tolist())"
    const expected = [14.879627898022358, 9.902522550823848, 8.534363004694278, 8.091908545823717, 8.591578000635804];
    expect(gof.counts).toHaveLength(1);
    expect(gof.counts[0]!.n).toBe(4);
    expect(gof.counts[0]!.tasks).toBe(50);
    expect(gof.counts[0]!.rows.map((row) => row.observed)).toEqual([14, 12, 10, 4, 10]);
    gof.counts[0]!.rows.forEach((row, c) => expect(row.predicted.bb).toBeCloseTo(expected[c]!, 10));
  });

  it('pass rates: observed unbiased (τ-bench README: pass^2 = 0.273) against E[p^k] of the beta', () => {
    const k2 = gof.passRates[1]!;
    expect(k2.k).toBe(2);
    expect(k2.estimableTasks).toBe(50);
    // Exact: (10·C(2,2) + 4·C(3,2) + 10·C(4,2))/C(4,2)/50 = (10 + 12 + 60)/300 = 41/150.
    expect(k2.observed.passHatK!.value).toBeCloseTo(41 / 150, 14);
    // a(a + 1)/((a + b)(a + b + 1)) and 1 − b(b + 1)/((a + b)(a + b + 1)) (python, same a, b).
    expect(k2.predicted.bb!.passHatK).toBeCloseTo(0.28119852215326757, 13);
    expect(k2.predicted.bb!.passAtK).toBeCloseTo(0.5749343398490001, 13);
  });

  it('unequal n: one count table per n; pass rates average over the tasks with n ≥ k', () => {
    const tasks = [
      { n: 2, c: 0 },
      { n: 2, c: 1 },
      { n: 2, c: 0 },
      { n: 4, c: 4 },
    ];
    const result = goodnessOfFit(tasks, taskCells(tasks), { bb }, [1, 3]);
    expect(result.counts.map((g) => [g.n, g.tasks])).toEqual([
      [2, 3],
      [4, 1],
    ]);
    // python3 -c "from scipy.stats import betabinom; print((3*betabinom.pmf(range(3), 2, 0.6418, 0.8575)).tolist())"
    [1.275196980453, 0.881207453087198, 0.8435955664598027].forEach((x, c) => expect(result.counts[0]!.rows[c]!.predicted.bb).toBeCloseTo(x, 10));
    expect(result.counts[0]!.rows.map((row) => row.observed)).toEqual([2, 1, 0]);
    expect(result.passRates[1]!.estimableTasks).toBe(1);
    expect(result.passRates[1]!.observed.passHatK!.value).toBe(1);
  });
});
