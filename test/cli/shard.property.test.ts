import { rmSync } from 'node:fs';
import { afterAll, describe, it } from 'vitest';
import { shardPropertyRoot, simulateShardProperty, sweepShardProperty } from './shardProperty.js';

// Sharded runs merge to the single run, byte for byte (the property and its cases: shardProperty.ts).
// The fast suite runs the four fixed examples (1, 2, 3 and 7 shards) and 2 (simulate) and 1 (sweep)
// random cases from seeds of its own; shard.property.slow.test.ts runs the examples and 10 and 6
// random cases from the original seeds (fast-check counts the examples among numRuns).
const root = shardPropertyRoot();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sharded runs merge to the single run, byte for byte (property)', () => {
  it('simulate', async () => {
    await simulateShardProperty(root, 6, 20261203);
  });

  it('sweep (grid point × replicate block units; frontier and best computed after the merge)', async () => {
    await sweepShardProperty(root, 5, 20261204);
  });
});
