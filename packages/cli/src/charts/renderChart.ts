import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { chartFontFiles } from './chartFonts.js';
import { RENDER_FONT } from './theme.js';

/** A vega-lite spec compiled to vega, with the warnings vega-lite logged while compiling. */
export interface CompiledChart {
  readonly vega: vega.Spec;
  readonly warnings: readonly string[];
}

/** vega-lite → vega; warnings are collected, never printed (the CLI writes nothing it did not mean to). */
export function compileChart(spec: object): CompiledChart {
  const warnings: string[] = [];
  const logger = vega.logger(vega.Warn, undefined, (_method, level, args) => {
    warnings.push(`${level} ${args.map(String).join(' ')}`);
  });
  const compiled = compile(spec as TopLevelSpec, { logger });
  return { vega: compiled.spec, warnings };
}

/**
 * vega-lite → vega → SVG, headless (no canvas: text widths are vega's estimates, which err on the
 * wide side, so labels get room rather than overlap).
 */
export async function renderSvg(spec: object): Promise<string> {
  const view = new vega.View(vega.parse(compileChart(spec).vega), { renderer: 'none', logLevel: vega.None });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * The SVG rasterised by resvg at `scale` × its size (default 2, sharp on high-density screens),
 * with the DejaVu Sans that ships with the package (chartFonts.ts) as the theme's family and the
 * default, so text is drawn on a machine without fonts; the system fonts too, for characters
 * DejaVu Sans lacks (CJK in a task name, say). resvg-js loads the files before the system's fonts,
 * so the shipped faces are drawn even where the system has its own DejaVu Sans.
 */
export async function renderPng(spec: object, options: { scale?: number } = {}): Promise<Uint8Array> {
  const scale = options.scale ?? 2;
  const svg = await renderSvg(spec);
  const { Resvg } = await import('@resvg/resvg-js'); // native addon: loaded for PNG only
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { fontFiles: chartFontFiles(), loadSystemFonts: true, defaultFontFamily: RENDER_FONT, sansSerifFamily: RENDER_FONT },
  });
  return resvg.render().asPng();
}
