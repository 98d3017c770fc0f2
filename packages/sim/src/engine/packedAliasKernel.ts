import type { Xoshiro128 } from '../rng/xoshiro128.js';
import { PACKED_ALIAS_KERNEL_HEX } from './packedAliasKernelWasm.js';

/**
 * The fast path's hot loop for a power-of-two number of classes C (PerfectVerifierRunner), in
 * WebAssembly (packedAliasKernel.wat): per task slot and replicate one xoshiro128** step and one
 * packed alias-table lookup (AliasTable.pack), counted. The same draws in the same order as
 * Xoshiro128.uint32 and AliasTable.draw, so the counts are bit for bit theirs (tested); on a 2-core
 * machine 2.1–2.2 ns per episode against 2.7–2.9 ns for the same loop in JavaScript (one thread,
 * 1000 tasks × 64 replicates × 160 blocks, measured 3 December 2026).
 * `words`: the Int32Array the caller fills (tables at [0, tableWords), counters after them).
 */
export interface PackedAliasKernel {
  readonly words: Int32Array;
  /** Counts the replicates words[first, end) (C per replicate) of the task slots [from, to), drawing from `rng` (its state advanced). */
  run(rng: Xoshiro128, from: number, to: number, first: number, end: number, C: number): void;
}

/** The part of the WebAssembly API used here (the library's TypeScript lib has no DOM or Node types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: object,
  ) => { readonly exports: { run(from: number, to: number, first: number, end: number, C: number, state: number): void } };
  Memory: new (descriptor: { initial: number }) => { readonly buffer: ArrayBuffer };
}
declare const WebAssembly: WasmApi;

const PAGE_BYTES = 65_536;
/** Words after the caller's: the generator's state s0..s3 while the kernel runs. */
const STATE_WORDS = 4;

let compiled: object | null = null;

/** A kernel with memory for `wordCount` words of tables and counters (the module compiled once per thread). */
export function packedAliasKernel(wordCount: number): PackedAliasKernel {
  compiled ??= new WebAssembly.Module(hexBytes(PACKED_ALIAS_KERNEL_HEX));
  const bytes = 4 * (wordCount + STATE_WORDS);
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
  const { run } = new WebAssembly.Instance(compiled, { env: { memory } }).exports;
  const all = new Int32Array(memory.buffer);
  const words = all.subarray(0, wordCount);
  const stateAt = wordCount;
  return {
    words,
    run(rng, from, to, first, end, C) {
      all[stateAt] = rng.s0;
      all[stateAt + 1] = rng.s1;
      all[stateAt + 2] = rng.s2;
      all[stateAt + 3] = rng.s3;
      run(from, to, 4 * first, 4 * end, C, 4 * stateAt);
      rng.s0 = all[stateAt];
      rng.s1 = all[stateAt + 1];
      rng.s2 = all[stateAt + 2];
      rng.s3 = all[stateAt + 3];
    },
  };
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
