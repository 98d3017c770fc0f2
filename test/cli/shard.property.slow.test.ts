import { rmSync } from 'node:fs';
import { afterAll, describe, it } from 'vitest';
import { shardPropertyRoot, simulateShardProperty, sweepShardProperty } from './shardProperty.js';

// The slow suite's share of the shard property (shardProperty.ts): numRuns 14 (simulate) and 10
// (sweep), the four fixed examples among them (fast-check counts them in numRuns), from the seeds
// the fast file used before the seventh pass; shard.property.test.ts runs a few from seeds of its own.
const root = shardPropertyRoot();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sharded runs merge to the single run, byte for byte (property, the full count)', () => {
  it('simulate', async () => {
    await simulateShardProperty(root, 14, 20261201);
  });

  it('sweep (grid point × replicate block units; frontier and best computed after the merge)', async () => {
    await sweepShardProperty(root, 10, 20261202);
  });
});
