import { writeFileAtomic } from '../io/writeFileAtomic.js';
import type { ChartSpec } from './chartSpec.js';
import { chartFormat } from './chartFormat.js';
import { labelledSvg } from './labelledSvg.js';

/**
 * Writes a chart by the extension of `path`: `.svg` (an image titled and described for screen
 * readers), `.png` or `.vl.json` (the vega-lite spec itself). The chart is rendered before the file is touched and written atomically, so a failure
 * leaves no file behind (not even a temporary one); an unknown extension or an unwritable path is
 * one InputError naming the path.
 */
export async function writeChart(chart: ChartSpec, path: string): Promise<void> {
  const format = chartFormat(path);
  if (format === 'vl.json') {
    await writeFileAtomic(path, `${JSON.stringify(chart.spec, null, 2)}\n`);
    return;
  }
  // vega (and resvg for PNG) load only when a chart is drawn: they are most of the CLI's start-up.
  const { renderPng, renderSvg } = await import('./renderChart.js');
  if (format === 'svg') await writeFileAtomic(path, labelledSvg(await renderSvg(chart.spec), 'chart', chart.title, chart.caption));
  else await writeFileAtomic(path, await renderPng(chart.spec));
}
