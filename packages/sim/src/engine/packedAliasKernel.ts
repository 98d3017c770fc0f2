import type { Xoshiro128 } from '../rng/xoshiro128.js';

/**
 * The perfect-verifier fast path's hot loop for a power-of-two number of classes C
 * (PerfectVerifierRunner): per task slot and replicate one xoshiro128** step (Xoshiro128.uint32)
 * and one packed alias-table lookup (AliasTable.pack: column i = x & (C − 1) keeps x when
 * ((x >>> 1) | (C/2 − 1)) < (word >>> 1), else its alias word & (C − 1)), counted. The rule is an
 * arithmetic select, no branch. It once ran as WebAssembly too: 1.4 against 2.6 ns per episode in
 * the loop, but 11–13 % of `passk simulate`'s CPU time end to end, below the 20 % a kernel must
 * earn, so it was removed (docs/machinery.md).
 * `words`: the Int32Array the caller fills (tables at [0, tableWords), counters after them).
 */
export interface PackedAliasKernel {
  readonly words: Int32Array;
  /**
   * Adds to the counters words[first, end) (C per replicate, end − first a multiple of C) the classes
   * of the task slots [from, to), drawing from `rng` (its state advanced).
   */
  run(rng: Xoshiro128, from: number, to: number, first: number, end: number, C: number): void;
}

/** A kernel with `wordCount` words of tables and counters. */
export function packedAliasKernel(wordCount: number): PackedAliasKernel {
  const words = new Int32Array(wordCount);
  return {
    words,
    run(rng, from, to, first, end, C) {
      const mask = C - 1;
      const ones = (C >>> 1) - 1;
      for (let slot = from; slot < to; slot++) {
        const base = slot * C;
        for (let at = first; at < end; at += C) {
          const x = rng.uint32() | 0;
          const i = x & mask;
          const w = words[base + i]!;
          const alias = w & mask;
          words[at + (alias ^ ((i ^ alias) & ((((x >>> 1) | ones) - (w >>> 1)) >> 31)))]!++;
        }
      }
    },
  };
}
