// The packages as someone else gets them: both are packed (`pnpm pack`), checked by publint and
// arethetypeswrong, and installed with npm into an empty folder (the two tarballs, third-party
// dependencies from the registry); the installed `passk` and an ESM import of @passk/sim then run,
// on the build's Node and on the lowest Node in engines and the newest LTS, both fetched from the
// npm registry (`npx -p node@X`), sharing one code-cache folder (a cache one Node 20 release wrote
// crashed the others). Slow (npm installs) and needs the registry, so it is not part of `pnpm test`:
// `pnpm test:pack` runs it (after a build), and .ci/run runs that once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng } from '../helpers/decodePng.js';
import { differingPixels, referenceRenders, withoutSystemFonts } from '../helpers/hiddenFonts.js';
import { nodeFolder, packAndInstall, run } from '../../scripts/installedPackages.mjs';
import { fixture, REPO_ROOT, passkProcess } from '../helpers/runPassk.js';

const PACKAGES = ['sim', 'cli'] as const;
type Pkg = (typeof PACKAGES)[number];

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  repository?: { url?: string };
  homepage?: string;
  bugs?: { url?: string };
}

const manifest = (pkg: Pkg): Manifest => JSON.parse(readFileSync(`${REPO_ROOT}packages/${pkg}/package.json`, 'utf8'));

let work: string;
let tarballs: Record<Pkg, string>;
let app: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'passk-pack-'));
  ({ tarballs, app } = packAndInstall(REPO_ROOT, work));
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
    writeFileSync(join(app, 'check.mjs'), "import { passAtK } from '@passk/sim/internal';\nconsole.log(passAtK(10, 3, 5));\n");
    // 1 − 21/252 in double precision: python3 -c "print(1 - 21/252)" → 0.9166666666666666
    expect(run(process.execPath, ['check.mjs'], { cwd: app })).toBe('0.9166666666666666\n');
  });
});

describe('a lean, honest package', () => {
  it('both manifests name the repository, homepage and issue tracker', () => {
    for (const pkg of PACKAGES) {
      const { repository, homepage, bugs } = manifest(pkg);
      expect(
        [repository?.url, homepage, bugs?.url].every((field) => typeof field === 'string' && field.length > 0),
        pkg,
      ).toBe(true);
    }
  });

  it('the runtime dependencies of @passk/cli are exactly the packages its shipped files load from node_modules', () => {
    // What the bundle leaves outside itself: require("x"), import "x" / from "x", and the renamed
    // import() calls (__passkImport("x")), bare specifiers that are not Node's own modules.
    const bundle = join(app, 'node_modules', '@passk', 'cli', 'dist', 'bundle');
    const loaded = new Set<string>();
    for (const name of readdirSync(bundle).filter((file) => /\.(c?js)$/.test(file))) {
      const text = readFileSync(join(bundle, name), 'utf8');
      for (const match of text.matchAll(/(?:\brequire|__passkImport|\bimport)\(\s*"([\w@][\w@/.-]*)"\s*\)|^import\s[^;"]*?\bfrom\s*"([\w@][\w@/.-]*)"/gm)) {
        const specifier = match[1] ?? match[2]!;
        if (specifier.startsWith('node:')) continue;
        loaded.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    const builtins = new Set(builtinModules);
    for (const name of [...loaded]) if (builtins.has(name)) loaded.delete(name);
    // esbuild is imported only where the report explorer's prebuilt script is missing (it ships: explorer.min.js).
    expect(existsSync(join(bundle, 'explorer.min.js'))).toBe(true);
    loaded.delete('esbuild');
    expect([...loaded].sort()).toEqual(Object.keys(manifest('cli').dependencies ?? {}).sort());
  });

  it('THIRD_PARTY_NOTICES.md lists every package whose code is in the bundle, each with a licence text', () => {
    const bundle = join(app, 'node_modules', '@passk', 'cli', 'dist', 'bundle');
    // esbuild heads each bundled file with a comment naming its path: .../node_modules/<name>/...
    const bundled = new Set<string>();
    for (const name of readdirSync(bundle).filter((file) => /\.(c?js)$/.test(file)))
      for (const match of readFileSync(join(bundle, name), 'utf8').matchAll(/^\s*\/\/ .*node_modules\/((?:@[^/\s]+\/)?[^/\s]+)\/[^\n]*$/gm))
        bundled.add(match[1]!);
    const notices = readFileSync(join(bundle, 'THIRD_PARTY_NOTICES.md'), 'utf8');
    const listed = new Set([...notices.matchAll(/^- (\S+) \S+ \(/gm)].map((match) => match[1]!));
    expect(bundled.size).toBeGreaterThan(10);
    expect([...bundled].filter((name) => !listed.has(name))).toEqual([]);
    for (const name of listed)
      expect(notices, name).toMatch(new RegExp(`^## ${name.replace(/[/.]/g, '\\$&')} \\S+\\n\\nLicence: .+\\n\\n\`{3,}text\\n.{40,}`, 'ms'));
    console.log(`THIRD_PARTY_NOTICES.md: ${listed.size} packages (${[...listed].join(', ')})`);
  });

  it('ships no file only the benchmarks use', () => {
    expect(tarFiles('cli').filter((path) => /(^|\/)(runSimulation|stopSignal|runner-[^/]*)\.js$/.test(path))).toEqual([]);
  });

  it('the install is counted and measured', () => {
    const packages = installedPackages(join(app, 'node_modules'));
    const bytes = Number(run('du', ['-sb', join(app, 'node_modules')]).split('\t')[0]);
    console.log(`npm install of both tarballs: ${packages} packages, ${(bytes / 1e6).toFixed(1)} MB in node_modules`);
    expect(packages).toBeGreaterThan(2);
  });
});

/** The packages in a node_modules tree (npm's layout: scoped folders, nested node_modules). */
function installedPackages(folder: string): number {
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.name.startsWith('@')) count += installedPackages(path);
    else if (existsSync(join(path, 'package.json'))) {
      count++;
      if (existsSync(join(path, 'node_modules'))) count += installedPackages(join(path, 'node_modules'));
    }
  }
  return count;
}

/** The newest LTS line of Node on 2026-12-06: Node 26 (LTS since October 2026). */
const NEWEST_LTS = '26';
/** The lowest Node the CLI's engines admit (20.19.0). */
const LOWEST = semver.minVersion(manifest('cli').engines!.node!)!.version;

describe("the installed passk on each Node: the build's, the lowest in engines and the newest LTS, one shared code-cache folder", () => {
  const runtimes: { label: string; folder: () => string; version: () => string }[] = [
    { label: `the build's (${process.version})`, folder: () => dirname(process.execPath), version: () => process.version },
    { label: `the lowest in engines (${LOWEST})`, folder: () => nodeFolder(LOWEST, work), version: () => `v${LOWEST}` },
    { label: `the newest LTS (${NEWEST_LTS})`, folder: () => nodeFolder(NEWEST_LTS, work), version: () => '' },
  ];
  let cacheFolder: string;
  beforeAll(() => {
    cacheFolder = join(work, 'compile-cache');
  });

  describe.each(runtimes)('Node $label', (runtime) => {
    let env: NodeJS.ProcessEnv;
    const passk = (args: string[], cwd = app) => spawnSync(join(app, 'node_modules', '.bin', 'passk'), args, { cwd, env, encoding: 'utf8' });
    beforeAll(() => {
      env = { ...process.env, PATH: `${runtime.folder()}${delimiter}${process.env.PATH}`, PASSK_CACHE_DIR: cacheFolder };
    }, 120_000);

    it('runs that Node, and --version', () => {
      const version = spawnSync('node', ['-p', 'process.version'], { env, encoding: 'utf8' }).stdout.trim();
      if (runtime.version()) expect(version).toBe(runtime.version());
      else expect(semver.major(version)).toBe(Number(NEWEST_LTS));
      console.log(`installed passk on Node ${version}`);
      const result = passk(['--version']);
      expect({ code: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 0,
        stdout: `passk ${manifest('cli').version}\n`,
        stderr: '',
      });
    });

    it('estimate prints what the repository build prints (twice: without and with its code cache)', () => {
      const built = passkProcess(['estimate', '--n', '10', '--c', '3', '--k', '5']);
      for (let i = 0; i < 2; i++) {
        const result = passk(['estimate', '--n', '10', '--c', '3', '--k', '5']);
        expect({ code: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({ code: 0, stdout: built.stdout, stderr: '' });
      }
    });

    it('simulate runs the built-in scenario', () => {
      const result = passk(['simulate', '--replicates', '500', '--seed', '7', '--json']);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ kind: 'passk.simulate' });
    });

    it('writes a PNG chart that has its text with the system fonts hidden, and the demo (report, 8 PNG charts)', () => {
      const folder = mkdtempSync(join(work, 'run-'));
      const bin = join(app, 'node_modules', '.bin', 'passk');
      const fit = fixture('charts/fit-tau-bench.json');
      // In a mount namespace without system fonts (test/helpers/hiddenFonts.ts; CI runs as root):
      // the PNG and SVG of one chart, then resvg's renders of that SVG without text and with system fonts only.
      const hidden = withoutSystemFonts(
        [
          'env',
          `PATH=${env.PATH}`,
          `PASSK_CACHE_DIR=${cacheFolder}`,
          'sh',
          '-c',
          '"$0" chart fit-pass-rates --from "$1" --out chart.png && "$0" chart fit-pass-rates --from "$1" --out chart.svg && node -e "$2" chart.svg .',
          bin,
          fit,
          referenceRenders(join(app, 'node_modules', '@passk', 'cli', 'package.json')),
        ],
        folder,
      );
      expect(hidden.status, hidden.stderr).toBe(0);
      const chart = decodePng(readFileSync(join(folder, 'chart.png')));
      const noText = decodePng(readFileSync(join(folder, 'no-text.png')));
      expect(differingPixels(decodePng(readFileSync(join(folder, 'system-fonts.png'))), noText), 'the system fonts were hidden').toBe(0);
      expect(differingPixels(chart, noText, 0, 60)).toBeGreaterThan(3000);
      expect(differingPixels(chart, noText)).toBeGreaterThan(30_000);
      const demo = passk(['demo', '--out', 'demo'], folder);
      expect([demo.status, demo.stderr]).toEqual([0, '']);
      expect(statSync(join(folder, 'demo', 'report.html')).size).toBeGreaterThan(10_000);
      expect(readdirSync(join(folder, 'demo', 'charts')).filter((name) => name.endsWith('.png'))).toHaveLength(8);
    }, 60_000);
  });

  it('each runtime wrote its own cache file in the shared folder', () => {
    // The build's Node ran first, so its cache was there when 20.19.0 started: the crash of issue #37.
    expect(readdirSync(cacheFolder).filter((name) => name.endsWith('.cache'))).toHaveLength(runtimes.length);
  });
});

describe('a Node outside engines', () => {
  it('Node 18 gets one line and exit 2, not a stack trace', () => {
    const folder = nodeFolder('18', work);
    const result = spawnSync(join(app, 'node_modules', '.bin', 'passk'), ['--version'], {
      env: { ...process.env, PATH: `${folder}${delimiter}${process.env.PATH}` },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^passk: needs Node\.js \^20\.19\.0 \|\| \^22\.12\.0 \|\| >=23 \(package\.json engines\), this is v18\.\d+\.\d+\n$/);
  }, 120_000);
});
