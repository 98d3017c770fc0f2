import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The pre-bundled explorer script, written beside the built modules (and the CLI bundle) at build time. */
export const EXPLORER_SCRIPT_FILE = 'explorer.min.js';

/**
 * The explorer's page script: explorerEntry with @passk/sim and the CLI's number formatting in one
 * minified IIFE for an inline <script>. The built CLI reads the copy `pnpm build` wrote beside this
 * module (packages/cli/bundle.mjs, with `buildExplorerScript`), so it needs no bundler at run time;
 * run from source (tests), it bundles explorerEntry.ts with esbuild (a devDependency) instead.
 * The result is safe inside <script>…</script>: every "</script" and "<!--" is escaped.
 */
export async function bundleExplorer(): Promise<string> {
  const prebuilt = new URL(`./${EXPLORER_SCRIPT_FILE}`, import.meta.url);
  if (existsSync(prebuilt)) return readFile(prebuilt, 'utf8');
  if (bundledFromSource === undefined) {
    const built = fileURLToPath(new URL('./explorerEntry.js', import.meta.url));
    const entry = existsSync(built) ? built : fileURLToPath(new URL('./explorerEntry.ts', import.meta.url));
    bundledFromSource = buildExplorerScript(entry).then((bundled) => bundled.script);
    // A failed bundle is not kept: the next report tries again (and reports its own error).
    bundledFromSource.catch(() => (bundledFromSource = undefined));
  }
  return bundledFromSource;
}

/**
 * The script bundled from source, once per process (0.3–0.6 s of esbuild each time): a process
 * that builds several reports (the tests, in-process) bundles the same files once.
 */
let bundledFromSource: Promise<string> | undefined;

/** The explorer's script and the files bundled into it (paths as esbuild gives them, from the working folder). */
export interface ExplorerScript {
  readonly script: string;
  readonly inputs: readonly string[];
}

/**
 * Bundles the explorer entry at `entry` (its .js in dist or .ts in src) into the inline-safe IIFE;
 * @passk/sim resolves to the library's built dist like any dependency.
 */
export async function buildExplorerScript(entry: string): Promise<ExplorerScript> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
  });
  const code = result.outputFiles[0]!.text;
  return { script: code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--'), inputs: Object.keys(result.metafile.inputs) };
}
