import { chartFormat } from '../charts/chartFormat.js';
import type { CliIo } from '../io/cliIo.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';

/** The `--chart FILE` option shared by estimate, plan, simulate, sweep and fit. */
export const CHART_OPTION = {
  type: 'string',
  describe: "also write the result's natural chart: FILE.svg, FILE.png or FILE.vl.json (the vega-lite spec)",
} as const;

/**
 * Writes the natural chart of a result document when --chart was given (atomically; a note on
 * stderr). The chart is drawn from the document as it is written (JSON), checked against its
 * kind's schema like a file `passk chart` reads.
 */
export async function writeChartOption(document: object, path: string | undefined, io: CliIo): Promise<void> {
  if (path === undefined) return;
  // Loaded only when a chart is asked for: vega is large.
  const { naturalChart } = await import('../charts/chartsFor.js');
  const { writeChart } = await import('../charts/writeChart.js');
  const chart = naturalChart(checkWrittenDocument(JSON.stringify(document)));
  await writeChart(chart, path);
  io.stderr(`passk: wrote ${chart.kind} chart to ${path}\n`);
}

/** Checks --chart's extension up front, so a typo fails before a long run rather than after it. */
export function checkChartOption(path: string | undefined): void {
  if (path !== undefined) chartFormat(path);
}
