import { resolve } from 'node:path';
import { InputError } from '@passk/sim';
import type { CommandModule } from 'yargs';
import { CHART_KIND_DESCRIPTIONS, CHART_KINDS, isChartKind } from '../charts/chartKinds.js';
import { chartFormat } from '../charts/chartFormat.js';
import { buildChart } from '../charts/chartsFor.js';
import { resultKindOf } from '../charts/resultFields.js';
import { writeChart } from '../charts/writeChart.js';
import type { CliIo } from '../io/cliIo.js';
import { refuseOverwritingInputs } from '../io/refuseOverwritingInputs.js';
import { readJsonFile } from '../io/readTextFile.js';

interface ChartArgs {
  kind: string;
  from: string[];
  out: string;
}

/**
 * `passk chart KIND --from RESULT.json … --out FILE`: one chart from the JSON results of estimate,
 * plan or simulate, written as .svg, .png or .vl.json (the vega-lite spec itself).
 */
export function chartCommand(io: CliIo): CommandModule<object, ChartArgs> {
  return {
    command: 'chart <kind>',
    builder: (y) =>
      y
        .positional('kind', { type: 'string', demandOption: true, describe: `the chart: ${CHART_KINDS.join(', ')}` })
        .option('from', { type: 'string', array: true, demandOption: true, describe: 'result file(s) written with --json; cost-frontier takes several' })
        .option('out', { type: 'string', demandOption: true, describe: 'output file: .svg, .png or .vl.json (the vega-lite spec)' })
        .example('$0 chart pass-curves --from estimate.json --out curves.svg', 'pass@k and pass^k against k')
        .example('$0 chart cost-frontier --from a.json --from b.json --out frontier.png', 'two policies on one cost frontier')
        .epilogue(`Charts:\n${CHART_KINDS.map((kind) => `  ${kind.padEnd(16)} ${CHART_KIND_DESCRIPTIONS[kind]}`).join('\n')}`),
    handler: async (args) => {
      if (!isChartKind(args.kind)) throw new InputError('KIND', `must be one of ${CHART_KINDS.join(', ')}`, args.kind);
      chartFormat(args.out, '--out');
      refuseOverwritingInputs([{ path: args.out, option: '--out' }], args.from, io.cwd);
      const results = await Promise.all(args.from.map((path) => readResultFile(resolve(io.cwd, path), path)));
      const chart = buildChart(args.kind, results);
      await writeChart(chart, resolve(io.cwd, args.out));
      io.stderr(`passk: wrote ${args.out} (${chart.kind})\n`);
    },
  };
}

/** A result document from a file; `name` is the path as the user gave it (for messages). */
async function readResultFile(path: string, name: string): Promise<object> {
  const value = await readJsonFile(path, 'a passk result (written with --json)', name);
  resultKindOf(value, name);
  return value as object;
}
