import { renderTerminal } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions, type TerminalArgs } from './terminalOptions.js';
import { currentProvenance } from '../results/provenance.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { InputError, requireInteger, requireNonNegative, scenarioToInput, type PartialResult, type Scenario } from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import type { SweepDocument } from '../format/sweepDocument.js';
import { formatSweep } from '../format/sweepOutput.js';
import type { CliIo } from '../io/cliIo.js';
import { readScenarioFile } from '../io/readScenarioFile.js';
import { withVerifierFrom } from '../io/verifierFromFile.js';
import { checkSweepCombinations } from '../args/ignoredOptions.js';
import { checkOutputs } from '../io/checkOutputs.js';
import { plannedOutputs } from '../io/plannedOutputs.js';
import { checkSimulationWork, SIMULATION_LIMIT_OPTIONS, type SimulationLimitArgs } from '../args/workLimits.js';
import { emitShard, endIfStopped, runShard } from '../run/runShard.js';
import { runSimulation, StopSignal } from '@passk/sim/node';
import { passkVersion } from '../passkVersion.js';
import { SHARD_FORMAT, shardFileName } from '../run/shardFile.js';
import { resolveShard, SHARD_OPTIONS } from '../run/shardOption.js';
import { currentRuntime } from '../run/shardRuntime.js';
import { sweepPlan } from '../run/sweepPlan.js';
import { sweepResult } from '../run/sweepResult.js';
import { CHART_OPTION, checkChartOption, writeWithChart } from './chartOption.js';
import { stopOnSignals } from '../run/stopOnSignals.js';
import { showProgress } from '../progress/longComputation.js';
import { progressReporter } from '../run/progressReporter.js';
import { Interrupted } from '../run/interrupted.js';

interface SweepArgs extends SweepOutputArgs, SimulationLimitArgs {
  file: string;
  vary: string[];
  'verifier-from'?: string;
  'max-cost'?: number;
  'max-wrong-delivery'?: number;
  replicates?: number;
  workers: number;
  progress: boolean;
  shard?: string;
  shards?: number;
}

/** How a sweep result is shown: a table, or --json; --out writes sweep.json; --chart the frontier. */
export interface SweepOutputArgs extends TerminalArgs {
  json: boolean;
  out?: string;
  chart?: string;
}

/**
 * `passk sweep SCENARIO --vary path=values …`: the scenario at every grid point, all with the same
 * seed — so every point sees the same random streams (common random numbers), and differences
 * between points are not blurred by independent noise. With --shard, one shard of the
 * (grid point, replicate block) units of work, for passk merge.
 */
export function sweepCommand(io: CliIo): CommandModule<object, SweepArgs> {
  return {
    command: 'sweep <file>',
    builder: (y) =>
      withTerminalOptions(y)
        .positional('file', { type: 'string', demandOption: true, describe: 'scenario (YAML or JSON)' })
        .option('vary', { type: 'string', array: true, demandOption: true, describe: 'path=values, e.g. policy.maxAttempts=1..16 (repeatable)' })
        .option('verifier-from', {
          type: 'string',
          describe: "replace the scenario's verifier by this file's (passk verifier --out); measured rates carry their uncertainty",
        })
        .option('max-cost', { type: 'number', describe: 'constraint: mean cost per episode at most this' })
        .option('max-wrong-delivery', { type: 'number', describe: 'constraint: wrong-delivery rate at most this' })
        .option('replicates', { type: 'number', describe: 'override run.replicates at every point' })
        .option('workers', {
          type: 'number',
          default: availableParallelism(),
          defaultDescription: 'the number of cores',
          describe: 'worker threads (results are identical for any number)',
        })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract, docs/results.md)' })
        .option('out', { type: 'string', describe: 'write sweep.json (or a shard file) into this folder' })
        .option('progress', { type: 'boolean', default: false, describe: 'show progress on stderr even when it is not a terminal' })
        .option('shard', SHARD_OPTIONS.shard)
        .option('shards', SHARD_OPTIONS.shards)
        .option('chart', CHART_OPTION)
        .options(SIMULATION_LIMIT_OPTIONS)
        .example('$0 sweep scenario.yaml --vary policy.maxAttempts=1..8 --vary verifier.falseAccept=0,0.05 --max-wrong-delivery 0.02', '')
        .example(
          '$0 sweep scenario.yaml --vary policy.maxAttempts=1..8 --shard auto --shards 16 --out parts/',
          'one task of a job array of 16 (Slurm: --array=1-16; Kubernetes, AWS Batch)',
        ),
    handler: async (args) => {
      checkSweepCombinations(args);
      const workers = requireInteger('--workers', args.workers, 1, 256);
      checkChartOption(args.chart);
      const constraints = {
        maxCost: args['max-cost'] === undefined ? null : requireNonNegative('--max-cost', args['max-cost']),
        maxWrongDelivery: args['max-wrong-delivery'] === undefined ? null : requireNonNegative('--max-wrong-delivery', args['max-wrong-delivery']),
      };
      const replicates = args.replicates === undefined ? null : requireInteger('--replicates', args.replicates, 1);
      const shard = resolveShard(args.shard, args.shards, io.env ?? process.env);
      const file = await readScenarioFile(args.file);
      const base = args['verifier-from'] === undefined ? file : await withVerifierFrom(file, args['verifier-from']);
      refuseVaryingMeasuredRates(base, args.vary);
      const plan = sweepPlan(base, { vary: args.vary, replicates, constraints }, args.file);
      checkSimulationWork(plan.scenarios, args, shard);
      checkOutputs(
        plannedOutputs(args.out, [shard ? shardFileName(shard) : 'sweep.json'], args.chart),
        [args.file, args['verifier-from']].filter((path) => path !== undefined),
        io.cwd,
      );
      const stop = new StopSignal();

      if (shard) {
        const removeHandlers = stopOnSignals(stop, io, ['SIGINT', 'SIGTERM']);
        let run;
        try {
          run = await runShard(plan.scenarios, shard, { workers, stop, progress: args.progress || io.stderrIsTTY }, io);
        } finally {
          removeHandlers();
        }
        await emitShard(
          {
            format: SHARD_FORMAT,
            kind: 'sweep',
            passk: passkVersion(),
            provenance: currentProvenance(),
            shard,
            run: { fingerprint: plan.fingerprint, seed: base.seed, replicates: replicates ?? base.run.replicates },
            runtime: currentRuntime(),
            episodes: run.episodes,
            seconds: run.seconds,
            scenario: scenarioToInput(base),
            sweep: plan.settings,
            pieces: run.pieces.map(({ item, partial }) => ({ point: item, partial })),
          },
          args.out,
          io,
        );
        endIfStopped(run, stop, io);
        return;
      }

      // Progress counts replicates over every point. A Ctrl-C stops at the next block, like simulate:
      // the points finished so far are written, marked partial; the point it cut short is left out.
      const show = showProgress(io, args);
      const progress = show ? progressReporter(io, 'sweep', 'replicates, all points') : null;
      const totalReplicates = plan.scenarios.reduce((sum, scenario) => sum + scenario.run.replicates, 0);
      const removeHandlers = stopOnSignals(stop, io);
      const partials: PartialResult[] = [];
      try {
        let before = 0;
        for (const scenario of plan.scenarios) {
          if (stop.stopped) break;
          const at = before;
          const partial = await runSimulation(scenario as Scenario, {
            workers,
            stop,
            onProgress: (replicates) => progress?.update(at + replicates, totalReplicates),
          });
          if (partial.done < scenario.run.replicates) break;
          partials.push(partial);
          before += scenario.run.replicates;
          progress?.update(before, totalReplicates);
        }
      } finally {
        removeHandlers();
        progress?.finish();
      }
      const planned = plan.scenarios.length;
      // A Ctrl-C after the last point finished stops nothing: the result is complete.
      if (partials.length === planned) {
        await emitSweep(sweepResult(plan, partials, null), args, io);
        return;
      }
      if (partials.length === 0) {
        io.stderr(`passk: interrupted: no grid point of ${planned} had finished, so nothing is written\n`);
        throw new Interrupted();
      }
      await emitSweep(sweepResult(plan, partials, null, { pointsDone: partials.length, pointsPlanned: planned }), args, io);
      io.stderr(`passk: interrupted: the result covers ${partials.length} of ${planned} grid points and is marked partial\n`);
      throw new Interrupted();
    },
  };
}

/** Writes sweep.json with --out and the chart with --chart (together: both or neither), then prints the result (table or --json). */
export async function emitSweep(document: SweepDocument & object, args: SweepOutputArgs, io: CliIo): Promise<void> {
  const json = `${JSON.stringify(document, null, 2)}\n`;
  checkWrittenDocument(json);
  await writeWithChart(args.out === undefined ? [] : [{ path: join(args.out, 'sweep.json'), content: json }], document, args.chart, io);
  if (args.out !== undefined) io.stderr(`passk: wrote ${join(args.out, 'sweep.json')}\n`);
  const { maxCost, maxWrongDelivery } = document.constraints;
  if (document.best === null && (maxCost !== null || maxWrongDelivery !== null) && !args.json) {
    io.stderr('passk: no grid point meets the constraints\n');
  }
  io.stdout(args.json ? json : renderTerminal(formatSweep(document), viewOf(io, args)));
}

/**
 * A measured verifier's rates are drawn from their counts (verifier.measured), so a --vary of
 * verifier.falseAccept or verifier.falseReject would change nothing: refused, naming the way to vary them.
 */
function refuseVaryingMeasuredRates(base: Scenario, vary: readonly string[]): void {
  if (base.verifier.measured === undefined) return;
  const varied = vary.find((text) => /^\s*verifier\.(falseAccept|falseReject)(\.|\s*=)/.test(text));
  if (varied !== undefined) {
    throw new InputError(
      '--vary',
      'cannot vary the rate of a measured verifier (it is drawn from the counts of verifier.measured): vary verifier.measured.… counts, or drop the measurement',
      varied,
    );
  }
}
