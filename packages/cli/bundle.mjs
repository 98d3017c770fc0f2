// Build step after `tsc -b` (run by `pnpm build`, `pnpm test`, `pnpm bench`, and `pnpm passk` when stale):
// 1. the report explorer's page script, bundled once (dist/report/explorer/explorer.min.js), so the CLI
//    never runs a bundler;
// 2. the CLI as one CommonJS script, dist/bundle/cli.cjs (@passk/sim, yargs and yaml inside; each
//    command's modules run only when it is chosen), which the bin dist/bundle/passk.cjs compiles with
//    a code cache its own runtime writes (cliScript.cjs: no cache is made here or shipped).
//    charts/renderChart (vega, vega-lite: ES modules with top-level await) is an ES module beside it;
//    vega, vega-lite, resvg (a native addon) and esbuild stay external (loaded from node_modules when used);
// 3. the worker entries, as ES modules; the fonts charts are drawn with; THIRD_PARTY_NOTICES.md, the
//    licences of everything bundled;
// 4. the runner `pnpm bench` times, with its own worker, in dist/bench (not shipped).
// The bin (package.json) is dist/bundle/passk.cjs; dist/main.js still runs unbundled.
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { CHART_FONT_LICENSE, copyFonts } from './copyFonts.mjs';
import { NOTICES_FILE, thirdPartyNotices } from './thirdPartyNotices.mjs';
import { buildExplorerScript, EXPLORER_SCRIPT_FILE } from './dist/report/explorer/bundleExplorer.js';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const outdir = join(dist, 'bundle');
const benchdir = join(dist, 'bench');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** Every file bundled into what dist/bundle ships (absolute paths), for the notices. */
const bundled = new Set();
const remember = (result) => {
  // A plugin's module is named `namespace:path` (lazy-string-width: the path of the module it stands for).
  for (const input of Object.keys(result.metafile.inputs)) bundled.add(resolve(input.replace(/^[a-z][a-z-]+:/, '')));
  return result;
};
// The worker-thread runner lives in @passk/sim/node (built by tsc -b before this step).
const simNode = join(root, '..', 'sim', 'dist', 'node');

const explorer = join(dist, 'report', 'explorer', EXPLORER_SCRIPT_FILE);
const explorerScript = await buildExplorerScript(join(dist, 'report', 'explorer', 'explorerEntry.js'));
writeFileSync(explorer, explorerScript.script);
for (const input of explorerScript.inputs) bundled.add(resolve(input));

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
  // The licences of what is bundled go to THIRD_PARTY_NOTICES.md (below), from the metafiles.
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
};
// Stale chunks of earlier builds would pile up beside the new ones.
rmSync(outdir, { recursive: true, force: true });
rmSync(benchdir, { recursive: true, force: true });
// The CLI: one CommonJS script (cli.cjs) that passk.cjs compiles with its runtime's code cache;
// each command's modules run only when it is chosen (esbuild's lazy module wrappers), vega, resvg
// and esbuild load only when used. import.meta.url (the worker scripts, the explorer script and
// ../package.json are found from it) is the script's URL, given by cliScript.cjs.
remember(
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
  }),
);
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
// The copies beside the script carry two constants: the script's hash, which names the code cache
// (cliScript.cjs), and the engines range the bin checks before loading anything (launcher.cjs).
const bundleId = createHash('sha256').update(ascii).digest('hex').slice(0, 16);
writeFileSync(join(outdir, 'cliScript.cjs'), setConstant(readFileSync(join(root, 'cliScript.cjs'), 'utf8'), 'const BUNDLE_ID', bundleId));
const { nodeSatisfies } = createRequire(import.meta.url)('./launcher.cjs');
nodeSatisfies(process.versions.node, manifest.engines.node); // throws on a form the bin cannot read
writeFileSync(join(outdir, 'passk.cjs'), setConstant(readFileSync(join(root, 'launcher.cjs'), 'utf8'), 'const ENGINES', manifest.engines.node));
chmodSync(join(outdir, 'passk.cjs'), 0o755);
// Each worker and the chart renderer as single ES module files. Their names keep the workers' file names:
// runSimulation (@passk/sim/node) starts new URL('./simulateWorker.js', import.meta.url).
remember(
  await esbuild.build({
    ...common,
    entryPoints: {
      simulateWorker: join(simNode, 'simulateWorker.js'),
      renderChart: join(dist, 'charts', 'renderChart.js'),
    },
  }),
);
// The runner `pnpm bench` times as `passk simulate` runs it, with the worker it starts beside it, in
// dist/bench (not shipped). The runner and its stop signal share one StopSignal class: splitting.
await esbuild.build({
  ...common,
  outdir: benchdir,
  entryPoints: {
    runSimulation: join(simNode, 'runSimulation.js'),
    stopSignal: join(simNode, 'stopSignal.js'),
    simulateWorker: join(simNode, 'simulateWorker.js'),
  },
  splitting: true,
  chunkNames: 'runner-[hash]',
});
// The explorer script beside the bundle, where bundleExplorer looks from there.
copyFileSync(explorer, join(outdir, EXPLORER_SCRIPT_FILE));
// `passk --version` reads ../package.json from its module: from dist/bundle that is dist/package.json.
// The same name, version and module type as the package's (the nearest package.json decides that dist/*.js are ES modules).
writeFileSync(
  join(dist, 'package.json'),
  `${JSON.stringify({ name: manifest.name, version: manifest.version, type: manifest.type, private: true }, null, 2)}\n`,
);
// The fonts of PNG charts (DejaVu Sans) beside the bundle, and their licence in the notices too.
const fonts = copyFonts(dist);
const fontPackage = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'), 'utf8'));
writeFileSync(
  join(outdir, NOTICES_FILE),
  thirdPartyNotices(bundled, [
    {
      name: 'dejavu-fonts-ttf',
      version: fontPackage.version,
      licence: 'DejaVu fonts licence: Bitstream Vera and Arev',
      folder: fonts,
      files: [CHART_FONT_LICENSE],
    },
  ]),
);

/** `source` with the value of the one line `declaration = '…';` set to `value`. */
function setConstant(source, declaration, value) {
  const line = new RegExp(`^${declaration} = '[^']*';$`, 'm');
  if (!line.test(source)) throw new Error(`bundle: no line "${declaration} = '…';" to set`);
  return source.replace(line, `${declaration} = ${JSON.stringify(value).replace(/^"|"$/g, "'")};`);
}
