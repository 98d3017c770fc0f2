import { describe, expect, it } from 'vitest';
import { AliasTable } from '../../../packages/sim/src/engine/aliasTable.js';
import { ClassTable } from '../../../packages/sim/src/engine/classTable.js';
import { classFirstFailure, classFirstSuccess, outcomeClassCount, outcomeClassCumulative } from '../../../packages/sim/src/engine/outcomeClasses.js';
import { runProbabilities } from '../../../packages/sim/src/engine/runProbabilities.js';
import type { AttemptCorrelation } from '../../../packages/sim/src/scenario/types.js';

/** P(sequence x_1..x_K) by the model's definition (docs/design.md §3), attempt by attempt. */
function sequenceProbability(correlation: AttemptCorrelation, p: number, xs: number[]): number {
  let prob = 1;
  let correct = 0;
  let rate = p;
  xs.forEach((x, j) => {
    let q = p;
    if (correlation.model === 'exchangeable') {
      const scale = 1 / correlation.icc - 1;
      q = (p * scale + correct) / (scale + j);
    } else if (correlation.model === 'markov') {
      q = j === 0 ? p : correlation.stickiness * xs[j - 1] + (1 - correlation.stickiness) * p;
    } else if (correlation.model === 'feedback') {
      q = rate;
    }
    prob *= x === 1 ? q : 1 - q;
    if (x === 1) correct++;
    else if (correlation.model === 'feedback')
      rate = correlation.afterFailure >= 0 ? rate + correlation.afterFailure * (1 - rate) : rate * (1 + correlation.afterFailure);
  });
  return prob;
}

describe('outcomeClasses: the joint law of the first success G and first failure F from one uniform', () => {
  it('K = 1: thresholds [p]; class 0 is (G = 1, F = 2), class 1 is (G = 2, F = 1)', () => {
    const out = new Float64Array(1);
    outcomeClassCumulative([1, 0.3], [1, 0.7], 1, out);
    expect(Array.from(out)).toEqual([0.3]);
    expect([classFirstSuccess(0, 1), classFirstFailure(0, 1), classFirstSuccess(1, 1), classFirstFailure(1, 1)]).toEqual([1, 2, 2, 1]);
  });

  const models: AttemptCorrelation[] = [
    { model: 'independent' },
    { model: 'exchangeable', icc: 0.3 },
    { model: 'markov', stickiness: 0.6 },
    { model: 'feedback', afterFailure: 0.4 },
    { model: 'feedback', afterFailure: -0.4 },
  ];
  for (const correlation of models) {
    it(`${correlation.model}: class probabilities equal P(G, F) summed over all 2^K outcome sequences`, () => {
      const K = 4;
      const p = 0.35;
      const A = new Float64Array(K + 1);
      const B = new Float64Array(K + 1);
      runProbabilities(correlation, p, K, A, B);
      const cumulative = new Float64Array(outcomeClassCount(K));
      outcomeClassCumulative(A, B, K, cumulative);
      const enumerated = new Map<string, number>();
      for (let bits = 0; bits < 2 ** K; bits++) {
        const xs = Array.from({ length: K }, (_, j) => (bits >> j) & 1);
        const G = xs.indexOf(1) + 1 || K + 1;
        const F = xs.indexOf(0) + 1 || K + 1;
        enumerated.set(`${G},${F}`, (enumerated.get(`${G},${F}`) ?? 0) + sequenceProbability(correlation, p, xs));
      }
      for (let c = 0; c < outcomeClassCount(K); c++) {
        const width = (c < 2 * K - 1 ? cumulative[c] : 1) - (c > 0 ? cumulative[c - 1] : 0);
        const key = `${classFirstSuccess(c, K)},${classFirstFailure(c, K)}`;
        expect(width, key).toBeCloseTo(enumerated.get(key) ?? 0, 14);
      }
    });
  }

  it('p = 0 and p = 1 give a single reachable class (inversion and alias tables)', () => {
    const K = 3;
    for (const [p, expected] of [
      [0, 2 * K - 1],
      [1, 0],
    ] as const) {
      const A = new Float64Array(K + 1);
      const B = new Float64Array(K + 1);
      runProbabilities({ model: 'exchangeable', icc: 0.5 }, p, K, A, B);
      const cumulative = new Float64Array(2 * K);
      outcomeClassCumulative(A, B, K, cumulative);
      const table = new ClassTable(2 * K, 1);
      table.set(0, cumulative);
      const alias = new AliasTable(2 * K, 1);
      alias.set(0, cumulative);
      for (let n = 0; n < 2000; n++) {
        const x = n < 4 ? [0, 1, 2 ** 31, 2 ** 32 - 1][n] : (n * 2654435761) % 4294967296;
        expect(table.draw(0, x)).toBe(expected);
        expect(alias.draw(0, x)).toBe(expected);
      }
    }
  });
});

describe('runProbabilities', () => {
  it('independent p = 0.5: A = B = [1, 0.5, 0.25] (closed form)', () => {
    const A = new Float64Array(3);
    const B = new Float64Array(3);
    runProbabilities({ model: 'independent' }, 0.5, 2, A, B);
    expect([Array.from(A), Array.from(B)]).toEqual([
      [1, 0.5, 0.25],
      [1, 0.5, 0.25],
    ]);
  });

  it('exchangeable p = 0.3, icc 0.2 (a = 1.2, b = 2.8): A_3 = B(a + 3, b)/B(a, b), B_3 = B(a, b + 3)/B(a, b)', () => {
    const A = new Float64Array(4);
    const B = new Float64Array(4);
    runProbabilities({ model: 'exchangeable', icc: 0.2 }, 0.3, 3, A, B);
    // python3 -c "from scipy.special import beta; print(beta(4.2, 2.8)/beta(1.2, 2.8), beta(1.2, 5.8)/beta(1.2, 2.8))"
    expect(A[3]).toBeCloseTo(0.07040000000000002, 14);
    expect(B[3]).toBeCloseTo(0.4256, 14);
  });
});
