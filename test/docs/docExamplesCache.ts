import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { threadId } from 'node:worker_threads';

// The docs examples' output cache (PASSK_DOCS_CACHE=1; off by default and in CI): what an in-process
// command printed, kept in node_modules/.cache/passk-doc-examples so that a second run of
// examples.slow.test.ts on unchanged code reads it back instead of running the command.
//
// An entry is only as right as its key. The key covers everything that decides what a command
// prints (same seed, same bytes: docs/design.md §5): its arguments; the content of every file or
// folder an argument names (relative to the scratch repository); the environment variables the CLI
// reads, as the command receives them; and SOURCES — the library (its sources and the build that
// simulate's worker threads run), the CLI, the manifests and lockfile (yargs and every other
// dependency), the TypeScript and vitest configuration (which code runs: vitest's aliases), Node,
// and this runner itself (how a command line becomes arguments and an environment).
//
// Until 7 December 2026 the key hashed fewer sources (not the runner, lockfile or configuration),
// and hashed them once, at the first command of a run, while each command's modules load when it
// first runs: an edit, a `git stash`, a checkout or a merge during a run of minutes stored the new
// code's output under the old code's key, for every later run on the old code to read back. (On 6
// December a cached run recorded plan.md's `plan precision --metric passHatK` with the interval of p;
// its cause was not found, and this is one way a wrong entry could have been kept.) Now SOURCES are
// hashed when the runner loads, again before each command and again before its entry is written:
// once they differ, nothing more is read from or written to the cache in that run (the process runs
// code loaded before the change beside code loaded after it, which no key describes). An entry names
// the key and the arguments it was made for and is used only for them; a temporary file of its own
// (process, thread, random) is renamed onto it, so writers never share one.

/** What decides a command's output besides its arguments and their files (paths from the repository root; absent ones skipped). */
export const SOURCES: readonly string[] = [
  'packages/sim/src',
  'packages/sim/dist',
  'packages/cli/src',
  'packages/sim/package.json',
  'packages/cli/package.json',
  'packages/sim/tsconfig.json',
  'packages/cli/tsconfig.json',
  'package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'vitest.config.ts',
  'vitest.slow.config.ts',
  'test/docs/docExamples.ts',
  'test/docs/docExamplesCache.ts',
  'test/helpers/runPassk.ts',
];

/**
 * The environment variables the CLI reads (grep `env.` in packages/cli/src): the terminal view, the
 * locale and time zone, passk's own, the job-array variables of `--shard auto`, the step summary of
 * `gate`, and pnpm's start folder (startCli.ts). PASSK_DOCS_CACHE only turns this cache on.
 */
const ENVIRONMENT =
  /^(COLUMNS|LINES|NO_COLOR|FORCE_COLOR|TZ|LANG|LANGUAGE|LC_\w+|PASSK_\w+|SLURM_\w+|JOB_COMPLETION\w*|AWS_BATCH_\w+|GITHUB_STEP_SUMMARY|INIT_CWD|npm_lifecycle_event)$/;

/** The format of an entry; raised whenever the key or the entry changes shape. */
const VERSION = 3;

/** What a command printed, as the docs runner keeps it. */
export interface CachedPrinted {
  code: number;
  lines: string[];
  stderr?: string[];
}

/** A cache entry: the key and the arguments it was made for, beside the output. */
interface Entry {
  version: number;
  key: string;
  args: string[];
  printed: CachedPrinted;
}

/** A content hash of a file or folder (folders: their entries' names and contents, in name order, without node_modules). */
export function hashTree(hash: ReturnType<typeof createHash>, path: string, depth = 0): void {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    if (depth > 8) return;
    for (const name of readdirSync(path).sort()) {
      if (name === 'node_modules') continue;
      hash.update(`\0${name}\0`);
      hashTree(hash, join(path, name), depth + 1);
    }
  } else if (stat.isFile()) hash.update(readFileSync(path));
}

/** The content hash of SOURCES under `root`, with the Node that runs the commands. */
export function sourcesHash(root: string): string {
  const hash = createHash('sha256').update(`${process.version}\0${process.execPath}\0`);
  for (const part of SOURCES) {
    const path = join(root, part);
    if (!existsSync(path)) continue;
    hash.update(`\0${part}\0`);
    hashTree(hash, path);
  }
  return hash.digest('hex');
}

/** The environment variables of `env` the CLI reads (ENVIRONMENT), sorted by name. */
export function readEnvironment(env: Readonly<Record<string, string | undefined>>): Array<[string, string]> {
  return Object.keys(env)
    .filter((name) => ENVIRONMENT.test(name) && name !== 'PASSK_DOCS_CACHE' && env[name] !== undefined)
    .sort()
    .map((name) => [name, env[name]!]);
}

/** A hash of the content of every argument that names a file or folder (relative to the current directory). */
export function filesHash(args: readonly string[]): string {
  const hash = createHash('sha256');
  for (const arg of args) {
    const path = resolve(arg.replace(/^--[\w-]+=/, ''));
    if (!existsSync(path)) continue;
    hash.update(`\0${arg}\0`);
    hashTree(hash, path);
  }
  return hash.digest('hex');
}

/** The key of a command run with `env`, on the sources hashed as `sources`. */
export function cacheKey(sources: string, args: readonly string[], env: Readonly<Record<string, string | undefined>>): string {
  const parts = { version: VERSION, sources, args, env: readEnvironment(env), files: filesHash(args) };
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** Whether a parsed file is an entry made for this key and these arguments. */
function isEntryFor(value: unknown, key: string, args: readonly string[]): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<Entry>;
  const printed = entry.printed as Partial<CachedPrinted> | undefined;
  return (
    entry.version === VERSION &&
    entry.key === key &&
    isDeepStrictEqual(entry.args, [...args]) &&
    typeof printed === 'object' &&
    printed !== null &&
    Number.isInteger(printed.code) &&
    Array.isArray(printed.lines) &&
    printed.lines.every((line) => typeof line === 'string') &&
    (printed.stderr === undefined || (Array.isArray(printed.stderr) && printed.stderr.every((line) => typeof line === 'string')))
  );
}

/**
 * Whether a command writes files (`--out`, `--chart`, or `demo`, which writes ./passk-demo unless
 * told where): it always runs, so that the files are there for the commands after it. (A warm cache
 * served `passk demo` before 7 December 2026, and install.md's `ls passk-demo …` after it failed.)
 */
export function writesFiles(args: readonly string[]): boolean {
  return args[0] === 'demo' || args.some((arg) => /^--(out|chart)(=|$)/.test(arg));
}

/** How a command's output was obtained: read from the cache (and from which file) or run. */
export type Provenance = { readonly from: 'cache'; readonly file: string } | { readonly from: 'run' };

/** The docs examples' output cache of one repository (`root`) in `folder`, on or off. */
export interface DocsCache {
  /**
   * The output of `args` run with `env`: read from the cache when an entry for them is there and
   * the sources are those the run started with, else `run()` (its output stored when the sources
   * did not change meanwhile). Commands that write files (writesFiles) always run.
   */
  printed(
    args: readonly string[],
    env: Readonly<Record<string, string | undefined>>,
    run: () => Promise<CachedPrinted>,
  ): Promise<{ printed: CachedPrinted; provenance: Provenance }>;
  /** Removes an entry found wrong (its command printed something else when run again). */
  drop(file: string): void;
}

/**
 * The cache of the repository at `root`, kept in `folder`; `enabled` false runs every command.
 * `warn` receives one line when the sources change during the run (the cache is then left alone).
 */
export function docsCache(
  root: string,
  folder: string,
  enabled: boolean,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): DocsCache {
  // Hashed now, when the runner's modules (and the CLI's entry they import) have just loaded.
  let atStart: string | null = enabled ? sourcesHash(root) : null;
  let changed = false;
  /** The sources hash the run started with, or null once they have changed (then the cache is not used). */
  const unchanged = (): string | null => {
    if (changed) return null;
    const now = sourcesHash(root);
    atStart ??= now;
    if (now === atStart) return atStart;
    changed = true;
    warn('docs examples cache: the sources changed during this run; it neither reads nor writes the cache from here on');
    return null;
  };
  return {
    async printed(args, env, run) {
      if (!enabled || writesFiles(args)) return { printed: await run(), provenance: { from: 'run' } };
      const sources = unchanged();
      if (sources === null) return { printed: await run(), provenance: { from: 'run' } };
      const key = cacheKey(sources, args, env);
      const file = join(folder, `${key}.json`);
      if (existsSync(file)) {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(readFileSync(file, 'utf8'));
        } catch {
          // A file that is not JSON is no entry: the command runs and its entry replaces it.
        }
        if (isEntryFor(parsed, key, args)) return { printed: parsed.printed, provenance: { from: 'cache', file } };
      }
      const printed = await run();
      // The output is stored only if the code that made it is still the code the key hashes.
      if (unchanged() === null) return { printed, provenance: { from: 'run' } };
      mkdirSync(folder, { recursive: true });
      const entry: Entry = { version: VERSION, key, args: [...args], printed };
      // A name of its own per writer (process, thread, call), then one atomic rename.
      const temporary = `${file}.${process.pid}-${threadId}-${randomBytes(6).toString('hex')}.tmp`;
      writeFileSync(temporary, JSON.stringify(entry));
      renameSync(temporary, file);
      return { printed, provenance: { from: 'run' } };
    },
    drop(file) {
      rmSync(file, { force: true });
    },
  };
}
