// Build step after `tsc -b` (run by `pnpm build`, `pnpm passk`, `pnpm test`, `pnpm bench`):
// 1. the report explorer's page script, bundled once (dist/report/explorer/explorer.min.js), so the CLI
//    never runs a bundler;
// 2. the CLI as a few ESM files in dist/bundle/ (passk.js, the two worker entries, shared chunks), with
//    @passk/sim, yargs and yaml inside: a command loads a handful of files instead of ~200 modules.
//    Each command, vega/vega-lite (charts) and resvg (PNG) stay behind dynamic imports; vega, vega-lite,
//    resvg (a native addon) and esbuild stay external (loaded from node_modules when used).
// The bin (package.json) is dist/bundle/passk.js; dist/main.js still runs unbundled.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
// The CLI: one entry, split at its dynamic imports (one chunk set per command, vega behind charts).
await esbuild.build({ ...common, entryPoints: { passk: join(dist, 'main.js') }, splitting: true, chunkNames: 'chunk-[hash]' });
// Each worker, and the runner `pnpm bench` times as `passk simulate` runs it, as single files: built
// apart so that they add no split points to the CLI's chunks. Their names keep the workers' file names:
// runSimulation (@passk/sim/node) and csvRangeRunner start new URL('./simulateWorker.js' | './csvRangeWorker.js', import.meta.url).
await esbuild.build({
  ...common,
  entryPoints: {
    simulateWorker: join(simNode, 'simulateWorker.js'),
    csvRangeWorker: join(dist, 'io', 'csvRangeWorker.js'),
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
