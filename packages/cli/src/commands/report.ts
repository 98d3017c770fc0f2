import { requireUnit } from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io/cliIo.js';
import { checkOutputs } from '../io/checkOutputs.js';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import { readResultFile } from '../report/readResultFile.js';

interface ReportArgs {
  results: string[];
  out: string;
  title?: string;
  'max-wrong-delivery'?: number;
}

/** `passk report RESULT.json… --out report.html`: one self-contained HTML page for a review. */
export function reportCommand(io: CliIo): CommandModule<object, ReportArgs> {
  return {
    command: 'report <results..>',
    builder: (y) =>
      y
        .positional('results', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: 'result files written with --json (estimate, plan, simulate, merge, sweep)',
        })
        .option('out', { type: 'string', demandOption: true, describe: 'the HTML file to write (atomically)' })
        .option('title', { type: 'string', describe: 'page heading (default "passk report")' })
        .option('max-wrong-delivery', {
          type: 'number',
          describe: "limit on the delivered-wrong rate (0..1): drawn on the delivery chart; each policy's best k is the most correct within it",
        })
        .example('$0 simulate --json > sim.json && $0 report sim.json --out report.html', 'a report of one simulation')
        .example('$0 report a.json b.json plan.json --out review.html', 'several results in one page; simulations share a cost frontier'),
    handler: async (args) => {
      const maxWrongDelivery = args['max-wrong-delivery'] === undefined ? null : requireUnit('--max-wrong-delivery', args['max-wrong-delivery']);
      checkOutputs([{ path: args.out, option: '--out' }], args.results, io.cwd);
      const inputs = [];
      for (const file of args.results) inputs.push(await readResultFile(file));
      // Loaded here, not at start-up: the renderer (vega) and the bundler (esbuild) cost every other command time.
      const { buildReport } = await import('../report/buildReport.js');
      const command = [
        'passk report',
        ...args.results,
        ...(maxWrongDelivery === null ? [] : ['--max-wrong-delivery', String(maxWrongDelivery)]),
        '--out',
        args.out,
      ].join(' ');
      const page = await buildReport(inputs, { title: args.title, maxWrongDelivery, commands: [command] });
      await writeFileAtomic(args.out, page);
      io.stderr(`passk: wrote ${args.out}\n`);
    },
  };
}
