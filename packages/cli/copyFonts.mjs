// Build step (called by bundle.mjs after tsc -b): the fonts of PNG charts into dist/bundle/fonts,
// where charts/chartFonts.ts finds them and the package ships them (`files`: dist/bundle). They come
// from the devDependency dejavu-fonts-ttf (DejaVu Sans: the Bitstream Vera licence, free to
// redistribute), with its LICENSE.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CHART_FONT_FILES, CHART_FONT_LICENSE, CHART_FONTS_DIR } from './dist/charts/chartFonts.js';

export { CHART_FONT_FILES, CHART_FONT_LICENSE, CHART_FONTS_DIR };

/** Copies the chart fonts and their licence into `distDir`/bundle/fonts (made afresh); returns that folder. */
export function copyFonts(distDir) {
  const from = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
  const to = join(distDir, CHART_FONTS_DIR);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const name of CHART_FONT_FILES) copyFileSync(join(from, 'ttf', name), join(to, name));
  copyFileSync(join(from, 'LICENSE'), join(to, CHART_FONT_LICENSE));
  return to;
}
