import { describe, expect, it } from 'vitest';
import { requireSuccessRateDist } from '../../../packages/sim/src/distributions/requireSuccessRateDist.js';
import type { SuccessRateDist } from '../../../packages/sim/src/scenario/types.js';

const bad = (value: unknown) => value as SuccessRateDist;

describe('requireSuccessRateDist(where, dist)', () => {
  it('returns a valid distribution unchanged', () => {
    const dist: SuccessRateDist = { dist: 'mixture', components: [{ weight: 1, dist: { dist: 'beta', a: 2, b: 2 } }] };
    expect(requireSuccessRateDist('dist', dist)).toBe(dist);
  });

  it.each([
    [bad(null), 'd.dist: must be one of fixed, point, beta, logitNormal, mixture'],
    [bad({ dist: 'uniform' }), 'd.dist: must be one of fixed, point, beta, logitNormal, mixture, got "uniform"'],
    [bad({ dist: 'fixed', values: [] }), 'd.values: must be a non-empty list of probabilities, got []'],
    [bad({ dist: 'point', p: Number.NaN }), 'd.p: must be a number between 0 and 1, got NaN'],
    [bad({ dist: 'beta', a: 1, b: -2 }), 'd.b: must be a finite number > 0, got -2'],
    [bad({ dist: 'logitNormal', mu: Infinity, sigma: 1 }), 'd.mu: must be a finite number, got Infinity'],
    [bad({ dist: 'mixture', components: [] }), 'd.components: must be a non-empty list, got []'],
    [bad({ dist: 'mixture', components: [{ weight: 0, dist: { dist: 'point', p: 1 } }] }), 'd.components: must have weights with a positive sum, got 0'],
    [
      bad({ dist: 'mixture', components: [{ weight: 1, dist: { dist: 'fixed', values: [1] } }] }),
      'd.components[0].dist.dist: must not be fixed inside a mixture, got "fixed"',
    ],
    [bad({ dist: 'mixture', components: [{ weight: -1, dist: { dist: 'point', p: 1 } }] }), 'd.components[0].weight: must be a finite number ≥ 0, got -1'],
  ])('%j → %s', (dist, message) => {
    expect(() => requireSuccessRateDist('d', dist)).toThrow(message);
  });
});
