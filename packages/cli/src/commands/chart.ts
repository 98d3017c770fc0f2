import { resolve } from 'node:path';
import { InputError, requireUnit } from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import { CHART_KIND_DESCRIPTIONS, CHART_KINDS, isChartKind } from '../charts/chartKinds.js';
import { chartFormat } from '../charts/chartFormat.js';
import { buildChart } from '../charts/chartsFor.js';
import { checkResultDocument } from '../results/checkResultDocument.js';
import type { ResultDocument } from '../results/resultSchemas.js';
import { writeChart } from '../charts/writeChart.js';
import type { CliIo } from '../io/cliIo.js';
import { checkOutputs } from '../io/checkOutputs.js';
import { readJsonFile } from '../io/readTextFile.js';

interface ChartArgs {
  kind: string;
  from: string[];
  out: string;
  'max-wrong-delivery'?: number;
  'log-k'?: boolean;
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
        .option('from', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'result file(s) written with --json; delivery and cost-frontier take several',
        })
        .option('out', { type: 'string', demandOption: true, describe: 'output file: .svg, .png or .vl.json (the vega-lite spec)' })
        .option('max-wrong-delivery', { type: 'number', describe: "delivery: draw this limit (0..1) and mark each policy's best k within it" })
        .option('log-k', { type: 'boolean', describe: 'pass-curves: k on a log axis (default: when k spans more than a decade)' })
        .example('$0 chart pass-curves --from estimate.json --out curves.svg', 'pass@k and pass^k against k')
        .example('$0 chart cost-frontier --from a.json --from b.json --out frontier.png', 'two policies on one cost frontier')
        .example(
          '$0 chart delivery --from a.json --from b.json --max-wrong-delivery 0.05 --out delivery.svg',
          'two policies, the limit drawn, the best k ringed',
        )
        .epilogue(`Charts:\n${CHART_KINDS.map((kind) => `  ${kind.padEnd(16)} ${CHART_KIND_DESCRIPTIONS[kind]}`).join('\n')}`),
    handler: async (args) => {
      if (!isChartKind(args.kind)) throw new InputError('KIND', `must be one of ${CHART_KINDS.join(', ')}`, args.kind);
      chartFormat(args.out, '--out');
      checkOutputs([{ path: args.out, option: '--out' }], args.from, io.cwd);
      const results = [];
      for (const path of args.from) results.push(await readResultFile(resolve(io.cwd, path), path)); // the first bad file named is the one reported
      const maxWrongDelivery = args['max-wrong-delivery'] === undefined ? null : requireUnit('--max-wrong-delivery', args['max-wrong-delivery']);
      const chart = buildChart(args.kind, results, { maxWrongDelivery, ...(args['log-k'] === undefined ? {} : { logK: args['log-k'] }) });
      await writeChart(chart, resolve(io.cwd, args.out));
      io.stderr(`passk: wrote ${args.out} (${chart.kind})\n`);
    },
  };
}

/** A result document from a file, checked against its kind's schema; `name` is the path as the user gave it (for messages). */
async function readResultFile(path: string, name: string): Promise<ResultDocument> {
  return checkResultDocument(await readJsonFile(path, 'a passk result (written with --json)', name, 'result'), name);
}
