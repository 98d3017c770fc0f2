import { describe, expect, it } from 'vitest';
import { geometricPaths } from '../../../packages/sim/src/analytic/geometricPaths.js';
import { markovPaths } from '../../../packages/sim/src/analytic/markovPaths.js';
import { InputError } from '../../../packages/sim/src/errors.js';

describe('markovPaths (sticky attempts, point verifier rates)', () => {
  it('doc example: p = 0.5, λ = 0.5, FA = 0, FR = 0.5 → acceptedCorrect = [0, 0.25, 0.15625]', () => {
    // hand: c_2 = 0.25·(0.5 + 0.25) + 0.5·0.25 = 0.3125, accepted w.p. 0.5
    expect(Array.from(markovPaths(0.5, 0.5, 0, 0.5, 2).acceptedCorrect)).toEqual([0, 0.25, 0.15625]);
  });

  it('λ = 0 is independent (geometricPaths); λ = 1 repeats the first attempt', () => {
    const a = markovPaths(0.3, 0, 0.1, 0.2, 10);
    const b = geometricPaths(0.3, 0.1, 0.2, 10);
    a.rejected.forEach((v, j) => expect(v).toBeCloseTo(b.rejected[j], 16));
    a.acceptedWrong.forEach((v, j) => expect(v).toBeCloseTo(b.acceptedWrong[j], 16));
    const same = markovPaths(0.3, 1, 0, 0, 4); // perfect verifier: a wrong first attempt is never fixed
    expect(Array.from(same.acceptedCorrect)).toEqual([0, 0.3, 0, 0, 0]);
    expect(same.rejected[4]).toBeCloseTo(0.7, 16);
  });

  it('rejects bad input', () => {
    expect(() => markovPaths(0.5, 2, 0, 0, 3)).toThrow(InputError);
    expect(() => markovPaths(0.5, 0.5, 0, 0, 0)).toThrow(/maxAttempts/);
  });
});
