import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../packages/sim/src/scenario/configReader.js';
import { resolveBeta } from '../../../packages/sim/src/scenario/resolveBeta.js';

describe('resolveBeta', () => {
  it('turns mean 0.75, concentration 4 into a = 3, b = 1 (the JSDoc example; a = m·c, b = (1 − m)·c)', () => {
    expect(resolveBeta({ dist: 'beta', mean: 0.75, concentration: 4 }, rootPath(undefined))).toStrictEqual({ a: 3, b: 1 });
  });

  it('keeps a, b as written', () => {
    expect(resolveBeta({ dist: 'beta', a: 2.8, b: 1.2 }, rootPath(undefined))).toStrictEqual({ a: 2.8, b: 1.2 });
  });

  it('gives back mean a/(a + b) and concentration a + b (scipy: beta(3, 1).mean() = 0.75)', () => {
    // python3 -c 'from scipy.stats import beta; print(beta(0.3*20, 0.7*20).mean())' → 0.3
    const { a, b } = resolveBeta({ dist: 'beta', mean: 0.3, concentration: 20 }, rootPath(undefined));
    expect(a / (a + b)).toBeCloseTo(0.3, 15);
    expect(a + b).toBeCloseTo(20, 13);
  });
});
