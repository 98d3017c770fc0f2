// PNG charts are drawn with the fonts that ship with the package (packages/cli/src/charts/chartFonts.ts,
// copied to dist/bundle/fonts by packages/cli/copyFonts.mjs), so a machine without system fonts (a
// slim container, a CI image) still gets their text: issue #37, where such a PNG had no text at all and
// the command exited 0. The built CLI runs in a mount namespace of its own with every folder of system
// fonts (fontconfig's: /etc/fonts/fonts.conf) hidden under an empty tmpfs, which needs root and
// unshare(1): without them the test is skipped and says why, outside CI (under CI it fails).
// The check is on pixels, against two renders of the chart's SVG by resvg in the same namespace: one
// with its text elements removed, and one as passk drew PNGs before the fonts shipped (system fonts
// only), which must come out the same as the first, or the fonts were not hidden and the test proves
// nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_FONT_FILES, CHART_FONT_LICENSE, CHART_FONTS_DIR } from '../../../packages/cli/src/charts/chartFonts.js';
import { decodePng } from '../../helpers/decodePng.js';
import { cannotHideFonts, differingPixels, referenceRenders, withoutSystemFonts } from '../../helpers/hiddenFonts.js';
import { fixture, REPO_ROOT } from '../../helpers/runPassk.js';
import { tempDir } from '../../helpers/tempDir.js';

const CLI = `${REPO_ROOT}packages/cli/dist/bundle/passk.cjs`;
const unavailable = cannotHideFonts();
const skip = unavailable !== undefined && process.env.CI !== 'true';

describe('the fonts of PNG charts', () => {
  it('are in the bundle with their licence, where the package ships them', () => {
    for (const name of [...CHART_FONT_FILES, CHART_FONT_LICENSE]) {
      expect(readFileSync(`${REPO_ROOT}packages/cli/dist/${CHART_FONTS_DIR}/${name}`).length, name).toBeGreaterThan(0);
    }
    expect(readFileSync(`${REPO_ROOT}packages/cli/dist/${CHART_FONTS_DIR}/${CHART_FONT_LICENSE}`, 'utf8')).toContain('Bitstream Vera');
  });
});

describe.skipIf(skip)(`PNG charts without system fonts${skip ? ` (skipped: ${unavailable}, and CI is not set)` : ''}`, () => {
  it('have their text: titles, labels, headers and the italic notes of fit-pass-rates', () => {
    expect(unavailable, 'the font folders can be hidden').toBeUndefined();
    const dir = tempDir('png-fonts');
    const from = fixture('charts/fit-tau-bench.json');
    const png = join(dir, 'chart.png');
    const svg = join(dir, 'chart.svg');
    const run = withoutSystemFonts([
      'sh',
      '-c',
      '"$0" "$1" chart fit-pass-rates --from "$2" --out "$3" && "$0" "$1" chart fit-pass-rates --from "$2" --out "$4" && "$0" -e "$5" "$4" "$6"',
      process.execPath,
      CLI,
      from,
      png,
      svg,
      referenceRenders(`${REPO_ROOT}packages/cli/package.json`),
      dir,
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toBe(`passk: wrote ${png} (fit-pass-rates)\npassk: wrote ${svg} (fit-pass-rates)\n`);
    const chart = decodePng(readFileSync(png));
    const noText = decodePng(readFileSync(join(dir, 'no-text.png')));
    const systemFonts = decodePng(readFileSync(join(dir, 'system-fonts.png')));
    // The fonts are hidden: with the system's fonts only, not one pixel of text is drawn.
    expect(differingPixels(systemFonts, noText)).toBe(0);
    // passk's PNG has its text. The title's first line is bold 15 px at y 12–30 of the SVG (the
    // theme's padding and title size), rows 24–60 at scale 2; the rest is every other label.
    expect(differingPixels(chart, noText, 0, 60)).toBeGreaterThan(3000);
    expect(differingPixels(chart, noText)).toBeGreaterThan(30_000);
  });
});

describe('decodePng', () => {
  it('gives the pixels resvg drew (its own RGBA, an independent source)', async () => {
    const { createRequire } = await import('node:module');
    // What this test uses of @resvg/resvg-js, a dependency of packages/cli (not resolvable from test/).
    type ResvgModule = { Resvg: new (svg: string) => { render(): { pixels: Buffer; asPng(): Buffer } } };
    const { Resvg } = createRequire(`${REPO_ROOT}packages/cli/package.json`)('@resvg/resvg-js') as ResvgModule;
    // Opaque (a white background), so resvg's premultiplied RGBA is the plain RGBA the PNG holds.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="37" height="23"><rect width="37" height="23" fill="white"/><circle cx="15" cy="11" r="9" fill="#0072B2"/><path d="M0 22 L36 0" stroke="#E69F00" stroke-width="3"/></svg>';
    const image = new Resvg(svg).render();
    const decoded = decodePng(image.asPng());
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([37, 23, 4]);
    expect(Buffer.from(decoded.pixels).equals(Buffer.from(image.pixels))).toBe(true);
  });
});
