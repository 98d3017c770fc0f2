import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/tempDir.js';
import { type CachedPrinted, cacheKey, docsCache, SOURCES, sourcesHash } from './docExamplesCache.js';

// The docs examples' output cache (docExamplesCache.ts) on a small repository of its own: what its
// key covers, that an entry serves only the command it was made for, and that nothing is stored or
// read once the sources change during a run. Each of these let a wrong output be shown as an
// example's before 7 December 2026 (the key hashed the sources once, at a run's first command, and
// left out the runner, the lockfile and the configuration; an entry did not say what it was for).

/** A repository with one file for each of SOURCES (folders get one file inside). */
function repository(): string {
  const root = tempDir('docs-cache');
  for (const part of SOURCES) {
    const isFile = /\.(json|ts|yaml)$/.test(part);
    const file = isFile ? join(root, part) : join(root, part, 'index.ts');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `// ${part}\n`);
  }
  return root;
}

/** A command's output for the cache to keep, told apart by `text`. */
const output = (text: string): CachedPrinted => ({ code: 0, lines: [text], stderr: [] });

/** A run that counts its calls and prints `text`. */
function counted(text: string): { run: () => Promise<CachedPrinted>; calls: () => number } {
  let calls = 0;
  return {
    run: async () => {
      calls++;
      return output(text);
    },
    calls: () => calls,
  };
}

const ENV = { COLUMNS: '80', NO_COLOR: '1', HOME: '/home/reader' };
const PASS8 = ['plan', 'precision', '--metric', 'passHatK', '--k', '8', '--rate', '0.9', '--half-width', '0.1'];
const P = ['plan', 'precision', '--metric', 'p', '--rate', '0.9', '--half-width', '0.1'];

describe('the docs examples cache', () => {
  it('keys on every source, the runner, the lockfile and the configuration, not on one file fewer', () => {
    const root = repository();
    const seen = new Set([sourcesHash(root)]);
    for (const part of SOURCES) {
      const file = /\.(json|ts|yaml)$/.test(part) ? join(root, part) : join(root, part, 'index.ts');
      writeFileSync(file, `${readFileSync(file, 'utf8')}// changed\n`);
      const hash = sourcesHash(root);
      expect(seen.has(hash), `${part} changes the key`).toBe(false);
      seen.add(hash);
    }
    // The runner, the lockfile and the vitest configuration were outside the key before.
    for (const part of ['test/docs/docExamples.ts', 'pnpm-lock.yaml', 'vitest.config.ts', 'test/helpers/runPassk.ts']) expect(SOURCES).toContain(part);
  });

  it('keys on the arguments and the environment variables the CLI reads, as the command gets them', () => {
    const sources = 'a'.repeat(64);
    const key = cacheKey(sources, PASS8, ENV);
    expect(cacheKey(sources, P, ENV)).not.toBe(key);
    expect(cacheKey('b'.repeat(64), PASS8, ENV)).not.toBe(key);
    for (const [name, value] of [
      ['COLUMNS', '100'],
      ['FORCE_COLOR', '1'],
      ['PASSK_NO_COMPILE_CACHE', '1'],
      ['GITHUB_STEP_SUMMARY', '/tmp/summary.md'],
      ['SLURM_ARRAY_TASK_ID', '2'],
      ['TZ', 'Asia/Tokyo'],
    ])
      expect(cacheKey(sources, PASS8, { ...ENV, [name!]: value }), name).not.toBe(key);
    // Variables the CLI does not read, and the switch of the cache itself, leave it.
    expect(cacheKey(sources, PASS8, { ...ENV, HOME: '/elsewhere', PASSK_DOCS_CACHE: '1' })).toBe(key);
  });

  it('serves a command from its own entry, and from no entry made for another command', async () => {
    const root = repository();
    const folder = join(root, 'cache');
    const cache = docsCache(root, folder, true);
    const pass8 = counted('pass^8 ∈ [33.5%, 52.9%]');
    expect((await cache.printed(PASS8, ENV, pass8.run)).printed).toEqual(output('pass^8 ∈ [33.5%, 52.9%]'));
    const again = await cache.printed(PASS8, ENV, pass8.run);
    expect(again.printed).toEqual(output('pass^8 ∈ [33.5%, 52.9%]'));
    expect(again.provenance.from).toBe('cache');
    expect(pass8.calls()).toBe(1);

    // p's entry, put where pass^8's belongs (a file renamed, or written under another key): not used.
    const p = counted('p ∈ [87.2%, 92.4%]');
    await cache.printed(P, ENV, p.run);
    const entries = readdirSync(folder).filter((name) => name.endsWith('.json'));
    expect(entries).toHaveLength(2);
    const pass8File = join(folder, entries.find((name) => readFileSync(join(folder, name), 'utf8').includes('33.5'))!);
    const pFile = join(folder, entries.find((name) => readFileSync(join(folder, name), 'utf8').includes('87.2'))!);
    renameSync(pFile, pass8File);
    const fresh = counted('pass^8 ∈ [33.5%, 52.9%]');
    const served = await cache.printed(PASS8, ENV, fresh.run);
    expect(served.printed).toEqual(output('pass^8 ∈ [33.5%, 52.9%]'));
    expect(served.provenance.from).toBe('run');
    expect(fresh.calls()).toBe(1);

    // An entry of the earlier format (the output alone) or a cut file is no entry either.
    for (const text of [JSON.stringify(output('p ∈ [87.2%, 92.4%]')), '{"version":3,"key":']) {
      writeFileSync(pass8File, text);
      const rerun = counted('pass^8 ∈ [33.5%, 52.9%]');
      expect((await cache.printed(PASS8, ENV, rerun.run)).printed.lines).toEqual(['pass^8 ∈ [33.5%, 52.9%]']);
      expect(rerun.calls()).toBe(1);
    }
  });

  it('stores nothing made while the sources changed, and reads nothing after', async () => {
    const root = repository();
    const folder = join(root, 'cache');
    const warnings: string[] = [];
    const cache = docsCache(root, folder, true, (line) => warnings.push(line));
    await cache.printed(P, ENV, counted('p ∈ [79.3%, 96.5%]').run);
    // The command runs while a source is edited (a checkout or a merge during the run): its output is not stored.
    const edited = async () => {
      writeFileSync(join(root, 'packages/sim/src/index.ts'), '// a change during the run\n');
      return output('made while the sources changed');
    };
    expect((await cache.printed(PASS8, ENV, edited)).provenance.from).toBe('run');
    expect(readdirSync(folder).filter((name) => name.endsWith('.json'))).toHaveLength(1);
    // From then on every command runs, the one cached before the change included.
    const p = counted('p ∈ [79.3%, 96.5%]');
    expect((await cache.printed(P, ENV, p.run)).provenance.from).toBe('run');
    expect(p.calls()).toBe(1);
    expect(warnings).toEqual(['docs examples cache: the sources changed during this run; it neither reads nor writes the cache from here on']);
  });

  it('runs every command when off, and commands that write files always', async () => {
    const root = repository();
    const off = docsCache(root, join(root, 'off'), false);
    const first = counted('x');
    await off.printed(P, ENV, first.run);
    await off.printed(P, ENV, first.run);
    expect(first.calls()).toBe(2);
    const on = docsCache(root, join(root, 'on'), true);
    const writes = counted('y');
    for (const args of [
      ['simulate', 'a.yaml', '--out', 'run'],
      ['estimate', 'x.csv', '--chart=c.svg'],
      // demo writes ./passk-demo without --out (a warm cache served it, and install.md's `ls passk-demo` failed).
      ['demo'],
    ]) {
      await on.printed(args, ENV, writes.run);
      await on.printed(args, ENV, writes.run);
    }
    expect(writes.calls()).toBe(6);
  });
});
