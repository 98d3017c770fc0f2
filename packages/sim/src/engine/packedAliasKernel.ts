import type { Xoshiro128 } from '../rng/xoshiro128.js';
import { PACKED_ALIAS_KERNEL_HEX } from './packedAliasKernelWasm.js';

/**
 * The fast path's hot loop for a power-of-two number of classes C (PerfectVerifierRunner): per task
 * slot and replicate one xoshiro128** step and one packed alias-table lookup (AliasTable.pack),
 * counted. In WebAssembly (packedAliasKernel.wat) where the runtime allows it: the same draws in the
 * same order as Xoshiro128.uint32 and the packed rule, so the counts are bit for bit theirs (tested).
 * Four replicates per iteration and the rule as one unsigned compare and a select: on a 2-core
 * machine 1.38–1.48 ns per episode against 2.05–2.17 ns for the kernel's first version (two per
 * iteration, the rule's shifts and masks as in JavaScript), which took 2.37–2.48 ns against 2.61–2.82
 * for the loop in JavaScript it replaced (one thread, 1000 tasks × 64 replicates × 160 blocks, C = 16,
 * each pair measured side by side: the second on 3 December 2026, the first on a later day). Where WebAssembly is
 * missing (`node --jitless`), refused (a page whose Content-Security-Policy lacks 'wasm-unsafe-eval':
 * compiling throws a CompileError or EvalError) or its memory cannot be reserved (each one reserves
 * several GB of address space: a `ulimit -v` of 8 GB refuses it), the same loop in JavaScript, with
 * the same counts; a refusal is met once per thread, not at every kernel made.
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

/** The compiled module, once per thread; false where WebAssembly is not available or not allowed here. */
let compiled: object | false | null = null;

/** A kernel with memory for `wordCount` words of tables and counters: WebAssembly where it runs, else JavaScript. */
export function packedAliasKernel(wordCount: number): PackedAliasKernel {
  if (compiled === null) compiled = compileKernel();
  if (compiled === false) return javascriptPackedAliasKernel(wordCount);
  let memory: { readonly buffer: ArrayBuffer };
  try {
    memory = new WebAssembly.Memory({ initial: Math.ceil((4 * (wordCount + STATE_WORDS)) / PAGE_BYTES) });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // The address space is capped: no WebAssembly memory in this thread from now on.
    compiled = false;
    return javascriptPackedAliasKernel(wordCount);
  }
  let run: (from: number, to: number, first: number, end: number, C: number, state: number) => void;
  try {
    run = new WebAssembly.Instance(compiled, { env: { memory } }).exports.run;
  } catch {
    // Instantiating refused (a policy that lets a module compile but not run): JavaScript from now on.
    compiled = false;
    return javascriptPackedAliasKernel(wordCount);
  }
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

/**
 * packedAliasKernel's loop in JavaScript, drawing with Xoshiro128.uint32: where WebAssembly does not
 * run, and for the test that the two count the same.
 */
export function javascriptPackedAliasKernel(wordCount: number): PackedAliasKernel {
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

/**
 * The kernel's module, or false where WebAssembly is missing or compiling is refused: a browser
 * page under a Content-Security-Policy without 'wasm-unsafe-eval' throws a CompileError (Chromium)
 * or an EvalError; whatever it throws, the JavaScript loop counts the same. (The bytes themselves
 * compile: the tests run the kernel as WebAssembly.)
 */
function compileKernel(): object | false {
  if (typeof WebAssembly === 'undefined') return false;
  try {
    return new WebAssembly.Module(hexBytes(PACKED_ALIAS_KERNEL_HEX));
  } catch {
    return false;
  }
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
