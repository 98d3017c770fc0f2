// The packages as someone else gets them: both are packed (`pnpm pack`), checked by publint and
// arethetypeswrong, and installed with npm into an empty folder (the two tarballs, third-party
// dependencies from the registry); the installed `passk` and an ESM import of @passk/sim then run.
// Slow (an npm install) and needs the registry, so it is not part of `pnpm test`: `pnpm test:pack`
// runs it (after a build), and .ci/run runs that once.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, passkProcess } from '../helpers/runPassk.js';

const PACKAGES = ['sim', 'cli'] as const;
type Pkg = (typeof PACKAGES)[number];

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
}

const manifest = (pkg: Pkg): Manifest => JSON.parse(readFileSync(`${REPO_ROOT}packages/${pkg}/package.json`, 'utf8'));

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return String(result.stdout);
}

let work: string;
const tarballs = {} as Record<Pkg, string>;
let app: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'passk-pack-'));
  for (const pkg of PACKAGES) {
    const before = new Set(readdirSync(work));
    run('pnpm', ['pack', '--pack-destination', work], { cwd: `${REPO_ROOT}packages/${pkg}` });
    const made = readdirSync(work).filter((name) => !before.has(name) && name.endsWith('.tgz'));
    expect(made).toHaveLength(1);
    tarballs[pkg] = join(work, made[0]);
  }
  app = join(work, 'app');
  run('mkdir', [app]);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'passk-install-check', private: true, type: 'module' })}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel', 'error', tarballs.sim, tarballs.cli], { cwd: app });
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The files in a tarball (paths inside `package/`). */
function tarFiles(pkg: Pkg): string[] {
  return run('tar', ['tzf', tarballs[pkg]])
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, ''));
}

describe.each(PACKAGES)('@passk/%s tarball', (pkg) => {
  it('ships its LICENSE and README, no build state, and no source map whose sources are missing', () => {
    const files = tarFiles(pkg);
    expect(files).toContain('LICENSE');
    expect(files).toContain('README.md');
    expect(files.filter((path) => path.endsWith('.tsbuildinfo'))).toEqual([]);
    const shipped = new Set(files);
    const installed = join(app, 'node_modules', '@passk', pkg);
    const missing: string[] = [];
    for (const map of files.filter((path) => path.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(join(installed, map), 'utf8')) as { sources: string[] };
      for (const source of sources) {
        const path = join(map, '..', source);
        if (!shipped.has(path)) missing.push(`${map} → ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('publint --strict finds nothing', async () => {
    const tarball = readFileSync(tarballs[pkg]);
    const { messages, pkg: packed } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, packed))).toEqual([]);
  });

  it('engines.node is within what every dependency it installs declares, and this Node satisfies it', () => {
    const ours = manifest(pkg).engines?.node;
    expect(ours, 'engines.node').toBeTruthy();
    expect(semver.satisfies(process.version, ours!)).toBe(true);
    const tooWide: string[] = [];
    for (const dep of dependencyClosure(join(app, 'node_modules', '@passk', pkg))) {
      const theirs = dep.engines?.node;
      if (theirs && !semver.subset(ours!, theirs)) tooWide.push(`${dep.name}@${dep.version} wants ${theirs}`);
    }
    expect(tooWide).toEqual([]);
  });
});

/** The manifests of every package that installing the package at `dir` brings (npm's layout: nested, then up). */
function dependencyClosure(dir: string): Manifest[] {
  const seen = new Map<string, Manifest>();
  const visit = (from: string): void => {
    const own: Manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
    for (const name of Object.keys(own.dependencies ?? {})) {
      let at = from;
      while (!existsSync(join(at, 'node_modules', name, 'package.json'))) {
        if (at === app) throw new Error(`${name} (a dependency of ${own.name}) is not installed`);
        at = join(at, '..');
      }
      const path = join(at, 'node_modules', name);
      if (seen.has(path)) continue;
      seen.set(path, JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')));
      visit(path);
    }
  };
  visit(dir);
  return [...seen.values()];
}

describe('the installed packages', () => {
  it('@passk/sim has correct types for ESM consumers (arethetypeswrong, esm-only profile)', () => {
    // esm-only: the package is ESM only, so node10 and require() resolution are out of scope.
    run(`${REPO_ROOT}node_modules/.bin/attw`, ['--profile', 'esm-only', '--no-emoji', '--no-color', tarballs.sim]);
  });

  it('npx passk --version prints the package version', () => {
    expect(run('npx', ['--no-install', 'passk', '--version'], { cwd: app })).toBe(`passk ${manifest('cli').version}\n`);
  });

  it('npx passk estimate --n 10 --c 3 --k 5 prints what the repository build prints', () => {
    const installed = run('npx', ['--no-install', 'passk', 'estimate', '--n', '10', '--c', '3', '--k', '5'], { cwd: app });
    // pass@5 = 1 − C(7,5)/C(10,5) = 1 − 21/252 = 91.7 % (closed form, Chen et al. 2021).
    expect(installed).toMatch(/^5 +91\.7%/m);
    const built = passkProcess(['estimate', '--n', '10', '--c', '3', '--k', '5']);
    expect(built.code).toBe(0);
    expect(installed).toBe(built.stdout);
  });

  it("import { passAtK } from '@passk/sim' works from an ES module", () => {
    writeFileSync(join(app, 'check.mjs'), "import { passAtK } from '@passk/sim';\nconsole.log(passAtK(10, 3, 5));\n");
    // 1 − 21/252 in double precision: python3 -c "print(1 - 21/252)" → 0.9166666666666666
    expect(run(process.execPath, ['check.mjs'], { cwd: app })).toBe('0.9166666666666666\n');
  });
});
