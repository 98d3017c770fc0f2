import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AliasTable } from '../../../packages/sim/src/engine/aliasTable.js';
import { javascriptPackedAliasKernel, packedAliasKernel, type PackedAliasKernel } from '../../../packages/sim/src/engine/packedAliasKernel.js';
import { Xoshiro128 } from '../../../packages/sim/src/rng/xoshiro128.js';
import { WASM_MODULES, wasmModuleSource } from '../../../scripts/assembleWasm.mjs';

/**
 * The reference: per slot and replicate one Xoshiro128.uint32() (the class the library's other
 * paths draw from) and the packed rule of AliasTable.pack, written out: column i = x & (C − 1)
 * keeps x when ((x >>> 1) | (C/2 − 1)) < (word >>> 1), else gives its alias word & (C − 1).
 */
function referenceCounts(words: Int32Array, rng: Xoshiro128, from: number, to: number, first: number, end: number, C: number): Int32Array {
  const counts = new Int32Array(end - first);
  for (let slot = from; slot < to; slot++) {
    for (let at = 0; at < end - first; at += C) {
      const x = rng.uint32();
      const i = x & (C - 1);
      const word = words[slot * C + i]!;
      const keeps = ((x >>> 1) | (C / 2 - 1)) < word >>> 1;
      counts[at + (keeps ? i : word & (C - 1))]!++;
    }
  }
  return counts;
}

/** Alias tables for `slots` random distributions over C classes, packed into the kernel's words [0, slots·C). */
function packedTables(words: Int32Array, slots: number, C: number, weights: readonly number[]): void {
  const table = new AliasTable(C, slots);
  for (let slot = 0; slot < slots; slot++) {
    const w = Array.from({ length: C }, (_, c) => weights[(slot * C + c) % weights.length]!);
    const total = w.reduce((a, b) => a + b, 0);
    const cumulative: number[] = [];
    let sum = 0;
    for (let c = 0; c < C - 1; c++) cumulative.push((sum += w[c]!) / total);
    table.set(slot, cumulative);
    table.pack(slot, words, slot * C);
  }
}

describe('packedAliasKernel: the committed bytes', () => {
  it('packedAliasKernelWasm.ts is what scripts/assembleWasm.mjs assembles from packedAliasKernel.wat', async () => {
    expect(readFileSync(WASM_MODULES.packedAliasKernel.target, 'utf8')).toBe(await wasmModuleSource('packedAliasKernel'));
  });

  it('runs as WebAssembly here: its words are a view of a WebAssembly memory (whole 64 KiB pages)', () => {
    expect(packedAliasKernel(64).words.buffer.byteLength).toBe(65_536);
    expect(javascriptPackedAliasKernel(64).words.buffer.byteLength).toBe(4 * 64);
  });
});

const KERNELS: Array<[string, (wordCount: number) => PackedAliasKernel]> = [
  ['WebAssembly', packedAliasKernel],
  ['JavaScript (where WebAssembly cannot run)', javascriptPackedAliasKernel],
];

describe.each(KERNELS)('packedAliasKernel, %s: the counts of Xoshiro128.uint32 and the packed alias rule, bit for bit', (_, packedAliasKernel) => {
  it('any C = 2..64, slots, replicates (odd counts too), offsets and seeds: the same counts and the same generator state after', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 9 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer(), { minLength: 4, maxLength: 4 }),
        (log2C, slots, replicates, rawWeights, seed) => {
          const C = 2 ** log2C;
          // A positive weight somewhere (a distribution needs one); zero weights stay, as classes never drawn.
          const weights = rawWeights.some((w) => w > 0) ? rawWeights : [...rawWeights, 1];
          const first = slots * C;
          const end = first + replicates * C;
          const kernel = packedAliasKernel(end);
          packedTables(kernel.words, slots, C, weights);
          const from = slots > 2 ? 1 : 0;
          const ours = new Xoshiro128(seed);
          const theirs = new Xoshiro128(seed);
          kernel.run(ours, from, slots, first, end, C);
          const expected = referenceCounts(kernel.words, theirs, from, slots, first, end, C);
          expect(Array.from(kernel.words.subarray(first, end))).toEqual(Array.from(expected));
          expect([ours.s0, ours.s1, ours.s2, ours.s3]).toEqual([theirs.s0, theirs.s1, theirs.s2, theirs.s3]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds to the counters it is given (a block counted in several calls) and leaves the tables as they were', () => {
    const C = 16;
    const slots = 5;
    const first = slots * C;
    const end = first + 7 * C;
    const kernel = packedAliasKernel(end);
    packedTables(kernel.words, slots, C, [0.5, 0, 2, 1, 0.25, 3, 0, 1]);
    const tables = kernel.words.slice(0, first);
    const rng = new Xoshiro128([1, 2, 3, 4]);
    const reference = new Xoshiro128([1, 2, 3, 4]);
    kernel.run(rng, 0, 2, first, end, C);
    kernel.run(rng, 2, slots, first, end, C);
    const expected = referenceCounts(tables, reference, 0, slots, first, end, C);
    expect(Array.from(kernel.words.subarray(first, end))).toEqual(Array.from(expected));
    expect(Array.from(kernel.words.subarray(0, first))).toEqual(Array.from(tables));
    // Every replicate counted each slot once: 7 replicates × 5 slots.
    expect(kernel.words.subarray(first, end).reduce((a, b) => a + b, 0)).toBe(7 * slots);
  });
});
