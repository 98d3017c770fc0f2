// Expected values: test/reference/cost_ratio.py (numpy/scipy, independent of the TypeScript).
import { describe, expect, it } from 'vitest';
import { compareCosts, costPerSolved, ratioInterval } from '../../../packages/sim/src/internal.js';
import { InputError } from '../../../packages/sim/src/errors.js';

const A = [
  { id: 't1', n: 4, c: 3, cost: 8.0, priced: 4 },
  { id: 't2', n: 4, c: 0, cost: 6.0, priced: 4 },
  { id: 't3', n: 4, c: 1, cost: 5.0, priced: 3 },
  { id: 't4', n: 4, c: 4, cost: 2.0, priced: 4 },
  { id: 't5', n: 4, c: 2, cost: 7.5, priced: 4 },
  { id: 't6', n: 3, c: 1, cost: 3.0, priced: 3 },
  { id: 't8', n: 4, c: 2, cost: 0, priced: 0 },
];
const B = [
  { id: 't1', n: 4, c: 4, cost: 6.0, priced: 4 },
  { id: 't2', n: 4, c: 1, cost: 5.0, priced: 4 },
  { id: 't3', n: 4, c: 1, cost: 4.0, priced: 4 },
  { id: 't4', n: 4, c: 3, cost: 3.0, priced: 4 },
  { id: 't5', n: 4, c: 2, cost: 4.0, priced: 4 },
  { id: 't6', n: 3, c: 0, cost: 2.0, priced: 2 },
  { id: 't7', n: 4, c: 4, cost: 1.0, priced: 4 },
];
const RARE = [0, 0, 1, 0].map((c) => ({ n: 4, c, cost: 4, priced: 4 }));
const close = (actual: number | null | undefined, expected: number) => expect(actual).toBeCloseTo(expected, 8);

describe('costPerSolved (reference: test/reference/cost_ratio.py)', () => {
  it('k = 1: ratio, SE and the three intervals', () => {
    const fieller = costPerSolved(A, { k: 1, confidence: 0.95, method: 'fieller' });
    expect(fieller.tasks).toBe(6);
    close(fieller.value, 3.0147058824);
    close(fieller.se, 1.1985845884);
    close(fieller.interval?.lower, 1.1893191617);
    close(fieller.interval?.upper, 17.4690152725);
    const delta = costPerSolved(A, { k: 1, confidence: 0.95, method: 'delta' });
    close(delta.interval?.lower, 0);
    close(delta.interval?.upper, 6.0957656537);
    const log = costPerSolved(A, { k: 1, confidence: 0.95, method: 'log' });
    close(log.interval?.lower, 1.084904759);
    close(log.interval?.upper, 8.3771883949);
  });

  it('k = 2: k·c̄_t over the unbiased pass@2', () => {
    const result = costPerSolved(A, { k: 2, confidence: 0.95, method: 'fieller' });
    close(result.value, 4.2708333333);
    close(result.se, 1.2833830765);
    close(result.interval?.lower, 1.9942084201);
    close(result.interval?.upper, 11.7164364479);
    close(costPerSolved(A, { k: 2, confidence: 0.95, method: 'delta' }).interval?.lower, 0.9717921088);
    close(costPerSolved(A, { k: 2, confidence: 0.95, method: 'log' }).interval?.upper, 9.2467061969);
  });

  it('at k = 1 with all attempts priced and equal n it is total cost / total successes', () => {
    const tasks = [
      { n: 5, c: 1, cost: 10, priced: 5 },
      { n: 5, c: 4, cost: 3, priced: 5 },
      { n: 5, c: 0, cost: 7, priced: 5 },
    ];
    const result = costPerSolved(tasks, { k: 1, confidence: 0.95 });
    close(result.value, 20 / 5);
    expect(result.method).toBe('log');
  });

  it('near-zero success: Fieller is unbounded above where the delta interval is not', () => {
    const fieller = costPerSolved(RARE, { k: 1, confidence: 0.95, method: 'fieller' });
    close(fieller.value, 16);
    close(fieller.se, 16);
    close(fieller.interval?.lower, 3.8255123514);
    expect(fieller.interval?.upper).toBe(Number.POSITIVE_INFINITY);
    close(costPerSolved(RARE, { k: 1, confidence: 0.95, method: 'delta' }).interval?.upper, 66.9191408845);
    close(costPerSolved(RARE, { k: 1, confidence: 0.95, method: 'log' }).interval?.upper, 385.6904202217);
  });

  it('nothing solved: no value; one task: no interval', () => {
    const none = costPerSolved(
      [
        { n: 3, c: 0, cost: 1, priced: 3 },
        { n: 3, c: 0, cost: 2, priced: 3 },
      ],
      { k: 1, confidence: 0.95 },
    );
    expect(none.value).toBeNull();
    expect(none.interval).toBeNull();
    const one = costPerSolved([{ n: 3, c: 1, cost: 3, priced: 3 }], { k: 1, confidence: 0.95 });
    expect(one.value).toBe(3);
    expect(one.interval).toBeNull();
  });

  it('refuses bad tasks and options with one InputError', () => {
    expect(() => costPerSolved([{ n: 3, c: 1, cost: -1, priced: 3 }], { k: 1, confidence: 0.95 })).toThrow(InputError);
    expect(() => costPerSolved([{ n: 3, c: 1, cost: 1, priced: 4 }], { k: 1, confidence: 0.95 })).toThrow(/priced/);
    expect(() => costPerSolved(A, { k: 1, confidence: 0.95, method: 'wald' as never })).toThrow(/method/);
    expect(() => ratioInterval([1, 2], [1], 0.95, 'delta')).toThrow(/as many values/);
  });
});

describe('compareCosts (reference: test/reference/cost_ratio.py)', () => {
  for (const [k, ratioA, ratioB, diff, se, lower, upper] of [
    [1, 3.0147058824, 2.3636363636, -0.6510695187, 0.8492620491, -2.834167116, 1.5320280785],
    [2, 4.2708333333, 3.3913043478, -0.8795289855, 1.1246192929, -3.7704549118, 2.0113969408],
  ] as const) {
    it(`k = ${k}: per attempt and per solved task, B − A over the 6 paired priced tasks`, () => {
      const result = compareCosts({ name: 'A', tasks: A }, { name: 'B', tasks: B }, { k, confidence: 0.95 });
      expect(result.tasks).toBe(6);
      close(result.perAttempt.baseline.value, 1.4236111111);
      close(result.perAttempt.candidate.value, 1.0833333333);
      close(result.perAttempt.difference, -0.3402777778);
      close(result.perAttempt.se, 0.1722726181);
      close(result.perAttempt.interval?.lower, -0.7831186406);
      close(result.perAttempt.interval?.upper, 0.102563085);
      close(result.perSolved.baseline.value, ratioA);
      close(result.perSolved.candidate.value, ratioB);
      close(result.perSolved.difference, diff);
      close(result.perSolved.se, se);
      close(result.perSolved.interval?.lower, lower);
      close(result.perSolved.interval?.upper, upper);
    });
  }
});
