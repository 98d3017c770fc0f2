import { describe, expect, it } from 'vitest';
import { hasClosedFormMoments } from '../../../packages/sim/src/distributions/hasClosedFormMoments.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import type { SuccessRateDist } from '../../../packages/sim/src/scenario/types.js';

describe('hasClosedFormMoments(dist)', () => {
  it('is true for fixed, point, beta and their mixtures; false for logitNormal and mixtures containing it', () => {
    expect(hasClosedFormMoments({ dist: 'fixed', values: [0.9, 0.5] })).toBe(true);
    expect(hasClosedFormMoments({ dist: 'point', p: 1 })).toBe(true);
    expect(hasClosedFormMoments({ dist: 'beta', a: 2, b: 3 })).toBe(true);
    expect(hasClosedFormMoments({ dist: 'logitNormal', mu: 0.5, sigma: 1.2 })).toBe(false);
    const mixture = (inner: SuccessRateDist['dist']): SuccessRateDist => ({
      dist: 'mixture',
      components: [
        { weight: 0.5, dist: { dist: 'point', p: 0 } },
        {
          weight: 0.5,
          dist: {
            dist: 'mixture',
            components: [{ weight: 1, dist: inner === 'beta' ? { dist: 'beta', a: 1, b: 1 } : { dist: 'logitNormal', mu: 0, sigma: 1 } }],
          },
        },
      ],
    });
    expect(hasClosedFormMoments(mixture('beta'))).toBe(true);
    expect(hasClosedFormMoments(mixture('logitNormal'))).toBe(false);
  });

  it('checks its argument', () => {
    expect(() => hasClosedFormMoments({ dist: 'gauss' } as unknown as SuccessRateDist)).toThrow(InputError);
  });
});
