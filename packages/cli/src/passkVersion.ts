import { readFileSync } from 'node:fs';

/**
 * The version of this passk CLI, from the package.json one folder above the running module:
 * packages/cli/package.json for the compiled dist/*.js, and dist/package.json (written by
 * bundle.mjs with the same version) for the bundle in dist/bundle/.
 */
export function passkVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
