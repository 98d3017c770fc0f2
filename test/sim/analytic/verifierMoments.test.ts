import { describe, expect, it } from 'vitest';
import { verifierMoments } from '../../../packages/sim/src/analytic/verifierMoments.js';
import { InputError } from '../../../packages/sim/src/errors.js';

describe('verifierMoments', () => {
  it('doc example: falseReject Beta(2, 6) has E[FR] = 1/4, E[FR(1 − FR)] = 1/6, E[FR²] = 1/12 (closed forms B(a + i, b + j)/B(a, b))', () => {
    const m = verifierMoments({ dist: 'point', p: 0 }, { dist: 'beta', a: 2, b: 6 }, 4);
    expect(m.correctRejected[0]).toBe(1);
    expect(m.correctRejected[1]).toBeCloseTo(0.25, 15);
    expect(m.correctRejectedThenAccepted[1]).toBeCloseTo(1 / 6, 15); // E[X] − E[X²] = 1/4 − 1/12
    expect(m.correctRejected[2]).toBeCloseTo(1 / 12, 15); // a(a + 1)/((a + b)(a + b + 1)) = 6/72
    // python3 -c "from scipy import stats; print(stats.beta(2,6).expect(lambda x: x**3*(1-x)))" → 0.01818181818181818
    expect(m.correctRejectedThenAccepted[3]).toBeCloseTo(0.01818181818181818, 15);
    expect(m.point).toBeNull();
  });

  it('falseAccept Beta(2, 6): moments of 1 − FA ~ Beta(6, 2) (scipy)', () => {
    const m = verifierMoments({ dist: 'beta', a: 2, b: 6 }, { dist: 'point', p: 0.1 }, 4);
    // python3 -c "from scipy import stats; print(stats.beta(6,2).expect(lambda x: x**4))" → 0.38181818181818183
    expect(m.wrongRejected[4]).toBeCloseTo(0.38181818181818183, 15);
    // python3 -c "from scipy import stats; print(stats.beta(2,6).expect(lambda x: (1-x)**4*x))" → 0.06363636363636363
    expect(m.wrongRejectedThenAccepted[4]).toBeCloseTo(0.06363636363636363, 15);
    expect(m.wrongRejected[1]).toBeCloseTo(0.75, 15);
  });

  it('point rates: plain powers, and `point` carries the rates', () => {
    const m = verifierMoments({ dist: 'point', p: 0.05 }, { dist: 'point', p: 0.1 }, 3);
    expect(Array.from(m.correctRejected)).toEqual([1, 0.1, 0.1 ** 2, 0.1 ** 3]);
    expect(m.correctRejectedThenAccepted[2]).toBeCloseTo(0.01 * 0.9, 15);
    expect(m.wrongRejected[3]).toBe(0.95 ** 3);
    expect(m.wrongRejectedThenAccepted[1]).toBeCloseTo(0.95 * 0.05, 15);
    expect(m.point).toEqual({ falseAccept: 0.05, falseReject: 0.1 });
  });

  it('rejects bad rates and sizes', () => {
    expect(() => verifierMoments({ dist: 'point', p: 1.5 }, { dist: 'point', p: 0 }, 2)).toThrow(InputError);
    expect(() => verifierMoments({ dist: 'point', p: 0 }, { dist: 'beta', a: 0, b: 1 }, 2)).toThrow(/falseReject\.a/);
    expect(() => verifierMoments({ dist: 'point', p: 0 }, { dist: 'point', p: 0 }, -1)).toThrow(/^n:/);
    expect(() => verifierMoments({ dist: 'normal' } as never, { dist: 'point', p: 0 }, 2)).toThrow(/falseAccept\.dist/);
  });
});
