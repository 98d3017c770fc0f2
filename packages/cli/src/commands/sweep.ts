import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  applySweepPoint,
  bestUnderConstraints,
  efficientFrontier,
  exactValuesFor,
  parseSweepAxis,
  requireInteger,
  requireNonNegative,
  resolveScenario,
  scenarioToInput,
  summarise,
  sweepGrid,
  type SummaryRow,
  type SweepPoint,
} from '@passk/sim';
import type { CommandModule } from 'yargs';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { SweepPointResult } from '../format/sweepDocument.js';
import { formatSweep } from '../format/sweepOutput.js';
import type { CliIo } from '../io/cliIo.js';
import { readScenarioFile } from '../io/readScenarioFile.js';
import { writeFileAtomic } from '../io/writeFileAtomic.js';
import { runSimulation } from '../run/runSimulation.js';
import { CHART_OPTION, checkChartOption, writeChartOption } from './chartOption.js';
import { StopSignal } from '../run/stopSignal.js';

interface SweepArgs {
  file: string;
  vary: string[];
  'max-cost'?: number;
  'max-wrong-delivery'?: number;
  replicates?: number;
  workers: number;
  json: boolean;
  out?: string;
  chart?: string;
}


/**
 * `passk sweep SCENARIO --vary path=values …`: the scenario at every grid point, all with the same
 * seed — so every point sees the same random streams (common random numbers), and differences
 * between points are not blurred by independent noise.
 */
export function sweepCommand(io: CliIo): CommandModule<object, SweepArgs> {
  return {
    command: 'sweep <file>',
    builder: (y) =>
      y
        .positional('file', { type: 'string', demandOption: true, describe: 'scenario (YAML or JSON)' })
        .option('vary', { type: 'string', array: true, demandOption: true, describe: 'path=values, e.g. policy.maxAttempts=1..16 (repeatable)' })
        .option('max-cost', { type: 'number', describe: 'constraint: mean cost per episode at most this' })
        .option('max-wrong-delivery', { type: 'number', describe: 'constraint: wrong-delivery rate at most this' })
        .option('replicates', { type: 'number', describe: 'override run.replicates at every point' })
        .option('workers', { type: 'number', default: availableParallelism(), defaultDescription: 'the number of cores', describe: 'worker threads (results are identical for any number)' })
        .option('json', { type: 'boolean', default: false })
        .option('out', { type: 'string', describe: 'write sweep.json into this folder' })
        .option('chart', CHART_OPTION)
        .example('$0 sweep scenario.yaml --vary policy.maxAttempts=1..8 --vary verifier.falseAccept=0,0.05 --max-wrong-delivery 0.02', ''),
    handler: async (args) => {
      const workers = requireInteger('--workers', args.workers, 1, 256);
      checkChartOption(args.chart);
      const constraints = {
        maxCost: args['max-cost'] === undefined ? null : requireNonNegative('--max-cost', args['max-cost']),
        maxWrongDelivery: args['max-wrong-delivery'] === undefined ? null : requireNonNegative('--max-wrong-delivery', args['max-wrong-delivery']),
      };
      const base = await readScenarioFile(args.file);
      const baseInput = scenarioToInput(base);
      const grid = sweepGrid(args.vary.map((text) => parseSweepAxis(text)));
      const stop = new StopSignal();
      const results: { values: SweepPoint; outcome: SummaryRow }[] = [];
      for (const [i, values] of grid.entries()) {
        const input = applySweepPoint(baseInput, values) as unknown as Record<string, unknown>;
        if (args.replicates !== undefined) input.run = { replicates: requireInteger('--replicates', args.replicates, 1) };
        const where = Object.entries(values).map(([path, value]) => `${path}=${String(value)}`).join(', ');
        const scenario = resolveScenario(input, { source: `${args.file} with ${where}` });
        const partial = await runSimulation(scenario, { workers, stop });
        const summary = summarise(scenario, partial, exactValuesFor(scenario));
        results.push({ values, outcome: summary.rows[summary.rows.length - 1]! });
        if (args.json === false && io.stderrIsTTY) io.stderr(`\rsweep: ${i + 1}/${grid.length} points`);
      }
      if (io.stderrIsTTY && !args.json) io.stderr('\n');
      const metrics = results.map(({ outcome }) => ({
        cost: outcome.cost.value ?? Infinity,
        deliveredCorrect: outcome.deliveredCorrect.value ?? 0,
        deliveredWrong: outcome.deliveredWrong.value ?? 1,
      }));
      const frontier = efficientFrontier(metrics);
      const best = bestUnderConstraints(metrics, constraints);
      const points: SweepPointResult[] = results.map((result, i) => ({ ...result, onFrontier: frontier.includes(i) }));
      const document = withKind(RESULT_KINDS.sweep, {
        seed: base.seed,
        scenario: base,
        vary: args.vary,
        commonRandomNumbers: 'every point uses the seed of the scenario, so all points share their random streams',
        points,
        frontier,
        constraints,
        best,
      });
      const json = `${JSON.stringify(document, null, 2)}\n`;
      if (args.out !== undefined) {
        await writeFileAtomic(join(args.out, 'sweep.json'), json);
        io.stderr(`passk: wrote ${join(args.out, 'sweep.json')}\n`);
      }
      if (best === null && (constraints.maxCost !== null || constraints.maxWrongDelivery !== null) && !args.json) {
        io.stderr('passk: no grid point meets the constraints\n');
      }
      io.stdout(args.json ? json : formatSweep(document));
      await writeChartOption(document, args.chart, io);
    },
  };
}
