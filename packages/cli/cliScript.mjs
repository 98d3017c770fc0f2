// The CLI as one CommonJS script (dist/bundle/cli.cjs, built by bundle.mjs), compiled with the V8
// code cache made at build time (cli.cjs.cache): Node 20 has no compile cache for ES modules, and
// compiling ~2 MB of JavaScript was a large part of every start. V8 checks the cache against the
// script and its own version and flags; when it rejects the cache (another Node, other V8 flags, a
// missing or damaged file) the script is compiled from source as usual, silently.
// Copied next to the bundle by bundle.mjs; passk.js (the bin) and bundle.mjs (to make the cache) load it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

export const CLI_SCRIPT = fileURLToPath(new URL('./cli.cjs', import.meta.url));
export const CLI_CACHE = `${CLI_SCRIPT}.cache`;

/** Compiles and runs cli.cjs (with `cachedData` when given); returns its exports and the compiled script. */
export function loadCliScript(cachedData) {
  // esbuild writes ASCII only (charset: ascii), so latin1 reads it exactly and fastest.
  const source = readFileSync(CLI_SCRIPT, 'latin1');
  const wrapper = `(function (exports, require, module, __filename, __dirname, __passkModuleUrl, __passkImport) {${source}\n})`;
  const script = new Script(wrapper, { filename: CLI_SCRIPT, cachedData });
  const module = { exports: {} };
  // The script's import() calls (bundle.mjs renames them): made from here, this module beside it, so
  // './renderChart.js' and 'esbuild' resolve as they would from the script.
  const load = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, createRequire(CLI_SCRIPT), module, CLI_SCRIPT, dirname(CLI_SCRIPT), pathToFileURL(CLI_SCRIPT).href, load);
  return { cli: module.exports, script };
}

/** The cache made at build time, or undefined. */
export function readCliCache() {
  try {
    return readFileSync(CLI_CACHE);
  } catch {
    return undefined;
  }
}
