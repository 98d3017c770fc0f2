import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
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
 * with the system fonts and DejaVu Sans for the theme's family.
 */
export async function renderPng(spec: object, options: { scale?: number } = {}): Promise<Uint8Array> {
  const scale = options.scale ?? 2;
  const svg = await renderSvg(spec);
  const { Resvg } = await import('@resvg/resvg-js'); // native addon: loaded for PNG only
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: true, defaultFontFamily: RENDER_FONT, sansSerifFamily: RENDER_FONT },
  });
  return resvg.render().asPng();
}
