import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';

/**
 * Replicates are simulated in blocks of this many: block b holds replicates [64b, 64b + 64) (the
 * last block may be shorter) and draws all its randomness from the stream (seed, 'block', b).
 * Results therefore depend only on which blocks were simulated, never on how they were split.
 */
export const REPLICATES_PER_BLOCK = 64;

/** Number of blocks for R replicates: ⌈R/64⌉. */
export function blockCount(replicates: number): number {
  requireInteger('replicates', replicates, 0);
  return Math.ceil(replicates / REPLICATES_PER_BLOCK);
}

/** Replicates in block b of R: 64, or fewer for the last block. */
export function blockReplicates(block: number, replicates: number): number {
  return Math.min(REPLICATES_PER_BLOCK, replicates - block * REPLICATES_PER_BLOCK);
}

/**
 * Splits replicates 0..R into at most `parts` contiguous ranges of whole blocks (for shards or
 * worker threads), as even as blocks allow; every start is block-aligned and the last end is R.
 * Example: splitReplicates(1000, 3) → [{start: 0, end: 320}, {start: 320, end: 704}, {start: 704, end: 1000}] (tested).
 */
export function splitReplicates(replicates: number, parts: number): Array<{ start: number; end: number }> {
  requireInteger('replicates', replicates, 1);
  requireInteger('parts', parts, 1);
  const blocks = blockCount(replicates);
  const count = Math.min(parts, blocks);
  const ranges: Array<{ start: number; end: number }> = [];
  let first = 0;
  for (let i = 0; i < count; i++) {
    const last = Math.round(((i + 1) * blocks) / count);
    ranges.push({ start: first * REPLICATES_PER_BLOCK, end: Math.min(replicates, last * REPLICATES_PER_BLOCK) });
    first = last;
  }
  return ranges;
}

/** Checks a replicate range for simulatePartial: 0 ≤ start ≤ end ≤ R, both on block boundaries (or end = R). */
export function requireBlockRange(where: string, range: { start: number; end: number }, replicates: number): void {
  if (typeof range !== 'object' || range === null) throw new InputError(where, 'must be an object { start, end }', range);
  const start = requireInteger(`${where}.start`, range.start, 0, replicates);
  const end = requireInteger(`${where}.end`, range.end, start, replicates);
  if (start % REPLICATES_PER_BLOCK !== 0) {
    throw new InputError(`${where}.start`, `must be a multiple of ${REPLICATES_PER_BLOCK} (replicates are simulated in blocks)`, start);
  }
  if (end % REPLICATES_PER_BLOCK !== 0 && end !== replicates) {
    throw new InputError(`${where}.end`, `must be a multiple of ${REPLICATES_PER_BLOCK} or the number of replicates (${replicates})`, end);
  }
}
