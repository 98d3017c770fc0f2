import { REPLICATES_PER_BLOCK } from '../engine/replicateBlocks.js';

/** A replicate range [start, end): whole blocks, the last one possibly partial. */
export interface Chunk {
  readonly start: number;
  readonly end: number;
}

/** What a worker thread needs to take chunks from the same queue as the main thread. */
export interface SharedChunkQueue {
  /** One Int32: the next block to hand out. */
  readonly buffer: SharedArrayBuffer;
  readonly range: Chunk;
  readonly threads: number;
}

/**
 * The blocks of `range` handed out in order as chunks of whole blocks, each about the remaining
 * blocks / (3 × threads) (a variant of guided self-scheduling, Polychronopoulos & Kuck 1987, IEEE Trans. Computers 36: large chunks first,
 * one block at the end), so that the threads finish at about the same time. The next block lives in
 * shared memory and is claimed with a compare-and-swap, so every thread takes its next chunk itself
 * the moment it finishes one: no thread holds chunks it has not started, and none waits for
 * messages. The engine's sums do not depend on who simulated which block (docs/design.md).
 */
export class ChunkQueue {
  private readonly next: Int32Array;
  private readonly endBlock: number;
  readonly shared: SharedChunkQueue;

  constructor(range: Chunk, threads: number, buffer?: SharedArrayBuffer) {
    const memory = buffer ?? new SharedArrayBuffer(4);
    this.next = new Int32Array(memory);
    if (buffer === undefined) this.next[0] = range.start / REPLICATES_PER_BLOCK;
    this.endBlock = Math.ceil(range.end / REPLICATES_PER_BLOCK);
    this.shared = { buffer: memory, range, threads };
  }

  /** The queue a worker thread takes from, sharing `shared.buffer` with the main thread's. */
  static attach(shared: SharedChunkQueue): ChunkQueue {
    return new ChunkQueue(shared.range, shared.threads, shared.buffer);
  }

  /** Whether every block has been handed out. */
  empty(): boolean {
    return Atomics.load(this.next, 0) >= this.endBlock;
  }

  /** The next chunk (`share` of the usual size), or undefined when all blocks are handed out. */
  take(share = 1): Chunk | undefined {
    for (;;) {
      const next = Atomics.load(this.next, 0);
      const left = this.endBlock - next;
      if (left <= 0) return undefined;
      const size = Math.max(1, Math.ceil((share * left) / (3 * this.shared.threads)));
      if (Atomics.compareExchange(this.next, 0, next, next + size) !== next) continue;
      return { start: next * REPLICATES_PER_BLOCK, end: Math.min(this.shared.range.end, (next + size) * REPLICATES_PER_BLOCK) };
    }
  }
}
