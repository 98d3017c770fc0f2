import { requireList } from '../checkArgs.js';
import { requireInteger } from '../checks.js';
import { blockCount, REPLICATES_PER_BLOCK } from './replicateBlocks.js';

/** One shard's share of one work item (a simulated scenario, or one grid point of a sweep). */
export interface ShardPiece {
  /** Index of the item in the list given to shardWork. */
  readonly item: number;
  /** Replicates [start, end) of that item: block-aligned start, end on a block boundary or R. */
  readonly start: number;
  readonly end: number;
}

/**
 * The work of shard `index` (1-based) of `count`: the units of work are the blocks of 64 replicates
 * of every item, items in order and blocks in order (for a sweep: (grid point, replicate block)).
 * With U units in all, shard i takes units [⌊(i − 1)·U/N⌋, ⌊i·U/N⌋), so the N shards cover every
 * unit exactly once and differ by at most one block; a shard of a split finer than the blocks
 * gets no work (an empty list). Because every block draws from its own stream (seed, 'block', b)
 * and sums merge in a fixed block tree, any count merges to the single run's result.
 * Example: shardWork([2100], 2, 3) → [{ item: 0, start: 704, end: 1408 }] (33 blocks, 11 each; tested).
 */
export function shardWork(replicatesPerItem: readonly number[], index: number, count: number): ShardPiece[] {
  requireInteger('count', count, 1);
  requireInteger('index', index, 1, count);
  const blocks = requireList('replicatesPerItem', replicatesPerItem).map((replicates, item) =>
    blockCount(requireInteger(`replicates[${item}]`, replicates, 1)),
  );
  const units = blocks.reduce((sum, b) => sum + b, 0);
  const first = Math.floor(((index - 1) * units) / count);
  const last = Math.floor((index * units) / count);
  const pieces: ShardPiece[] = [];
  let offset = 0; // units before the current item
  blocks.forEach((itemBlocks, item) => {
    const from = Math.max(first, offset) - offset;
    const to = Math.min(last, offset + itemBlocks) - offset;
    if (to > from) {
      const replicates = replicatesPerItem[item]!;
      pieces.push({ item, start: from * REPLICATES_PER_BLOCK, end: Math.min(replicates, to * REPLICATES_PER_BLOCK) });
    }
    offset += itemBlocks;
  });
  return pieces;
}
