// Build step after `tsc -b` (run by `pnpm build`, `pnpm passk`, `pnpm test`, `pnpm bench`):
// 1. the report explorer's page script, bundled once (dist/report/explorer/explorer.min.js), so the CLI
//    never runs a bundler;
// 2. the CLI as one CommonJS script, dist/bundle/cli.cjs (@passk/sim, yargs and yaml inside; each
//    command's modules run only when it is chosen), and its V8 code cache, cli.cjs.cache, made here
//    after running two short commands: the bin dist/bundle/passk.cjs compiles the script with it
//    (cliScript.cjs), so a start neither resolves ~30 ES module files nor compiles ~2 MB of source.
//    charts/renderChart (vega, vega-lite: ES modules with top-level await) is an ES module beside it;
//    vega, vega-lite, resvg (a native addon) and esbuild stay external (loaded from node_modules when used);
// 3. the worker entries and the runner `pnpm bench` times, as ES modules.
// The bin (package.json) is dist/bundle/passk.cjs; dist/main.js still runs unbundled.
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildExplorerScript, EXPLORER_SCRIPT_FILE } from './dist/report/explorer/bundleExplorer.js';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const outdir = join(dist, 'bundle');
// The worker-thread runner lives in @passk/sim/node (built by tsc -b before this step).
const simNode = join(root, '..', 'sim', 'dist', 'node');

const explorer = join(dist, 'report', 'explorer', EXPLORER_SCRIPT_FILE);
writeFileSync(explorer, await buildExplorerScript(join(dist, 'report', 'explorer', 'explorerEntry.js')));

/**
 * string-width (yargs' and cliui's) builds an Intl.Segmenter and Unicode-property regexes (RGI_Emoji)
 * when its module loads: ~20 ms of ICU work on every start, though only --help lays text out. Each
 * `import stringWidth from 'string-width'` gets a stand-in that loads the real module on its first call
 * (esbuild runs a module reached by require() only when it is required).
 */
const lazyStringWidth = {
  name: 'lazy-string-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData?.real) return undefined; // the resolve below: esbuild's own
      const real = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { real: true } });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'lazy-string-width' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-string-width' }, (args) => ({
      contents: `let width;\nexport default function stringWidth(text, options) {\n  width ??= require(${JSON.stringify(args.path)}).default;\n  return width(text, options);\n}\n`,
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

const common = {
  outdir,
  plugins: [lazyStringWidth],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['vega', 'vega-lite', '@resvg/resvg-js', 'esbuild'],
  // Bundled CommonJS dependencies (seedrandom) may call require(): give the ESM output one, made on
  // first use (createRequire per chunk at load time cost ~1 ms each).
  banner: { js: "import { createRequire as __passkCreateRequire } from 'node:module'; const require = (id) => __passkCreateRequire(import.meta.url)(id);" },
  legalComments: 'none',
  logLevel: 'warning',
};
// Stale chunks of earlier builds would pile up beside the new ones.
rmSync(outdir, { recursive: true, force: true });
// The CLI: one CommonJS script (cli.cjs) that passk.cjs compiles with a V8 code cache made below;
// each command's modules run only when it is chosen (esbuild's lazy module wrappers), vega, resvg
// and esbuild load only when used. import.meta.url (the worker scripts, the explorer script and
// ../package.json are found from it) is the script's URL, given by cliScript.cjs.
await esbuild.build({
  ...common,
  entryPoints: { cli: join(dist, 'startCli.js') },
  format: 'cjs',
  banner: {},
  define: { 'import.meta.url': '__passkModuleUrl' },
  // vega and vega-lite are ES modules with top-level await, which require() cannot load: the one
  // module that imports them (charts/renderChart) stays an ES module beside the script (built below),
  // reached by import() only.
  plugins: [
    lazyStringWidth,
    { name: 'render-chart-apart', setup: (build) => build.onResolve({ filter: /\/renderChart\.js$/ }, () => ({ path: './renderChart.js', external: true })) },
  ],
  charset: 'ascii',
  outExtension: { '.js': '.cjs' },
});
// A vm.Script cannot import() (Node 20 loses the callback when the script comes from a code cache):
// its import() calls, all of ES modules outside it, go through a function cliScript.cjs passes in.
const cliFile = join(outdir, 'cli.cjs');
const cliSource = readFileSync(cliFile, 'utf8');
const renamed = cliSource.replace(/\bimport\("/g, '__passkImport("');
if (/\bimport\(/.test(renamed)) throw new Error('bundle: cli.cjs has an import() of a computed specifier, which the rename misses');
// cliScript.cjs reads the script as latin1 (ASCII only, read exactly and fastest), but esbuild's
// `charset: 'ascii'` leaves non-ASCII characters in regular expression literals and tagged templates
// (`/^[≈≤]/`, html`… − …`), which latin1 would turn into mojibake. \uXXXX (UTF-16 units) means the
// same character in every place they occur: strings, templates (cooked, and in the one String.raw
// template, parseRequirement's, a RegExp source), regular expressions and comments.
const ascii = renamed.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
writeFileSync(cliFile, ascii, 'latin1');
copyFileSync(join(root, 'cliScript.cjs'), join(outdir, 'cliScript.cjs'));
copyFileSync(join(root, 'launcher.cjs'), join(outdir, 'passk.cjs'));
chmodSync(join(outdir, 'passk.cjs'), 0o755);
// Each worker, the chart renderer, and the runner `pnpm bench` times as `passk simulate` runs it, as
// single ES module files. Their names keep the workers' file names:
// runSimulation (@passk/sim/node) and csvRangeRunner start new URL('./simulateWorker.js' | './csvRangeWorker.js', import.meta.url).
await esbuild.build({
  ...common,
  entryPoints: {
    simulateWorker: join(simNode, 'simulateWorker.js'),
    csvRangeWorker: join(dist, 'io', 'csvRangeWorker.js'),
    renderChart: join(dist, 'charts', 'renderChart.js'),
  },
});
// The runner and its stop signal share one StopSignal class: one build with splitting.
await esbuild.build({
  ...common,
  entryPoints: { runSimulation: join(simNode, 'runSimulation.js'), stopSignal: join(simNode, 'stopSignal.js') },
  splitting: true,
  chunkNames: 'runner-[hash]',
});
// The explorer script beside the bundle, where bundleExplorer looks from there.
copyFileSync(explorer, join(outdir, EXPLORER_SCRIPT_FILE));
// `passk --version` reads ../package.json from its module: from dist/bundle that is dist/package.json.
// The same name, version and module type as the package's (the nearest package.json decides that dist/*.js are ES modules).
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
writeFileSync(
  join(dist, 'package.json'),
  `${JSON.stringify({ name: manifest.name, version: manifest.version, type: manifest.type, private: true }, null, 2)}\n`,
);
// The V8 code cache of cli.cjs, made after two short commands have run in this process so that it
// holds the functions a start compiles (yargs, the dispatch, estimate), not only the top level: the
// estimate of one task and that of a small results file (the CSV reader, the task population fits,
// both intervals), whose bytecode a run on a file would otherwise compile at their first calls
// (about 13 ms of the 10M-row estimate: median 400 → 387 ms over 21 alternating runs).
const { loadCliScript, CLI_CACHE } = createRequire(import.meta.url)(join(outdir, 'cliScript.cjs'));
const { cli, script } = loadCliScript(undefined);
const quiet = { stdout: () => {}, stderr: () => {}, stderrIsTTY: false, cwd: process.cwd(), env: {} };
const warmUp = mkdtempSync(join(tmpdir(), 'passk-bundle-'));
try {
  const file = join(warmUp, 'results.csv');
  writeFileSync(file, warmUpResults());
  for (const args of [
    ['estimate', '--n', '10', '--c', '3', '--k', '5'],
    ['estimate', file],
  ]) {
    const code = await cli.runCli(args, quiet);
    if (code !== 0) throw new Error(`bundle: the code cache's warm-up run passk ${args.join(' ')} exited ${code}`);
  }
} finally {
  rmSync(warmUp, { recursive: true, force: true });
}
writeFileSync(CLI_CACHE, script.createCachedData());

/**
 * 40 tasks × 10 trials (task_id, trial, success), a task's rows together: rates spread from 0 to 1
 * with tasks at 0/10 and 10/10, so the estimate takes the paths a real file's does (the inflated fit too).
 */
function warmUpResults() {
  const rows = ['task_id,trial,success'];
  for (let task = 0; task < 40; task++) {
    const successes = task < 8 ? 0 : task < 16 ? 10 : task % 11;
    for (let trial = 0; trial < 10; trial++) rows.push(`task-${task},${trial},${trial < successes ? 1 : 0}`);
  }
  return `${rows.join('\n')}\n`;
}
