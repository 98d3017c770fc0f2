import { writeFileAtomic } from '../io/writeFileAtomic.js';
import type { ChartSpec } from './chartSpec.js';
import { chartFormat } from './chartFormat.js';
import { labelledSvg } from './labelledSvg.js';
import { loadChartRenderer } from './loadChartRenderer.js';

/**
 * A chart as the file `path` names by its extension: `.svg` (an image titled and described for
 * screen readers), `.png` or `.vl.json` (the vega-lite spec itself). An unknown extension is one
 * InputError naming the path.
 */
export async function chartFileContent(chart: ChartSpec, path: string): Promise<string | Uint8Array> {
  const format = chartFormat(path);
  if (format === 'vl.json') return `${JSON.stringify(chart.spec, null, 2)}\n`;
  // vega (and resvg for PNG) load only when a chart is drawn: they are most of the CLI's start-up.
  const { renderPng, renderSvg } = await loadChartRenderer();
  if (format === 'svg') return labelledSvg(await renderSvg(chart.spec), 'chart', chart.title, chart.caption);
  return await renderPng(chart.spec);
}

/**
 * Writes a chart (chartFileContent). It is rendered before the file is touched and written
 * atomically, so a failure leaves no file behind (not even a temporary one); an unwritable path is
 * one InputError naming the path.
 */
export async function writeChart(chart: ChartSpec, path: string): Promise<void> {
  await writeFileAtomic(path, await chartFileContent(chart, path));
}
