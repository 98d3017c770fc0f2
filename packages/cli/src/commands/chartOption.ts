import { chartFormat } from '../charts/chartFormat.js';
import type { CliIo } from '../io/cliIo.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import type { OutputFile } from '../io/writeFilesTogether.js';

/** The `--chart FILE` option shared by estimate, plan, simulate, sweep and fit. */
export const CHART_OPTION = {
  type: 'string',
  describe: "also write the result's natural chart: FILE.svg, FILE.png or FILE.vl.json (the vega-lite spec)",
} as const;

/** The --chart file of a result document, rendered but not yet written (with its kind, for the note). */
export interface ChartOutput extends OutputFile {
  readonly kind: string;
}

/**
 * The natural chart of a result document when --chart was given, rendered (undefined without
 * --chart). It is drawn from the document as it is written (JSON), checked against its kind's
 * schema like a file `passk chart` reads. Rendering first lets a command write the chart together
 * with its other outputs and print only when all of them are written.
 */
export async function chartOutput(document: object, path: string | undefined): Promise<ChartOutput | undefined> {
  if (path === undefined) return undefined;
  // Loaded only when a chart is asked for: vega is large.
  const { naturalChart } = await import('../charts/chartsFor.js');
  const { chartFileContent } = await import('../charts/writeChart.js');
  const chart = naturalChart(checkWrittenDocument(JSON.stringify(document)));
  return { path, content: await chartFileContent(chart, path), kind: chart.kind };
}

/** The note on stderr for a chart written. */
export function chartWritten(chart: ChartOutput, io: CliIo): void {
  io.stderr(`passk: wrote ${chart.kind} chart to ${chart.path}\n`);
}

/**
 * Writes the natural chart of a result document when --chart was given (atomically; a note on
 * stderr). Commands call it before they print, so a chart that cannot be written leaves no output.
 */
export async function writeChartOption(document: object, path: string | undefined, io: CliIo): Promise<void> {
  const chart = await chartOutput(document, path);
  if (chart === undefined) return;
  await writeFileAtomic(chart.path, chart.content);
  chartWritten(chart, io);
}

/** Checks --chart's extension up front, so a typo fails before a long run rather than after it. */
export function checkChartOption(path: string | undefined): void {
  if (path !== undefined) chartFormat(path);
}
