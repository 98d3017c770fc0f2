import { InputError } from '@passk/sim';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import type { ChartSpec } from './chartsFor.js';
import { renderPng, renderSvg } from './renderChart.js';

/**
 * Writes a chart by the extension of `path`: `.svg`, `.png` or `.vl.json` (the vega-lite spec
 * itself). The chart is rendered before the file is touched and written atomically, so a failure
 * leaves no file behind (not even a temporary one); an unknown extension or an unwritable path is
 * one InputError naming the path.
 */
export async function writeChart(chart: ChartSpec, path: string): Promise<void> {
  const format = chartFormat(path);
  if (format === 'vl.json') await writeFileAtomic(path, `${JSON.stringify(chart.spec, null, 2)}\n`);
  else if (format === 'svg') await writeFileAtomic(path, await renderSvg(chart.spec));
  else await writeFileAtomic(path, await renderPng(chart.spec));
}

/** The output format a chart path asks for, by extension; anything else is an InputError (checked before long work starts). */
export function chartFormat(path: string): 'svg' | 'png' | 'vl.json' {
  const lower = path.toLowerCase();
  if (lower.endsWith('.vl.json')) return 'vl.json';
  if (lower.endsWith('.svg')) return 'svg';
  if (lower.endsWith('.png')) return 'png';
  throw new InputError(path, 'must end in .svg, .png or .vl.json (the extension chooses the format)');
}
