import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../packages/sim/src/scenario/configReader.js';
import { resolveAmount } from '../../../packages/sim/src/scenario/resolveAmount.js';

describe('resolveAmount', () => {
  it('reads 0.02 as a constant (the JSDoc example)', () => {
    expect(resolveAmount(0.02, rootPath(undefined))).toStrictEqual({ dist: 'constant', value: 0.02 });
  });

  it('reads the constant and lognormal objects', () => {
    expect(resolveAmount({ dist: 'constant', value: 0 }, rootPath(undefined))).toStrictEqual({ dist: 'constant', value: 0 });
    expect(resolveAmount({ dist: 'lognormal', median: 0.02, sigma: 0 }, rootPath(undefined))).toStrictEqual({
      dist: 'lognormal',
      median: 0.02,
      sigma: 0,
    });
  });
});
