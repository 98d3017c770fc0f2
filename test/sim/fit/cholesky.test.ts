import { describe, expect, it } from 'vitest';
import { cholesky } from '../../../packages/sim/src/fit/cholesky.js';

describe('cholesky', () => {
  it('doc example: [[4, 2], [2, 3]] → [[2, 0], [1, √2]] (L Lᵀ by hand)', () => {
    const l = cholesky([
      [4, 2],
      [2, 3],
    ])!;
    expect(l[0]).toEqual([2, 0]);
    expect(l[1][0]).toBe(1);
    expect(l[1][1]).toBeCloseTo(Math.SQRT2, 15);
  });

  it('returns null for a matrix that is not positive definite (eigenvalues 3 and −1; and a singular one)', () => {
    expect(
      cholesky([
        [1, 2],
        [2, 1],
      ]),
    ).toBeNull();
    expect(
      cholesky([
        [1, 1],
        [1, 1],
      ]),
    ).toBeNull();
  });
});
