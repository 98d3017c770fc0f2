import { describe, expect, it } from 'vitest';
import { shardWork } from '../../../packages/sim/src/engine/shardWork.js';

// Expected values by hand from the rule: U units (blocks of 64 over all items), shard i of N takes
// units [⌊(i − 1)U/N⌋, ⌊iU/N⌋).
describe('shardWork', () => {
  it('one item: 2100 replicates = 33 blocks in thirds of 11 (the last block ends at 2100)', () => {
    expect([1, 2, 3].map((i) => shardWork([2100], i, 3))).toEqual([
      [{ item: 0, start: 0, end: 704 }],
      [{ item: 0, start: 704, end: 1408 }],
      [{ item: 0, start: 1408, end: 2100 }],
    ]);
  });

  it('more shards than blocks: some shards get no work, the others one block each', () => {
    // 100 replicates = 2 blocks; 5 shards: units [0,0), [0,0), [0,1), [1,1), [1,2).
    expect([1, 2, 3, 4, 5].map((i) => shardWork([100], i, 5))).toEqual([[], [], [{ item: 0, start: 0, end: 64 }], [], [{ item: 0, start: 64, end: 100 }]]);
  });

  it('several items (sweep points): a shard may span the end of one and the start of the next', () => {
    // Blocks 3 (R = 150) + 2 (R = 128) + 1 (R = 10) = 6 units; 4 shards: [0,1), [1,3), [3,4), [4,6).
    const replicates = [150, 128, 10];
    expect([1, 2, 3, 4].map((i) => shardWork(replicates, i, 4))).toEqual([
      [{ item: 0, start: 0, end: 64 }],
      [{ item: 0, start: 64, end: 150 }],
      [{ item: 1, start: 0, end: 64 }],
      [
        { item: 1, start: 64, end: 128 },
        { item: 2, start: 0, end: 10 },
      ],
    ]);
  });

  it('every block of every item exactly once, for any count', () => {
    const replicates = [640, 1, 65, 2100, 64];
    for (const count of [1, 2, 3, 7, 16, 64, 100]) {
      const covered = replicates.map(() => 0);
      for (let i = 1; i <= count; i++) for (const piece of shardWork(replicates, i, count)) covered[piece.item]! += piece.end - piece.start;
      expect(covered).toEqual(replicates);
    }
  });

  it('bad arguments are InputErrors', () => {
    expect(() => shardWork([100], 0, 3)).toThrow('index: must be an integer in 1..3, got 0');
    expect(() => shardWork([0], 1, 1)).toThrow('replicates[0]: must be an integer ≥ 1, got 0');
  });
});
