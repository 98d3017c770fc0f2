import { chartFormat } from '../charts/chartFormat.js';
import { checkOutputs } from '../io/checkOutputs.js';
import type { CliIo } from '../io/cliIo.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';
import { writeFilesTogether, type OutputFile } from '../io/writeFilesTogether.js';

/** The `--chart FILE` option shared by estimate, plan, simulate, sweep and fit. */
export const CHART_OPTION = {
  type: 'string',
  describe: "also write the result's natural chart: FILE.svg, FILE.png or FILE.vl.json (the vega-lite spec)",
} as const;

/** The --chart file of a result document, rendered but not yet written (with its kind, for the note). */
interface ChartOutput extends OutputFile {
  readonly kind: string;
}

/**
 * The natural chart of a result document when --chart was given, rendered (undefined without
 * --chart). It is drawn from the document as it is written (JSON), checked against its kind's
 * schema like a file `passk chart` reads. Rendering first lets a command write the chart together
 * with its other outputs and print only when all of them are written.
 */
async function chartOutput(document: object, path: string | undefined): Promise<ChartOutput | undefined> {
  if (path === undefined) return undefined;
  // Loaded only when a chart is asked for: vega is large.
  const { naturalChart } = await import('../charts/chartsFor.js');
  const { chartFileContent } = await import('../charts/writeChart.js');
  const chart = naturalChart(checkWrittenDocument(JSON.stringify(document)));
  return { path, content: await chartFileContent(chart, path), kind: chart.kind };
}

/**
 * Writes a command's output files and, with --chart, the natural chart of `document`, all of them
 * or none (writeFilesTogether), with a note on stderr for the chart. Commands call it before they
 * print, so an output that cannot be written leaves no output at all.
 */
export async function writeWithChart(files: readonly OutputFile[], document: object, chartPath: string | undefined, io: CliIo): Promise<void> {
  const chart = await chartOutput(document, chartPath);
  await writeFilesTogether(chart === undefined ? files : [...files, chart]);
  if (chart !== undefined) io.stderr(`passk: wrote ${chart.kind} chart to ${chart.path}\n`);
}

/** The --chart file alone (estimate, plan, compare): writeWithChart without other files. */
export async function writeChartOption(document: object, path: string | undefined, io: CliIo): Promise<void> {
  await writeWithChart([], document, path, io);
}

/**
 * Checks --chart up front, so a mistake fails before a long run rather than after it: its
 * extension, and that the path can take the chart (checkOutputs: a regular file or a new path, not
 * a folder, a device or a FIFO, and none of `inputs`, resolved against `cwd`).
 */
export function checkChartOption(path: string | undefined, inputs: readonly string[] = [], cwd: string = process.cwd()): void {
  if (path === undefined) return;
  chartFormat(path);
  checkOutputs([{ path, option: '--chart' }], inputs, cwd);
}
