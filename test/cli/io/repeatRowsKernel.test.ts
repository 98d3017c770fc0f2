import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatRowsKernel } from '../../../packages/cli/src/io/repeatRowsKernel.js';
import type * as KernelModule from '../../../packages/cli/src/io/repeatRowsKernel.js';
import { WASM_MODULES, wasmModuleSource } from '../../../scripts/assembleWasm.mjs';

const LF = 10;
const ZERO = 48;
const isDigit = (b: number | undefined): boolean => b !== undefined && b >= ZERO && b <= ZERO + 9;

/**
 * The reference, written from repeatRowsKernel.wat's statement of what it counts: rows that repeat
 * the `size` bytes at `previous`, then one or two digits equal to the trial expected next, the
 * separator, "0" or "1" and LF, all before `end`.
 */
function reference(bytes: Uint8Array, p: number, end: number, previous: number, size: number, trial: number, separator: number) {
  let rows = 0;
  let successes = 0;
  const task = Buffer.from(bytes.subarray(previous, previous + size));
  for (;;) {
    const q = p + size;
    if (q + 4 > end || !task.equals(Buffer.from(bytes.subarray(p, q)))) break;
    let j = q;
    while (j < q + 2 && isDigit(bytes[j])) j++;
    if (j === q || isDigit(bytes[j]) || j + 2 >= end) break;
    const value = bytes[j + 1]! - ZERO;
    if (bytes[j] !== separator || (value !== 0 && value !== 1) || bytes[j + 2] !== LF) break;
    if (Number(Buffer.from(bytes.subarray(q, j)).toString('latin1')) !== trial) break;
    rows++;
    successes += value;
    trial++;
    p = j + 3;
  }
  return { stop: p, rows, successes, nextTrial: trial };
}

const rowArb = fc.record({
  sameTask: fc.constantFrom(true, true, true, true, false),
  trialStep: fc.constantFrom(1, 1, 1, 1, 1, 0, 2, 100),
  outcome: fc.constantFrom('0', '1', '1', '2'),
  ending: fc.constantFrom('\n', '\n', '\n', '\n', '\r\n'),
});

describe('repeatRowsKernel (the WebAssembly loop of the CSV reader)', () => {
  it('repeatRowsKernelWasm.ts is what scripts/assembleWasm.mjs assembles from repeatRowsKernel.wat', async () => {
    expect(readFileSync(WASM_MODULES.repeatRowsKernel.target, 'utf8')).toBe(await wasmModuleSource('repeatRowsKernel'));
  });

  it('counts what its statement says: random rows against the reference (task ids of 3 to 30 bytes, cut anywhere)', () => {
    const kernel = repeatRowsKernel();
    expect(kernel).not.toBeNull();
    fc.assert(
      fc.property(
        fc.string({ minLength: 3, maxLength: 30, unit: fc.constantFrom('a', 'b', 'k', '-', '7', '_') }),
        fc.constantFrom(',', '\t'),
        fc.integer({ min: 0, max: 95 }),
        fc.array(rowArb, { maxLength: 40 }),
        fc.nat(),
        (task, separator, firstTrial, rows, cut) => {
          const previousRow = `${task}${separator}${firstTrial}${separator}1\n`;
          let text = previousRow;
          let trial = firstTrial;
          for (const row of rows) {
            trial += row.trialStep;
            const id = row.sameTask ? task : `${task.slice(0, -1)}z`;
            text += `${id}${separator}${trial}${separator}${row.outcome}${row.ending}`;
          }
          const bytes = Buffer.from(text, 'latin1');
          const p = previousRow.length;
          const end = p + (cut % (bytes.length - p + 1));
          const size = task.length + 1;
          const sep = separator.charCodeAt(0);
          expect(kernel!.load(bytes, 0, bytes.length)).toBe(true);
          const stop = kernel!.run(p, end, 0, size, firstTrial + 1, sep);
          const got = { stop, rows: kernel!.rows, successes: kernel!.successes, nextTrial: kernel!.nextTrial };
          expect(got).toEqual(reference(bytes, p, end, 0, size, firstTrial + 1, sep));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('repeatRowsKernel where WebAssembly is refused (compiling or instantiating throws)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  let imports = 0;
  const cases: Array<[string, 'Module' | 'Instance', () => Error]> = [
    ['compiling throws a CompileError', 'Module', () => new WebAssembly.CompileError('refused')],
    ['compiling throws an EvalError', 'Module', () => new EvalError('Code generation from strings disallowed for this context')],
    ['instantiating throws a TypeError', 'Instance', () => new TypeError('refused')],
  ];
  it.each(cases)('%s: no kernel (the rows read in JavaScript), tried once', async (_, refused, error) => {
    // A new instance of the module: its per-thread kernel not yet made.
    const url = new URL(`../../../packages/cli/src/io/repeatRowsKernel.ts?refused=${++imports}`, import.meta.url).href;
    const fresh = (await import(/* @vite-ignore */ url)) as typeof KernelModule;
    let attempts = 0;
    const real = WebAssembly;
    // A class: the kernel calls it with `new`.
    class Throwing {
      constructor() {
        attempts++;
        throw error();
      }
    }
    vi.stubGlobal('WebAssembly', { Memory: real.Memory, Module: real.Module, Instance: real.Instance, [refused]: Throwing });
    expect(fresh.repeatRowsKernel()).toBeNull();
    expect(fresh.repeatRowsKernel()).toBeNull();
    expect(attempts).toBe(1);
  });
});
