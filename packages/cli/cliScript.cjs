// The CLI as one CommonJS script (dist/bundle/cli.cjs, built by bundle.mjs), compiled with the V8
// code cache made at build time (cli.cjs.cache): Node 20 has no compile cache for ES modules, and
// compiling ~2 MB of JavaScript was a large part of every start. V8 checks the cache against the
// script and its own version and flags; when it rejects the cache (another Node, other V8 flags, a
// missing or damaged file) the script is compiled from source as usual, silently.
// CommonJS, like the bin that loads it (passk.cjs): a start then sets up no ES module loader
// (about 5 ms of `passk estimate --n 10 --c 3 --k 5`, median of 21 alternating runs).
// Copied next to the bundle by bundle.mjs; passk.cjs (the bin) and bundle.mjs (to make the cache) load it.
'use strict';
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

const CLI_SCRIPT = join(__dirname, 'cli.cjs');
const CLI_CACHE = `${CLI_SCRIPT}.cache`;

/** Compiles and runs cli.cjs (with `cachedData` when given); returns its exports and the compiled script. */
function loadCliScript(cachedData) {
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
function readCliCache() {
  try {
    return readFileSync(CLI_CACHE);
  } catch {
    return undefined;
  }
}

module.exports = { CLI_SCRIPT, CLI_CACHE, loadCliScript, readCliCache };
