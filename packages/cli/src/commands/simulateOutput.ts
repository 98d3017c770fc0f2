import { bodyParts, renderTerminal } from '../format/terminalReport.js';
import { viewOf, type TerminalArgs } from './terminalOptions.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';
import { join } from 'node:path';
import { InputError, scenarioToInput, type PilotReport, type Summary } from '@passk/sim/internal';
import { stringify } from 'yaml';
import { formatSummary, summaryCsv } from '../format/summaryOutput.js';
import { summaryDocument } from '../format/summaryDocument.js';
import type { CliIo } from '../io/cliIo.js';
import type { ObservedFromLog } from '../format/observedFromLog.js';
import { writeWithChart } from './chartOption.js';

export interface SummaryOutputArgs extends TerminalArgs {
  json: boolean;
  csv: boolean;
  out?: string;
  chart?: string;
}

/**
 * Prints a summary as a table, JSON or CSV, and with --out writes summary.json, summary.csv and
 * the resolved scenario (scenario.yaml) into the folder, and with --chart the chart, all of them
 * together (atomically) before it prints. `shards` (merge --allow-partial:
 * the shards the result lacks) is added to the JSON; `observed` (simulate --tasks-from: the log's
 * own values) to the JSON, the text and the CSV.
 */
export async function emitSummary(
  summary: Summary,
  pilot: PilotReport | null,
  args: SummaryOutputArgs,
  io: CliIo,
  extra: { readonly shards?: object | null; readonly observed?: ObservedFromLog | null; readonly appendix?: string } = {},
): Promise<void> {
  requireOneFormat(args);
  const { shards = null, observed = null } = extra;
  const document = summaryDocument(summary, pilot, observed);
  // A merge of an incomplete set of shards (--allow-partial) lists what it lacks.
  const json = `${JSON.stringify(shards === null ? document : { ...document, shards }, null, 2)}\n`;
  checkWrittenDocument(json);
  const summaryFiles =
    args.out === undefined
      ? []
      : [
          { path: join(args.out, 'summary.json'), content: json },
          { path: join(args.out, 'summary.csv'), content: summaryCsv(summary, observed) },
          { path: join(args.out, 'scenario.yaml'), content: stringify(scenarioToInput(summary.scenario)) },
        ];
  // All of them or none: a failure on the last (the chart's path, say) leaves no first ones.
  await writeWithChart(summaryFiles, document, args.chart, io);
  if (args.out !== undefined) io.stderr(`passk: wrote ${join(args.out, 'summary.json')}, summary.csv and scenario.yaml\n`);
  if (args.json) io.stdout(json);
  else if (args.csv) io.stdout(summaryCsv(summary, observed));
  else {
    const report = formatSummary(summary, pilot, observed);
    const body = extra.appendix === undefined ? report.body : [...bodyParts(report), { text: `\n${extra.appendix}` }];
    io.stdout(renderTerminal({ ...report, body }, viewOf(io, args)));
  }
}

/** --json and --csv choose the printed format: at most one of them. */
export function requireOneFormat(args: SummaryOutputArgs): void {
  if (args.json && args.csv) throw new InputError('--json/--csv', 'choose one output format');
}
