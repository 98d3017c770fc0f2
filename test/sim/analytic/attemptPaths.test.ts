import { describe, expect, it } from 'vitest';
import { attemptPaths, type AttemptPaths } from '../../../packages/sim/src/analytic/attemptPaths.js';
import { geometricPaths } from '../../../packages/sim/src/analytic/geometricPaths.js';
import { markovPaths } from '../../../packages/sim/src/analytic/markovPaths.js';
import { verifierMoments } from '../../../packages/sim/src/analytic/verifierMoments.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import type { AttemptCorrelation, RateSpec } from '../../../packages/sim/src/scenario/types.js';

const point = (p: number): RateSpec => ({ dist: 'point', p });
const perfect = (K: number) => verifierMoments(point(0), point(0), K);
const KEYS = ['rejected', 'acceptedCorrect', 'acceptedWrong', 'rejectedCorrect', 'rejectedWrong'] as const;

function expectSame(a: AttemptPaths, b: AttemptPaths, tolerance: number): void {
  for (const key of KEYS) a[key].forEach((v, j) => expect(Math.abs(v - b[key][j]), `${key}[${j}]`).toBeLessThan(tolerance));
}

describe('attemptPaths (dynamic programme over attempts)', () => {
  it('doc example: p = 0.5, independent, FA = 0, FR = 0.5, K = 2 (hand: 0.5·0.5, then 0.75·0.25)', () => {
    const paths = attemptPaths(0.5, { model: 'independent' }, verifierMoments(point(0), point(0.5), 2), 2);
    expect(Array.from(paths.acceptedCorrect)).toEqual([0, 0.25, 0.1875]);
    expect(Array.from(paths.rejected)).toEqual([1, 0.75, 0.5625]);
    expect(Array.from(paths.acceptedWrong)).toEqual([0, 0, 0]);
  });

  it('exchangeable p = 0.5, icc = 0.5 (Pólya a = b = 0.5), perfect verifier: first correct at 2 w.p. 0.5·0.25, two wrong 0.5·0.75', () => {
    const paths = attemptPaths(0.5, { model: 'exchangeable', icc: 0.5 }, perfect(2), 2);
    expect(Array.from(paths.acceptedCorrect)).toEqual([0, 0.5, 0.125]);
    expect(Array.from(paths.rejected)).toEqual([1, 0.5, 0.375]);
  });

  it('feedback η = 1: a failure makes the next attempt certain (hand: accepted correct at 2 w.p. 1 − p)', () => {
    const paths = attemptPaths(0.3, { model: 'feedback', afterFailure: 1 }, perfect(3), 3);
    expect(paths.acceptedCorrect[1]).toBeCloseTo(0.3, 15);
    expect(paths.acceptedCorrect[2]).toBeCloseTo(0.7, 16);
    expect(paths.rejected[2]).toBe(0);
  });

  it('agrees with the closed forms: geometricPaths (independent) and markovPaths, point rates, K = 40', () => {
    const m = verifierMoments(point(0.07), point(0.15), 40);
    expectSame(attemptPaths(0.35, { model: 'independent' }, m, 40), geometricPaths(0.35, 0.07, 0.15, 40), 1e-15);
    expectSame(attemptPaths(0.35, { model: 'markov', stickiness: 0.7 }, m, 40), markovPaths(0.35, 0.7, 0.07, 0.15, 40), 1e-15);
  });

  it('conserves probability for every model with Beta rates: rejected[j] = rejected[j − 1] − accepted[j] = rejectedCorrect[j] + rejectedWrong[j]', () => {
    const m = verifierMoments({ dist: 'beta', a: 2, b: 6 }, { dist: 'beta', a: 1, b: 9 }, 12);
    const models: AttemptCorrelation[] = [
      { model: 'independent' },
      { model: 'exchangeable', icc: 0.4 },
      { model: 'markov', stickiness: 0.5 },
      { model: 'feedback', afterFailure: 0.3 },
      { model: 'feedback', afterFailure: -0.3 },
    ];
    for (const model of models) {
      const paths = attemptPaths(0.45, model, m, 12);
      for (let j = 1; j <= 12; j++) {
        expect(paths.rejected[j - 1] - paths.acceptedCorrect[j] - paths.acceptedWrong[j] - paths.rejected[j]).toBeCloseTo(0, 15);
        expect(paths.rejectedCorrect[j] + paths.rejectedWrong[j]).toBe(paths.rejected[j]);
      }
    }
  });

  it('rejects bad input, including moments shorter than maxAttempts', () => {
    expect(() => attemptPaths(1.5, { model: 'independent' }, perfect(3), 3)).toThrow(InputError);
    expect(() => attemptPaths(0.5, { model: 'independent' }, perfect(2), 3)).toThrow(/^verifier:/);
    expect(() => attemptPaths(0.5, { model: 'independent' }, perfect(3), 0)).toThrow(/maxAttempts/);
  });
});
