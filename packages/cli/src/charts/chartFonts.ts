import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The fonts PNG charts are drawn with ship with the package: without them, a machine with no system
 * fonts (a slim container, a CI image) would get charts without a letter of text. They are the faces
 * of DejaVu Sans (the theme's family) the charts use: regular, bold (titles, headers, labels) and
 * oblique (the italic region labels of fit-pass-rates), from the npm package dejavu-fonts-ttf, copied
 * by the build (packages/cli/copyFonts.mjs) with their licence.
 */
export const CHART_FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'] as const;
/** The fonts' licence (Bitstream Vera's with DejaVu's and Arev's notes), copied beside them. */
export const CHART_FONT_LICENSE = 'LICENSE';
/** Their folder inside dist: dist/bundle/fonts, beside the bundled renderer (the package ships dist/bundle). */
export const CHART_FONTS_DIR = 'bundle/fonts';

/**
 * The paths of the chart fonts. This module is two folders below the package's root wherever it
 * runs — src/charts (tests, from source), dist/charts (tsc's output) and dist/bundle (bundled into
 * renderChart.js) — so the fonts are ../../dist/bundle/fonts from its URL in each. A missing file is
 * an error (a broken build or install), never a chart drawn without text.
 */
export function chartFontFiles(): string[] {
  const dir = new URL(`../../dist/${CHART_FONTS_DIR}/`, import.meta.url);
  const files = CHART_FONT_FILES.map((name) => fileURLToPath(new URL(name, dir)));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0)
    throw new Error(`the fonts of PNG charts are missing: ${missing.join(', ')} (the build copies them there: packages/cli/copyFonts.mjs)`);
  return files;
}
