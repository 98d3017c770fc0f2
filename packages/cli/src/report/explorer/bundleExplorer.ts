import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

/**
 * The explorer's page script: explorerEntry with @passk/sim and the CLI's number formatting,
 * bundled by esbuild into one minified IIFE for an inline <script>. The entry is found beside this
 * module (the built .js in dist, so an installed CLI works; the .ts source when run from source),
 * and @passk/sim resolves to the library's built dist like any dependency.
 * The result is safe inside <script>…</script>: every "</script" and "<!--" is escaped.
 */
export async function bundleExplorer(): Promise<string> {
  const built = fileURLToPath(new URL('./explorerEntry.js', import.meta.url));
  const entry = existsSync(built) ? built : fileURLToPath(new URL('./explorerEntry.ts', import.meta.url));
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
  });
  const code = result.outputFiles[0]!.text;
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}
