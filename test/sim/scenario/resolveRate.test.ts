import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../packages/sim/src/scenario/configReader.js';
import { resolveRate } from '../../../packages/sim/src/scenario/resolveRate.js';

describe('resolveRate (the JSDoc examples)', () => {
  it('reads a bare number as a point rate', () => {
    expect(resolveRate(0.05, rootPath(undefined))).toStrictEqual({ dist: 'point', p: 0.05 });
  });

  it('reads a beta by mean 0.25 and concentration 8 as Beta(2, 6)', () => {
    expect(resolveRate({ dist: 'beta', mean: 0.25, concentration: 8 }, rootPath(undefined))).toStrictEqual({ dist: 'beta', a: 2, b: 6 });
  });

  it('reads {dist: point, p}', () => {
    expect(resolveRate({ dist: 'point', p: 0 }, rootPath(undefined))).toStrictEqual({ dist: 'point', p: 0 });
  });
});
