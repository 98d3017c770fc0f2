import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, REPO_ROOT } from '../helpers/runPassk.js';

// Same seed → the same bytes, whatever the number of worker threads (docs/design.md §5.2: streams derive
// from (seed, block), sums merge in a fixed block tree). Runs the built binary
// (`npx tsc -b packages/sim packages/cli` first), the runs of a case side by side.
// small.yaml has 33 blocks of 64 replicates: 1, 2 and 4 workers cut them differently (in-thread
// time slices; 11 chunks of 3 blocks; 17 chunks of 2 and 1). general.yaml has 11 blocks, the last
// one short, on the general engine path.
const SMALL = fixture('scenarios-cli/small.yaml');
// The perfect-verifier path with K = 8 (16 outcome classes): the WebAssembly kernel (packedAliasKernel).
const INDEPENDENT = `${REPO_ROOT}bench/scenarios/independent.yaml`;
/** An address-space cap under which WebAssembly.Memory cannot reserve its guard region (checked below), but Node runs. */
const ADDRESS_SPACE_KB = 4_000_000;
const GENERAL = fixture('scenarios-cli/general.yaml');
// small.yaml with a measured verifier: every block draws its rates (stream (seed, 'parameters', b)).
const MEASURED = fixture('scenarios-cli/measured.yaml');
const SMALL_SCENARIO = fixture('scenarios-cli/small.yaml');
const JUDGE = fixture('scenarios-cli/judge-fragment.yaml');

/** stdout of `passk simulate FILE --json ARGS…` from the built binary (exit 0, nothing on stderr). */
function simulateJson(file: string, ...args: string[]): Promise<string> {
  return run(process.execPath, [`${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`, 'simulate', file, '--json', ...args]);
}

/** stdout of `command args…` (exit 0; stderr empty, or only lines matching `allowed`). */
function run(command: string, args: string[], allowed?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, (error, stdout, stderr) => {
      const unexpected = stderr.split('\n').filter((line) => line !== '' && !allowed?.test(line));
      if (error || unexpected.length > 0) reject(new Error(`${command} ${args.join(' ')} failed: ${error?.message ?? ''} ${stderr}`));
      else resolve(stdout);
    });
  });
}

/** `run` of node with ARGS under `ulimit -v ADDRESS_SPACE_KB`. */
function cappedNode(...args: string[]): Promise<string> {
  return run('sh', ['-c', `ulimit -v ${ADDRESS_SPACE_KB} && exec "$0" "$@"`, process.execPath, ...args]);
}

describe('simulate --json is deterministic (built binary)', () => {
  it('small.yaml: identical bytes for --workers 1, 2, 4 and across two runs; another --seed differs', async () => {
    const [one, two, four, twoAgain, otherSeed] = await Promise.all([
      simulateJson(SMALL, '--workers', '1'),
      simulateJson(SMALL, '--workers', '2'),
      simulateJson(SMALL, '--workers', '4'),
      simulateJson(SMALL, '--workers', '2'),
      simulateJson(SMALL, '--workers', '1', '--seed', '8'),
    ]);
    const doc = JSON.parse(one) as { seed: unknown; complete: boolean; rows: unknown[] };
    expect(doc.complete).toBe(true);
    expect(two).toBe(one);
    expect(four).toBe(one);
    expect(twoAgain).toBe(one);
    const other = JSON.parse(otherSeed) as typeof doc;
    expect(doc.seed).toBe(7); // small.yaml: seed 7
    expect(other.seed).toBe(8);
    expect(other.rows).toHaveLength(doc.rows.length);
    expect(other.rows).not.toEqual(doc.rows);
  });

  it('a measured verifier (measured.yaml, and small.yaml --verifier-from): identical bytes for --workers 1, 2, 4 and for 3 shards merged', async () => {
    const bin = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;
    const parts = mkdtempSync(join(tmpdir(), 'passk-measured-'));
    try {
      const [one, two, four, fromFragment] = await Promise.all([
        simulateJson(MEASURED, '--workers', '1'),
        simulateJson(MEASURED, '--workers', '2'),
        simulateJson(MEASURED, '--workers', '4'),
        simulateJson(SMALL_SCENARIO, '--verifier-from', JUDGE, '--workers', '2'),
        ...[1, 2, 3].map((i) => run(process.execPath, [bin, 'simulate', MEASURED, '--shard', `${i}/3`, '--out', parts, '--workers', '1'], /^passk: wrote/)),
      ]);
      const doc = JSON.parse(one) as { drawn: { blocks: number }; rows: Array<{ deliveredWrong: { interval: { lower: number; upper: number } } }> };
      expect(doc.drawn.blocks).toBe(33);
      expect(doc.rows[5]!.deliveredWrong.interval.upper).toBeGreaterThan(doc.rows[5]!.deliveredWrong.interval.lower);
      expect(two).toBe(one);
      expect(four).toBe(one);
      expect(await run(process.execPath, [bin, 'merge', parts, '--json'])).toBe(one);
      // The same verifier from a fragment: the same draws and sums (the scenario's name and rates differ, not the numbers).
      const fragmentDoc = JSON.parse(fromFragment) as typeof doc;
      expect(fragmentDoc.rows).toEqual(doc.rows);
    } finally {
      rmSync(parts, { recursive: true, force: true });
    }
  });

  it('general.yaml (the sequential kernel of the general episode): identical bytes for --workers 1 and 4', async () => {
    const [one, four] = await Promise.all([simulateJson(GENERAL, '--workers', '1'), simulateJson(GENERAL, '--workers', '4')]);
    expect(JSON.parse(one)).toMatchObject({ complete: true, path: 'sequential' });
    expect(four).toBe(one);
  });

  it('independent.yaml (the WebAssembly kernel): the same bytes where WebAssembly cannot run, under ulimit -v (1 and 2 workers) and node --jitless', async () => {
    // The precondition, or the test would not reach the JavaScript loop: under the cap no WebAssembly memory can be made.
    const probe = await cappedNode('-e', 'try { new WebAssembly.Memory({ initial: 1 }); console.log("made") } catch (e) { console.log(e.constructor.name) }');
    expect(probe.trim()).toBe('RangeError');
    const bin = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;
    // 192 replicates = 3 blocks of 64: two workers still share them (2 and 1).
    const args = ['simulate', INDEPENDENT, '--json', '--replicates', '192'];
    const [plain, cappedOne, cappedTwo, jitless] = await Promise.all([
      simulateJson(INDEPENDENT, '--replicates', '192', '--workers', '2'),
      cappedNode(bin, ...args, '--workers', '1'),
      cappedNode(bin, ...args, '--workers', '2'),
      run(process.execPath, ['--jitless', bin, ...args, '--workers', '1'], /disabling flag --expose_wasm/),
    ]);
    expect(JSON.parse(plain)).toMatchObject({ complete: true, path: 'perfectVerifier' });
    expect(cappedOne).toBe(plain);
    expect(cappedTwo).toBe(plain);
    expect(jitless).toBe(plain);
  });
});
