import { describe, expect, it } from 'vitest';
import { rootPath } from '../../../packages/sim/src/scenario/configReader.js';
import { resolvePolicy } from '../../../packages/sim/src/scenario/resolvePolicy.js';

describe('resolvePolicy', () => {
  it('fills the defaults of {maxAttempts: 8} (the JSDoc example)', () => {
    expect(resolvePolicy({ maxAttempts: 8 }, rootPath(undefined))).toStrictEqual({
      maxAttempts: 8,
      mode: 'sequential',
      batchSize: 1,
      onNoAccept: 'abstain',
      budget: { cost: null, latency: null, mode: 'soft' },
    });
  });

  it('implies batchSize maxAttempts in parallel, and takes it as given in batches (up to maxAttempts)', () => {
    const at = rootPath(undefined);
    expect(resolvePolicy({ maxAttempts: 6, mode: 'parallel' }, at).batchSize).toBe(6);
    expect(resolvePolicy({ maxAttempts: 6, mode: 'batches', batchSize: 6 }, at).batchSize).toBe(6);
    expect(resolvePolicy({ maxAttempts: 6, mode: 'batches', batchSize: 1 }, at).batchSize).toBe(1);
    expect(resolvePolicy({ maxAttempts: 1000 }, at).maxAttempts).toBe(1000);
  });
});
