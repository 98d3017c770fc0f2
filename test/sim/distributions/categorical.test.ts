import { describe, expect, it } from 'vitest';
import { categorical } from '../../../packages/sim/src/distributions/categorical.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import { streamRng } from '../../../packages/sim/src/rng/streams.js';
import { chiSquareAtEdges, draws } from './sampleChecks.js';

describe('categorical(rng, weights)', () => {
  it('[1, 0, 3, 4] gives 0, 2, 3 with probabilities 1/8, 3/8, 4/8 (closed form; chi-square 2 df) and never 1', () => {
    const xs = draws(100_000, (rng) => categorical(rng, [1, 0, 3, 4]), 'categorical');
    expect(xs.includes(1)).toBe(false);
    // Cells: {0, 1}, {2}, {3}. python3 -c "from scipy.stats import chi2; print(chi2.ppf(1 - 1e-4, 2))"
    expect(chiSquareAtEdges(xs, [2, 3], [1 / 8, 4 / 8])).toBeLessThan(18.420680743952584);
  });

  it('a single positive weight is certain, also when it is last and others are 0', () => {
    const rng = streamRng(1, 'categorical-one');
    for (let i = 0; i < 100; i++) expect(categorical(rng, [0, 0, 2e-300])).toBe(2);
  });

  it('is deterministic and rejects negative, NaN, infinite or all-zero weights', () => {
    const a = streamRng(6, 'cat');
    const b = streamRng(6, 'cat');
    expect([categorical(a, [1, 2, 3]), categorical(a, [5, 1])]).toEqual([categorical(b, [1, 2, 3]), categorical(b, [5, 1])]);
    expect(() => categorical(a, [1, -1])).toThrow('weights[1]: must be a finite number ≥ 0, got -1');
    expect(() => categorical(a, [Number.NaN])).toThrow(InputError);
    expect(() => categorical(a, [Infinity, 1])).toThrow(InputError);
    expect(() => categorical(a, [0, 0])).toThrow('weights: must have a positive sum, got 0');
    expect(() => categorical(a, [])).toThrow(InputError);
  });
});
