import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveScenario, simulate, type ScenarioInput } from '@passk/sim';
import { AliasTable } from '../../../packages/sim/src/engine/aliasTable.js';
import type * as KernelModule from '../../../packages/sim/src/engine/packedAliasKernel.js';
import { Xoshiro128 } from '../../../packages/sim/src/rng/xoshiro128.js';
import { REPO_ROOT } from '../../helpers/runPassk.js';

// Where a runtime refuses to compile or instantiate WebAssembly (a browser page under a
// Content-Security-Policy without 'wasm-unsafe-eval', issue 37), packedAliasKernel falls back to its
// JavaScript loop: the same counts, and the refusal met once, not at every kernel.

let imports = 0;
/** packedAliasKernel.ts as a new module instance (its per-thread `compiled` not yet set). */
async function freshKernelModule(): Promise<typeof KernelModule> {
  imports++;
  const url = new URL(`../../../packages/sim/src/engine/packedAliasKernel.ts?refused=${imports}`, import.meta.url).href;
  return (await import(/* @vite-ignore */ url)) as typeof KernelModule;
}

/** The real WebAssembly, with Module (and, with `instance`, Instance) throwing as a refusing runtime does; counts the attempts. */
function refusingWebAssembly(what: 'compile' | 'instantiate', error: () => Error) {
  const real = WebAssembly;
  const attempts = { compile: 0, instantiate: 0 };
  const stub = {
    ...Object.fromEntries(Object.getOwnPropertyNames(real).map((name) => [name, (real as unknown as Record<string, unknown>)[name]])),
    Module: function Module(bytes: BufferSource) {
      attempts.compile++;
      if (what === 'compile') throw error();
      return new real.Module(bytes);
    },
    Instance: function Instance(module: WebAssembly.Module, imports: WebAssembly.Imports) {
      attempts.instantiate++;
      if (what === 'instantiate') throw error();
      return new real.Instance(module, imports);
    },
  };
  vi.stubGlobal('WebAssembly', stub);
  return attempts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Packed alias tables for `slots` distributions over C classes, then every slot's classes for `replicates` replicates. */
function counts(kernel: KernelModule.PackedAliasKernel, slots: number, replicates: number, C: number, seed: number[]): number[] {
  const table = new AliasTable(C, slots);
  for (let slot = 0; slot < slots; slot++) {
    const weights = Array.from({ length: C }, (_, c) => ((slot * 7 + c * 3) % 5) + 0.5);
    const total = weights.reduce((a, b) => a + b, 0);
    let sum = 0;
    table.set(
      slot,
      weights.slice(0, -1).map((w) => (sum += w) / total),
    );
    table.pack(slot, kernel.words, slot * C);
  }
  const first = slots * C;
  const end = first + replicates * C;
  const rng = new Xoshiro128(seed);
  kernel.run(rng, 0, slots, first, end, C);
  return [...Array.from(kernel.words.subarray(first, end)), rng.s0, rng.s1, rng.s2, rng.s3];
}

const REFUSALS: Array<[string, 'compile' | 'instantiate', () => Error]> = [
  ['compiling throws a CompileError (Chromium under a strict CSP)', 'compile', () => new WebAssembly.CompileError('WebAssembly.Module(): Refused to compile')],
  ['compiling throws an EvalError', 'compile', () => new EvalError('Code generation from strings disallowed for this context')],
  ['instantiating throws a TypeError', 'instantiate', () => new TypeError('refused')],
];

describe.each(REFUSALS)('packedAliasKernel where %s', (_, what, error) => {
  it('gives a JavaScript kernel with the counts of the WebAssembly one, and tries WebAssembly once', async () => {
    const { packedAliasKernel } = await freshKernelModule();
    const C = 8;
    const slots = 9;
    const replicates = 13;
    const words = slots * C + replicates * C;
    const expected = counts(packedAliasKernel(words), slots, replicates, C, [11, 22, 33, 44]);
    // The kernel above ran as WebAssembly (its words are a view of whole 64 KiB pages).
    expect(packedAliasKernel(words).words.buffer.byteLength).toBe(65_536);

    const refused = await freshKernelModule();
    const attempts = refusingWebAssembly(what, error);
    const fallback = refused.packedAliasKernel(words);
    expect(fallback.words.buffer.byteLength).toBe(4 * words);
    expect(counts(fallback, slots, replicates, C, [11, 22, 33, 44])).toEqual(expected);
    for (let i = 0; i < 5; i++) expect(refused.packedAliasKernel(words).words.buffer.byteLength).toBe(4 * words);
    expect(attempts).toEqual(what === 'compile' ? { compile: 1, instantiate: 0 } : { compile: 1, instantiate: 1 });
  });
});

// simulate itself with WebAssembly refused: the library's build in a new Node process whose
// WebAssembly.Module throws, against this process's simulate from source (WebAssembly running).
const SIM_DIST = `${REPO_ROOT}packages/sim/dist/index.js`;
describe.skipIf(!existsSync(SIM_DIST))('simulate with WebAssembly refused (the built library, pnpm build)', () => {
  it('the same summary, byte for byte, on the perfect-verifier path with a power-of-two class count', () => {
    // falseAccept = falseReject = 0: PerfectVerifierRunner; maxAttempts 4: C = 8 classes, the packed kernel.
    const input: ScenarioInput = {
      seed: 7,
      tasks: { count: 40, successRate: { dist: 'beta', mean: 0.5, concentration: 2 } },
      verifier: { falseAccept: 0, falseReject: 0 },
      policy: { maxAttempts: 4 },
      run: { replicates: 256 },
    };
    const expected = JSON.stringify(simulate(resolveScenario(input)));
    const script = `
      let compiles = 0;
      const real = WebAssembly;
      globalThis.WebAssembly = { ...Object.fromEntries(Object.getOwnPropertyNames(real).map((name) => [name, real[name]])),
        Module: function Module() { compiles++; throw new real.CompileError('WebAssembly.Module(): Refused to compile'); } };
      const { resolveScenario, simulate } = await import(${JSON.stringify(SIM_DIST)});
      const scenario = resolveScenario(${JSON.stringify(input)});
      const summary = JSON.stringify(simulate(scenario));
      const again = JSON.stringify(simulate(scenario));
      process.stdout.write(JSON.stringify({ summary, again, compiles }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    const { summary, again, compiles } = JSON.parse(child.stdout) as { summary: string; again: string; compiles: number };
    expect(summary).toBe(expected);
    expect(again).toBe(expected);
    expect(compiles).toBe(1);
  });
});
