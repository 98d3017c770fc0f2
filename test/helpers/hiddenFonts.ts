// Hiding the system's fonts from a process (for PNG charts that must draw with the fonts passk ships),
// and comparing the pixels of two renders. Used by test/cli/charts/pngFonts.test.ts and test/pack.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DecodedPng } from './decodePng.js';

export const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts', join(homedir(), '.fonts'), join(homedir(), '.local', 'share', 'fonts')];

/**
 * Runs `command` with the system's font folders hidden: `unshare --mount` (a private mount namespace,
 * so nothing outside sees the mounts) and an empty tmpfs over each folder that exists.
 */
export function withoutSystemFonts(command: string[], cwd?: string): SpawnSyncReturns<string> {
  const script = 'while [ "$1" != -- ]; do if [ -d "$1" ]; then mount -t tmpfs tmpfs "$1" || exit 97; fi; shift; done; shift; exec "$@"';
  return spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script, 'sh', ...FONT_DIRS, '--', ...command], { cwd, encoding: 'utf8' });
}

/** Why the font folders cannot be hidden here, or undefined when they can. */
export function cannotHideFonts(): string | undefined {
  if (process.platform !== 'linux') return `not Linux (${process.platform})`;
  if (process.getuid?.() !== 0) return 'not root (mounting over the font folders needs it)';
  // Each font folder that exists is empty once hidden (a machine may have none of them).
  const probe = withoutSystemFonts(['sh', '-c', 'for dir; do if [ -d "$dir" ] && [ -n "$(ls -A "$dir")" ]; then exit 1; fi; done', 'sh', ...FONT_DIRS]);
  if (probe.error) return `unshare(1) did not start: ${probe.error.message}`;
  if (probe.status !== 0) return `unshare --mount and a tmpfs over each font folder did not hide them (exit ${probe.status}): ${probe.stderr.trim()}`;
  return undefined;
}

/**
 * A script for `node -e` in the namespace: resvg (that of the package.json at `cliManifest`) draws the
 * SVG at `argv[1]` into the folder `argv[2]` twice, at the scale of passk's PNGs: without its <text>
 * elements (no-text.png), and as renderPng did before the fonts shipped, with the system's fonts only
 * (system-fonts.png).
 */
export const referenceRenders = (cliManifest: string): string => `
const { readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { Resvg } = createRequire(${JSON.stringify(cliManifest)})('@resvg/resvg-js');
const [svgFile, out] = process.argv.slice(1);
const svg = readFileSync(svgFile, 'utf8');
const draw = (source, font) => new Resvg(source, { fitTo: { mode: 'zoom', value: 2 }, font }).render().asPng();
writeFileSync(out + '/no-text.png', draw(svg.replace(/<text\\b[\\s\\S]*?<\\/text>/g, ''), { loadSystemFonts: false }));
writeFileSync(out + '/system-fonts.png', draw(svg, { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' }));
`;

/** How many pixels of rows [top, bottom) differ between two images of the same size. */
export function differingPixels(a: DecodedPng, b: DecodedPng, top = 0, bottom = a.height): number {
  expect([b.width, b.height, b.channels]).toEqual([a.width, a.height, a.channels]);
  let count = 0;
  for (let at = top * a.width * a.channels; at < bottom * a.width * a.channels; at += a.channels) {
    for (let channel = 0; channel < a.channels; channel++) {
      if (a.pixels[at + channel] !== b.pixels[at + channel]) {
        count++;
        break;
      }
    }
  }
  return count;
}
