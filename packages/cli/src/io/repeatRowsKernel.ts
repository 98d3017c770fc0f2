import { REPEAT_ROWS_KERNEL_HEX } from './repeatRowsKernelWasm.js';

/**
 * DelimitedRowCounter.countRepeats's inner loop for the layout task,trial,outcome in WebAssembly
 * (repeatRowsKernel.wat): the rows that repeat the previous task, with one- or two-digit trials
 * that go on from `trial` one by one and an outcome "0" or "1" then LF. It reads a copy of the
 * bytes being scanned (`load`): the file window's buffers are Node's, outside its memory.
 * Where WebAssembly is missing (`node --jitless`), refused (compiling or instantiating throws, as
 * under a policy that forbids generating code) or its memory cannot be reserved, there is no
 * kernel and countRepeats reads those rows in JavaScript, with the same counts (tested).
 */
export interface RepeatRowsKernel {
  /** Copies `buf[from, to)` to the kernel's memory at offset 0; false when it is too large to copy. */
  load(buf: Uint8Array, from: number, to: number): boolean;
  /**
   * Counts the rows from offset `p` (of the loaded bytes) to `end` as repeatRowsKernel.wat says;
   * returns where it stopped, and sets `rows`, `successes` and `nextTrial`.
   */
  run(p: number, end: number, previous: number, size: number, trial: number, separator: number): number;
  readonly rows: number;
  readonly successes: number;
  readonly nextTrial: number;
}

/** The part of the WebAssembly API used here. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: KernelExports };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface KernelExports {
  run(p: number, end: number, previous: number, size: number, trial: number, separator: number): number;
  readonly rows: { readonly value: number };
  readonly successes: { readonly value: number };
  readonly nextTrial: { readonly value: number };
}
declare const WebAssembly: WasmApi | undefined;

const PAGE_BYTES = 65_536;
/** The most bytes copied for one scan (a window is a 4 MiB chunk plus the row kept from the read before). */
const MAX_LOADED_BYTES = 64 << 20;

/** The kernel, once per thread: made on first use; false where WebAssembly does not run here (not tried again). */
let kernel: RepeatRowsKernel | false | null = null;

/** The thread's kernel, or null where WebAssembly is not available. */
export function repeatRowsKernel(): RepeatRowsKernel | null {
  if (kernel === null) kernel = makeKernel();
  return kernel === false ? null : kernel;
}

function makeKernel(): RepeatRowsKernel | false {
  if (typeof WebAssembly === 'undefined') return false;
  let memory: WasmMemory;
  try {
    memory = new WebAssembly.Memory({ initial: 1 });
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
  let exports: KernelExports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(REPEAT_ROWS_KERNEL_HEX, 'hex')), { env: { memory } }).exports;
  } catch {
    // Compiling or instantiating refused (CompileError, EvalError, …): the rows are read in JavaScript.
    return false;
  }
  let bytes = new Uint8Array(memory.buffer);
  return {
    load(buf, from, to) {
      const length = to - from;
      if (length > MAX_LOADED_BYTES) return false;
      if (length > bytes.length) {
        try {
          memory.grow(Math.ceil((length - bytes.length) / PAGE_BYTES));
        } catch (error) {
          if (error instanceof RangeError) return false;
          throw error;
        }
        bytes = new Uint8Array(memory.buffer);
      }
      bytes.set(buf.subarray(from, to), 0);
      return true;
    },
    run: exports.run,
    get rows() {
      return exports.rows.value;
    },
    get successes() {
      return exports.successes.value;
    },
    get nextTrial() {
      return exports.nextTrial.value;
    },
  };
}
