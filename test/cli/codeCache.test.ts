import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runPassk.js';

// The bin (packages/cli/launcher.cjs, copied to dist/bundle/passk.cjs) compiles the CLI script with a
// V8 code cache that the running Node wrote itself (packages/cli/cliScript.cjs): none is built or
// shipped, since a cache made by one Node 20 release crashed the others (exit 139). What the user
// sees must never depend on the cache: the expected output of every case is the same command's
// output with the cache turned off.
const BUNDLE = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle');
const built = existsSync(join(BUNDLE, 'cli.cjs'));
const ARGS = ['estimate', '--n', '10', '--c', '3', '--k', '5'];
const dir = mkdtempSync(join(tmpdir(), 'passk-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let folders = 0;
/** A new, empty cache folder (not created: the bin makes it). */
const newFolder = (): string => join(dir, `cache-${folders++}`);

function bin(env: Record<string, string>, args: string[] = ARGS) {
  const run = spawnSync(process.execPath, [join(BUNDLE, 'passk.cjs'), ...args], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const caches = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.cache')) : []);
/** Whether V8 takes the cache in `folder` for this runtime (cachedDataRejected === false). */
function accepted(folder: string): boolean {
  const script = `const m = require(${JSON.stringify(join(BUNDLE, 'cliScript.cjs'))});
const file = m.cacheFileFor(${JSON.stringify(folder)});
const { script } = m.loadCliScript(require('node:fs').readFileSync(file));
process.stdout.write(String(script.cachedDataRejected === false))`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }) === 'true';
}

describe.skipIf(!built)("the CLI's code cache (skipped without a build)", () => {
  const off = bin({ PASSK_NO_COMPILE_CACHE: '1' });
  /**
   * The cache a first run writes for this runtime (its file name and bytes), made once: the cases
   * that alter a cache or crowd a folder start from a copy of it (each wrote its own, a run apiece).
   */
  let made: { name: string; good: Buffer } | undefined;
  const goodCache = () => {
    if (made === undefined) {
      const folder = newFolder();
      bin({ PASSK_CACHE_DIR: folder });
      const [name] = caches(folder);
      made = { name: name!, good: readFileSync(join(folder, name!)) };
    }
    return made;
  };

  it('no cache ships: the bundle folder holds no .cache file', () => {
    expect(readdirSync(BUNDLE).filter((name) => name.includes('cache') && !name.endsWith('.cjs'))).toEqual([]);
  });

  it('the first run writes one cache for this runtime, which V8 takes; the next run reads it and rewrites nothing', () => {
    expect(off.code).toBe(0);
    const folder = newFolder();
    expect(bin({ PASSK_CACHE_DIR: folder })).toEqual(off);
    const [file] = caches(folder);
    expect(caches(folder)).toHaveLength(1);
    expect(accepted(folder)).toBe(true);
    const before = statSync(join(folder, file!));
    expect(bin({ PASSK_CACHE_DIR: folder })).toEqual(off);
    const after = statSync(join(folder, file!));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it.each<[string, (cache: Buffer) => Buffer]>([
    ['damaged', (cache) => Buffer.from(cache.map((byte, i) => (i % 7 === 3 ? byte ^ 0x5a : byte)))],
    ['cut short', (cache) => cache.subarray(0, cache.length >> 1)],
    ['empty', () => Buffer.alloc(0)],
  ])('a cache that is %s: the same output, exit code and stderr, and a good cache written in its place', (_name, alter) => {
    const { name, good } = goodCache();
    const folder = newFolder();
    mkdirSync(folder);
    const file = join(folder, name);
    writeFileSync(file, alter(good));
    expect(bin({ PASSK_CACHE_DIR: folder })).toEqual(off);
    expect(readFileSync(file).equals(alter(good))).toBe(false);
    expect(accepted(folder)).toBe(true);
  });

  it('another Node version, platform or executable names another file (a cache is read only by the runtime that wrote it)', () => {
    const name = (change: string) =>
      execFileSync(process.execPath, ['-e', `${change}; process.stdout.write(require(${JSON.stringify(join(BUNDLE, 'cliScript.cjs'))}).cacheFileFor('/c'))`], {
        encoding: 'utf8',
      });
    const own = name('');
    expect(own).toMatch(/^\/c\/cli-[0-9a-f]{16}\.cache$/);
    expect(name('')).toBe(own);
    for (const change of [
      "Object.defineProperty(process, 'version', { value: 'v20.19.0' })",
      "Object.defineProperty(process, 'arch', { value: 'arm64' })",
      "Object.defineProperty(process.versions, 'v8', { value: '11.3.244.8-node.1' })",
      "Object.defineProperty(process, 'execPath', { value: '/bin/sh' })",
    ])
      expect(name(change), change).not.toBe(own);
  });

  it('PASSK_NO_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE write nothing; a folder that cannot be made changes nothing the user sees', () => {
    for (const env of [{ PASSK_NO_COMPILE_CACHE: '1' }, { NODE_DISABLE_COMPILE_CACHE: '1' }] as Record<string, string>[]) {
      const folder = newFolder();
      expect(bin({ ...env, PASSK_CACHE_DIR: folder })).toEqual(off);
      expect(existsSync(folder)).toBe(false);
    }
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder\n');
    expect(bin({ PASSK_CACHE_DIR: join(file, 'cache') })).toEqual(off);
  });

  it('keeps the 8 newest caches of a folder (other runtimes and builds) and removes older ones', () => {
    const folder = newFolder();
    mkdirSync(folder);
    const own = goodCache().name;
    for (let i = 0; i < 10; i++) {
      const old = join(folder, `cli-${String(i).padStart(16, '0')}.cache`);
      writeFileSync(old, 'x');
      utimesSync(old, 1_000_000 + i, 1_000_000 + i); // 1970: older than the bin's own
    }
    bin({ PASSK_CACHE_DIR: folder });
    expect(caches(folder).sort()).toEqual([own, ...[3, 4, 5, 6, 7, 8, 9].map((i) => `cli-${String(i).padStart(16, '0')}.cache`)].sort());
  });
});

describe('the bin refuses a Node outside engines before loading the CLI', () => {
  const { nodeSatisfies } = createRequire(import.meta.url)(join(REPO_ROOT, 'packages', 'cli', 'launcher.cjs')) as {
    nodeSatisfies: (version: string, range: string) => boolean;
  };
  const engines = (JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'cli', 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

  it("agrees with semver (npm's own check) on every version from 16.0.0 to 27.20.20, for the package's range and others of its forms", () => {
    const disagree: string[] = [];
    for (const range of [engines, '>=20', '^22.12.0', '>=20.19.0 || ^18.3.1', '>=23.1']) {
      for (let major = 16; major <= 27; major++)
        for (let minor = 0; minor <= 20; minor++)
          for (let patch = 0; patch <= 20; patch += 4) {
            const version = `${major}.${minor}.${patch}`;
            if (nodeSatisfies(version, range) !== semver.satisfies(version, range)) disagree.push(`${version} in ${range}`);
          }
    }
    expect(disagree).toEqual([]);
  });

  it('throws on a range form it does not read (bundle.mjs calls it on the package range, so the build stops)', () => {
    expect(() => nodeSatisfies('20.19.0', '~20.19')).toThrow(/not understood/);
  });

  it.skipIf(!built)('the built bin carries the package range', () => {
    expect(readFileSync(join(BUNDLE, 'passk.cjs'), 'utf8')).toContain(`const ENGINES = '${engines}';`);
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
    const gate = bin({}, ['gate', 'test/fixtures/compare/small-b.csv', '--require', 'pass@1 ≥ 0.5', '--no-design-check']);
    expect(gate.stderr).toBe('');
    expect(gate.stdout).toMatch(/^PASS {4}pass@1 ≥ 0\.5 /m);
    const compare = bin({ COLUMNS: '100000' }, [
      'compare',
      'test/fixtures/compare/large-a.csv',
      'test/fixtures/compare/large-b.csv',
      '--k',
      '1',
      '--bootstrap',
      '0',
      '--wide',
    ]);
    expect(compare.stdout).toMatch(/at mean success per attempt: .*, p ≈ 0\.\d{3}, 60 tasks\)/);
    expect(compare.stdout).not.toContain('= ≈');
  });
});
