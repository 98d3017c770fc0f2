import { describe, expect, it } from 'vitest';
import { blockCount, blockReplicates, requireBlockRange, splitReplicates } from '../../../packages/sim/src/engine/replicateBlocks.js';
import { InputError } from '../../../packages/sim/src/errors.js';

describe('replicate blocks', () => {
  it('blocks of 64: 1000 replicates are 16 blocks, the last holding 40', () => {
    expect(blockCount(1000)).toBe(16);
    expect([blockReplicates(0, 1000), blockReplicates(15, 1000)]).toEqual([64, 40]);
  });

  it('splitReplicates(1000, 3) → block-aligned ranges 0..320, 320..704, 704..1000', () => {
    expect(splitReplicates(1000, 3)).toEqual([
      { start: 0, end: 320 },
      { start: 320, end: 704 },
      { start: 704, end: 1000 },
    ]);
  });

  it('never splits finer than blocks, and the ranges tile 0..R', () => {
    expect(splitReplicates(100, 8)).toEqual([
      { start: 0, end: 64 },
      { start: 64, end: 100 },
    ]);
    for (const [R, parts] of [
      [1, 1],
      [64, 2],
      [10000, 7],
      [12345, 16],
    ]) {
      const ranges = splitReplicates(R, parts);
      expect(ranges[0].start).toBe(0);
      expect(ranges[ranges.length - 1].end).toBe(R);
      ranges.forEach((range, i) => {
        expect(range.start % 64).toBe(0);
        if (i > 0) expect(range.start).toBe(ranges[i - 1].end);
        expect(() => requireBlockRange('range', range, R)).not.toThrow();
      });
    }
    expect(() => splitReplicates(0, 2)).toThrow(InputError);
  });

  it('requireBlockRange names the option and the rule', () => {
    expect(() => requireBlockRange('options.replicates', { start: 32, end: 64 }, 100)).toThrow(
      'options.replicates.start: must be a multiple of 64 (replicates are simulated in blocks), got 32',
    );
  });
});
