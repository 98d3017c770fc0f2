// The CLI as one CommonJS script (dist/bundle/cli.cjs, built by bundle.mjs), compiled with a V8 code
// cache that this runtime wrote itself, in the user's cache folder: compiling ~2 MB of JavaScript was
// most of every start (30-35 ms of 120 ms on Node 20), and Node 20 has no compile cache of its own.
//
// No cache is shipped: V8's own check of a cache (its version, flags and the source's length) passes
// between Node 20 releases that share a V8 version, and a cache made by another release then crashes
// the process (exit 139 on 20.10-20.20.1 with a cache made by 20.20.2). So a cache is read only by the
// exact runtime that wrote it: its file name carries the Node version, platform, arch, V8 version, the
// executable's size and modification time, and the bundle's own hash (bundle.mjs writes BUNDLE_ID).
// Node's own module.enableCompileCache() keys its cache by version in the same way.
//
// The first start of a runtime compiles from source and writes the cache when the process exits
// (atomically: a temporary file, then a rename), so it holds the functions that run compiled, not
// only the top level. A cache V8 rejects (damaged, cut short) is compiled around and rewritten.
// PASSK_CACHE_DIR names the folder; PASSK_NO_COMPILE_CACHE=1 or Node's NODE_DISABLE_COMPILE_CACHE=1
// turns the cache off. Any failure to read or write it is silent: the cache only saves time.
//
// CommonJS, like the bin that loads it (passk.cjs): a start then sets up no ES module loader.
'use strict';
const { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const CLI_SCRIPT = join(__dirname, 'cli.cjs');
/** The hash of cli.cjs, written into the copy beside the bundle by bundle.mjs. */
const BUNDLE_ID = 'development';
/** Caches of other runtimes and builds kept in the folder (the newest); older ones are removed. */
const CACHES_KEPT = 8;

/**
 * Compiles and runs cli.cjs (with `cachedData` when given); returns its exports and the compiled script.
 * The script is wrapped as a CommonJS module is, plus `__passkModuleUrl` (its URL, for import.meta.url)
 * and `__passkImport`: a vm.Script cannot import() (Node 20 loses the callback when the script comes
 * from a code cache), so bundle.mjs renames its import() calls, all of ES modules beside it, to this.
 */
function loadCliScript(cachedData) {
  // bundle.mjs writes ASCII only, so latin1 reads it exactly and fastest.
  const source = readFileSync(CLI_SCRIPT, 'latin1');
  const wrapper = `(function (exports, require, module, __filename, __dirname, __passkModuleUrl, __passkImport) {${source}\n})`;
  const script = new Script(wrapper, { filename: CLI_SCRIPT, cachedData });
  const module = { exports: {} };
  const load = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, createRequire(CLI_SCRIPT), module, CLI_SCRIPT, dirname(CLI_SCRIPT), pathToFileURL(CLI_SCRIPT).href, load);
  return { cli: module.exports, script };
}

/** The folder of this user's caches, or undefined when the cache is off or there is no home to put it in. */
function cacheFolder(env) {
  if (env.PASSK_NO_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (env.PASSK_CACHE_DIR) return env.PASSK_CACHE_DIR;
  let home;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  if (process.platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'passk', 'Cache');
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'passk');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'passk');
}

/**
 * The cache file of this runtime and bundle: `cli-<hash>.cache`, the hash (FNV-1a, 32 bit, twice with
 * two seeds) of everything that tells one runtime build from another. The executable's size and
 * modification time tell apart two builds of one version (a distribution's and nodejs.org's).
 */
function cacheFileFor(folder) {
  let executable = '';
  try {
    const stat = statSync(process.execPath);
    executable = `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
  const runtime = [BUNDLE_ID, process.version, process.platform, process.arch, process.versions.v8, process.execPath, executable].join('\n');
  return join(folder, `cli-${fnv1a(runtime, 0x811c9dc5)}${fnv1a(runtime, 0x01000193)}.cache`);
}

/** FNV-1a over the UTF-16 units of `text`, as 8 hex digits (Fowler, Noll, Vo; any fixed seed). */
function fnv1a(text, seed) {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

function readCache(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the script's code cache to `file` (a temporary file, fsync, rename), then prunes old caches. */
function writeCache(script, folder, file) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const data = script.createCachedData();
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    pruneCaches(folder);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {}
  }
}

/** Keeps the CACHES_KEPT newest cli-*.cache files of the folder (other runtimes and builds pile up otherwise). */
function pruneCaches(folder) {
  const caches = readdirSync(folder)
    .filter((name) => /^cli-[0-9a-f]{16}\.cache$/.test(name))
    .map((name) => ({ path: join(folder, name), mtime: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of caches.slice(CACHES_KEPT)) unlinkSync(old.path);
}

/** Loads the CLI with this runtime's cache, and writes the cache at exit when there was none V8 took. */
function loadCli(env) {
  const folder = cacheFolder(env);
  const file = folder === undefined ? undefined : cacheFileFor(folder);
  const cachedData = file === undefined ? undefined : readCache(file);
  const { cli, script } = loadCliScript(cachedData);
  if (file !== undefined && (cachedData === undefined || script.cachedDataRejected)) process.once('exit', () => writeCache(script, folder, file));
  return cli;
}

module.exports = { CLI_SCRIPT, cacheFolder, cacheFileFor, loadCli, loadCliScript };
