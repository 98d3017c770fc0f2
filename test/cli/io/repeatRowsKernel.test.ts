import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { repeatRowsKernel } from '../../../packages/cli/src/io/repeatRowsKernel.js';
import type * as KernelModule from '../../../packages/cli/src/io/repeatRowsKernel.js';
import { WASM_MODULES, wasmModuleSource } from '../../../scripts/assembleWasm.mjs';
import { REPO_ROOT } from '../../helpers/runPassk.js';

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

  describe('passk estimate: the same bytes with and without WebAssembly (node --jitless)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'passk-repeat-rows-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const bin = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;

    /** A file that goes in and out of the kernel's layout: short and long ids, trials past 99, CR LF rows, text outcomes. */
    function mixedFile(repeatAt: number | null): string {
      const lines = ['task_id,trial,success'];
      let seed = 12345;
      const next = (): number => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed / 2 ** 32;
      };
      for (let t = 0; t < 300; t++) {
        const id = t % 3 === 0 ? `t${t}` : t % 3 === 1 ? `task-${t}` : `benchmark/split-a/task-number-${t}`;
        const trials = t === repeatAt ? 120 : 1 + Math.floor(next() * 130);
        for (let i = 0; i < trials; i++) {
          const outcome = next() < 0.02 ? 'true' : next() < 0.5 ? '1' : '0';
          lines.push(`${id},${i},${outcome}${next() < 0.01 ? '\r' : ''}`);
          if (repeatAt !== null && t === repeatAt && i === 50) lines.push(`${id},${i - 7},1`);
        }
      }
      return `${lines.join('\n')}\n`;
    }

    function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
      return new Promise((resolve) => {
        execFile(process.execPath, args, (error, stdout, stderr) => {
          resolve({ code: error ? (error.code as number) : 0, stdout, stderr: stderr.replace(/^.*disabling flag --expose_wasm.*\n/m, '') });
        });
      });
    }

    it('counts, and the line of a repeated trial', async () => {
      const good = join(dir, 'mixed.csv');
      const repeated = join(dir, 'repeated.csv');
      writeFileSync(good, mixedFile(null));
      writeFileSync(repeated, mixedFile(200));
      const args = (file: string) => [bin, 'estimate', file, '--trial-col', 'trial', '--json', '--bootstrap', '0', '--k', '1..4'];
      const [plain, jitless, plainRepeated, jitlessRepeated] = await Promise.all([
        run(args(good)),
        run(['--jitless', ...args(good)]),
        run(args(repeated)),
        run(['--jitless', ...args(repeated)]),
      ]);
      expect(plain.code).toBe(0);
      expect(JSON.parse(plain.stdout).tasks).toBe(300);
      expect(jitless).toEqual(plain);
      expect(plainRepeated.code).toBe(2);
      expect(plainRepeated.stderr).toMatch(/repeated\.csv:\d+: duplicate of task "benchmark\/split-a\/task-number-200" trial 43/);
      expect(jitlessRepeated).toEqual(plainRepeated);
    });
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
