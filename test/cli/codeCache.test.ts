import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runPassk.js';

// The bin compiles the CLI script (dist/bundle/cli.cjs) with the V8 code cache made at build time
// (packages/cli/cliScript.cjs). V8 must take the cache it was built for, and a cache it rejects —
// damaged, cut short, or missing — must change nothing the user sees: the script is compiled from
// source. The expected output is the bin's own, with the build's cache, on the same command.
const BUNDLE = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle');
const built = existsSync(join(BUNDLE, 'cli.cjs.cache'));
const ARGS = ['estimate', '--n', '10', '--c', '3', '--k', '5'];
const dir = mkdtempSync(join(tmpdir(), 'passk-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the bundle folder (in a folder whose package.json makes .js ES modules, as dist/'s does) whose cache is `cache` (undefined: none). */
function bundleWith(name: string, cache: Buffer | undefined): string {
  const copy = join(dir, name, 'bundle');
  cpSync(BUNDLE, copy, { recursive: true });
  writeFileSync(join(dir, name, 'package.json'), '{ "type": "module" }\n');
  if (cache === undefined) rmSync(join(copy, 'cli.cjs.cache'));
  else writeFileSync(join(copy, 'cli.cjs.cache'), cache);
  return copy;
}

describe.skipIf(!built)('the CLI script and its code cache (skipped without a build)', () => {
  it('V8 accepts the cache made at build time', () => {
    const script = `const m = require(${JSON.stringify(join(BUNDLE, 'cliScript.cjs'))}); process.stdout.write(String(m.loadCliScript(m.readCliCache()).script.cachedDataRejected))`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).toBe('false');
  });

  it.each<[string, (cache: Buffer) => Buffer | undefined]>([
    ['damaged', (cache) => Buffer.from(cache.map((byte, i) => (i % 7 === 3 ? byte ^ 0x5a : byte)))],
    ['cut short', (cache) => cache.subarray(0, cache.length >> 1)],
    ['not there', () => undefined],
    ['empty', () => Buffer.alloc(0)],
  ])('a cache that is %s: the same output, exit code and stderr as with the good one', (name, alter) => {
    const good = spawnSync(process.execPath, [join(BUNDLE, 'passk.cjs'), ...ARGS], { encoding: 'utf8' });
    const copy = bundleWith(name.replace(' ', '-'), alter(readFileSync(join(BUNDLE, 'cli.cjs.cache'))));
    const run = spawnSync(process.execPath, [join(copy, 'passk.cjs'), ...ARGS], { encoding: 'utf8' });
    expect({ code: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: good.stdout, stderr: '' });
    expect(good.status).toBe(0);
  });
});

// cliScript.cjs reads cli.cjs as latin1, so every character must be ASCII: esbuild's `charset: 'ascii'`
// left `≈ ≤ ≥ −` raw in regular expressions and tagged templates, and the bin then missed `pass@1 ≥ 0.5`,
// printed "p = ≈0.203" and wrote "pass@k â pass^k" into the report (bundle.mjs escapes them since).
describe.skipIf(!built)('the CLI script is ASCII, and the characters it escapes keep their meaning', () => {
  it('cli.cjs has no byte above 0x7f', () => {
    const bytes = readFileSync(join(BUNDLE, 'cli.cjs'));
    expect(bytes.findIndex((byte) => byte > 0x7f)).toBe(-1);
  });

  it('the bin reads ≥ in a requirement (a regular expression) and prints p ≈ for a Monte Carlo p-value', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [join(BUNDLE, 'passk.cjs'), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
    const gate = run(['gate', 'test/fixtures/compare/small-b.csv', '--require', 'pass@1 ≥ 0.5']);
    expect(gate.stderr).toBe('');
    expect(gate.stdout).toMatch(/^PASS {4}pass@1 ≥ 0\.5 /m);
    const compare = run(['compare', 'test/fixtures/compare/large-a.csv', 'test/fixtures/compare/large-b.csv', '--k', '1', '--bootstrap', '0']);
    expect(compare.stdout).toMatch(/at mean success per attempt: .*, p ≈ 0\.\d{3}, 60 tasks\)/);
    expect(compare.stdout).not.toContain('= ≈');
  });
});
