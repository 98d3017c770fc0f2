import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { averageOverTasks, groupTaskCounts, type TaskTrials } from '../../../packages/sim/src/estimators/taskAverage.js';

const tasks = (pairs: Array<[n: number, c: number]>): TaskTrials[] => pairs.map(([n, c]) => ({ n, c }));

/*
 * Reference values: exact rationals in python, then float(), and numpy for the SE:
 *   from fractions import Fraction as F; from math import comb; import numpy as np
 *   at  = lambda n, c, k: 1 - F(comb(n - c, k), comb(n, k));  hat = lambda n, c, k: F(comb(c, k), comb(n, k))
 *   plat = lambda n, c, k: 1 - (1 - F(c, n))**k;              plhat = lambda n, c, k: F(c, n)**k
 *   es = [(n, c) for n, c in tasks if n >= k]; T = len(es)
 *   value = float(sum(at(n, c, k) for n, c in es) / T)        (and hat, plat, plhat alike)
 *   se = np.std([float(at(n, c, k)) for n, c in es], ddof=1) / np.sqrt(T)
 */
describe('averageOverTasks: exact small cases', () => {
  it('seeds, Agent B (c = 5, 5, 4, 3, 3 of 8): pass@4 = 339/350 = 0.969, pass^4 = 11/350 = 0.031', () => {
    const [k1, k4] = averageOverTasks(
      tasks([
        [8, 5],
        [8, 5],
        [8, 4],
        [8, 3],
        [8, 3],
      ]),
      [1, 4],
    );
    // k = 1: both are the mean rate 20/40 = 0.5 (python: 0.5); se = np.std([5/8,5/8,4/8,3/8,3/8], ddof=1)/np.sqrt(5)
    expect(k1!.passAtK!.value).toBeCloseTo(0.5, 15);
    expect(k1!.passHatK!.value).toBeCloseTo(0.5, 15);
    expect(k1!.passAtK!.se).toBeCloseTo(0.05590169943749474, 15);
    // python: sum(at(8, c, 4) for c in (5,5,4,3,3))/5 == F(339, 350); sum(hat(...))/5 == F(11, 350)
    expect(k4!.passAtK!.value).toBeCloseTo(339 / 350, 15);
    expect(k4!.passHatK!.value).toBeCloseTo(11 / 350, 15);
    expect(k4!.passAtK!.se).toBeCloseTo(0.016536909861128886, 15);
    expect(k4!.passHatK!.se).toBeCloseTo(0.01653690986112889, 15);
    // plug-in: float(sum(plat(8, c, 4) ...)/5) = 0.9185546875, float(sum(plhat(8, c, 4) ...)/5) = 0.0814453125
    expect(k4!.plugin!.passAtK).toBeCloseTo(0.9185546875, 15);
    expect(k4!.plugin!.passHatK).toBeCloseTo(0.0814453125, 15);
    expect(k4!.estimableTasks).toBe(5);
    expect(k4!.notEstimableTasks).toBe(0);
  });

  it('seeds, Agent A (8, 8, 8, 0, 0 of 8): pass@4 = pass^4 = 0.6, se = np.std([1,1,1,0,0], ddof=1)/np.sqrt(5)', () => {
    const [row] = averageOverTasks(
      tasks([
        [8, 8],
        [8, 8],
        [8, 8],
        [8, 0],
        [8, 0],
      ]),
      [4],
    );
    expect(row!.passAtK!.value).toBeCloseTo(0.6, 15);
    expect(row!.passHatK!.value).toBeCloseTo(0.6, 15);
    expect(row!.passAtK!.se).toBeCloseTo(0.24494897427831783, 15);
    expect(row!.plugin).toEqual({ passAtK: 0.6, passHatK: 0.6 });
  });

  describe('unequal n: tasks with n < k are left out and counted', () => {
    const data = tasks([
      [3, 1],
      [5, 2],
      [10, 7],
      [2, 2],
      [0, 0],
      [12, 0],
    ]);
    // Computed inside each test (not when the file is collected), so that a test sees the code as it runs then (mutation testing).
    const rows = () => averageOverTasks(data, [1, 3, 5, 12, 13]);
    // [k, estimable, not estimable, pass@k, pass^k, plug-in pass@k, plug-in pass^k, se pass@k, se pass^k] from the python above
    const expected: Array<[number, number, number, number, number, number, number, number | null, number | null]> = [
      [1, 5, 1, 0.4866666666666667, 0.4866666666666667, 0.4866666666666667, 0.4866666666666667, 0.16983652270475993, 0.16983652270475993],
      [3, 4, 2, 0.7229166666666667, 0.07291666666666667, 0.615175925925926, 0.11100925925925927, 0.24203456192590897, 0.07291666666666667],
      [5, 3, 3, 0.6666666666666666, 0.027777777777777776, 0.6399366666666667, 0.059436666666666665, 0.33333333333333337, 0.02777777777777778],
      // only (12, 0) has n ≥ 12: value 0 (closed form), no SE from one task
      [12, 1, 5, 0, 0, 0, 0, null, null],
    ];
    it.each(expected)('k = %i', (k, estimable, notEstimable, at, hat, plAt, plHat, seAt, seHat) => {
      const row = rows().find((r) => r.k === k)!;
      expect(row.estimableTasks).toBe(estimable);
      expect(row.notEstimableTasks).toBe(notEstimable);
      expect(row.passAtK!.value).toBeCloseTo(at, 15);
      expect(row.passHatK!.value).toBeCloseTo(hat, 15);
      expect(row.plugin!.passAtK).toBeCloseTo(plAt, 15);
      expect(row.plugin!.passHatK).toBeCloseTo(plHat, 15);
      if (seAt === null) expect(row.passAtK!.se).toBeNull();
      else expect(row.passAtK!.se).toBeCloseTo(seAt, 15);
      if (seHat === null) expect(row.passHatK!.se).toBeNull();
      else expect(row.passHatK!.se).toBeCloseTo(seHat, 15);
    });

    it('k above every n: nothing estimable, values null', () => {
      const row = rows().find((r) => r.k === 13)!;
      expect(row).toEqual({ k: 13, estimableTasks: 0, notEstimableTasks: 6, passAtK: null, passHatK: null, plugin: null });
    });
  });

  it('rejects bad input with InputError naming the place', () => {
    expect(() => averageOverTasks([], [1])).toThrow(InputError);
    expect(() =>
      averageOverTasks(
        tasks([
          [5, 2],
          [3, 4],
        ]),
        [1],
      ),
    ).toThrow(/tasks\[1\]\.c: must be ≤ n/);
    expect(() => averageOverTasks(tasks([[5, -1]]), [1])).toThrow(/tasks\[0\]\.c/);
    expect(() => averageOverTasks(tasks([[5.5, 1]]), [1])).toThrow(/tasks\[0\]\.n/);
    expect(() => averageOverTasks(tasks([[5, Number.NaN]]), [1])).toThrow(InputError);
    expect(() => averageOverTasks(tasks([[5, 1]]), [0])).toThrow(/^k: /);
    expect(() => averageOverTasks(tasks([[5, 1]]), [1.5])).toThrow(/^k: /);
  });
});

describe('averageOverTasks: which tasks count, two tasks, the compensated sum', () => {
  it('tasks with n < k are left out and counted: at k = 3, of n = 2 and n = 5 only the second', () => {
    const [row] = averageOverTasks(
      [
        { n: 2, c: 1 },
        { n: 5, c: 3 },
      ],
      [3],
    );
    expect(row).toMatchObject({ k: 3, estimableTasks: 1, notEstimableTasks: 1 });
    expect(row!.passAtK!.value).toBeCloseTo(1 - 0 / 10, 15); // 1 − C(2, 3)/C(5, 3) = 1
    expect(row!.passHatK!.value).toBeCloseTo(1 / 10, 15); // C(3, 3)/C(5, 3)
    expect(row!.passHatK!.se).toBeNull(); // one task: no SE
  });

  it('two tasks have an SE: sd/√2 = |a − b|/2', () => {
    const [row] = averageOverTasks(
      [
        { n: 4, c: 1 },
        { n: 4, c: 3 },
      ],
      [1],
    );
    expect(row!.passAtK!.value).toBeCloseTo(0.5, 15);
    expect(row!.passAtK!.se).toBeCloseTo(0.25, 15);
  });

  it('sums with compensation: the mean of pass@1 = 0.1, 0.2, 0.3 is math.fsum([0.1, 0.2, 0.3])/3 = 0.19999999999999998 (naively 0.20000000000000004)', () => {
    const [row] = averageOverTasks(
      [
        { n: 10, c: 1 },
        { n: 10, c: 2 },
        { n: 10, c: 3 },
      ],
      [1],
    );
    expect(row!.passAtK!.value).toBe(0.19999999999999998);
  });

  it('bad input names the argument', () => {
    expect(() => averageOverTasks([], [1])).toThrow(/^tasks: must contain at least one task/);
    expect(() => averageOverTasks('5 of 8' as never, [1])).toThrow(/^tasks: /);
    expect(() => averageOverTasks([{ n: 2, c: 1 }], 3 as unknown as number[])).toThrow(/^ks/);
    expect(() => groupTaskCounts([], [])).toThrow(/^tasks: must contain at least one task/);
    expect(() => groupTaskCounts([2, 3], [1])).toThrow(/^c: must have one count per task \(2\)/);
    expect(() => groupTaskCounts(3 as unknown as number[], [1])).toThrow(/^n: /);
    expect(() => groupTaskCounts([3], 1 as unknown as number[])).toThrow(/^c: /);
    expect(() => groupTaskCounts([3, 2], [1, 3])).toThrow(/^tasks\[1\]/);
  });
});
