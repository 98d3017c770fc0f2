import { withTerminalOptions } from './terminalOptions.js';
import { currentProvenance } from '../results/provenance.js';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import {
  defaultScenario,
  MAX_ATTEMPTS_LIMIT,
  posteriorTasks,
  requireInteger,
  resolveScenario,
  scenarioToInput,
  summariseSimulation,
  type Scenario,
} from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io/cliIo.js';
import { readScenarioFile } from '../io/readScenarioFile.js';
import { withVerifierFrom } from '../io/verifierFromFile.js';
import { checkSimulateCombinations } from '../args/ignoredOptions.js';
import { parseSeedOption } from '../args/seedOption.js';
import { checkOutputs } from '../io/checkOutputs.js';
import { plannedOutputs, SUMMARY_FILES } from '../io/plannedOutputs.js';
import { checkSimulationWork, SIMULATION_LIMIT_OPTIONS, type SimulationLimitArgs } from '../args/workLimits.js';
import { Interrupted } from '../run/interrupted.js';
import { progressReporter } from '../run/progressReporter.js';
import { runSimulation, StopSignal } from '@passk/sim/node';
import { emitShard, endIfStopped, runShard } from '../run/runShard.js';
import { passkVersion } from '../passkVersion.js';
import { SHARD_FORMAT, shardFileName } from '../run/shardFile.js';
import { resolveShard, SHARD_OPTIONS } from '../run/shardOption.js';
import { currentRuntime } from '../run/shardRuntime.js';
import { stopOnSignals } from '../run/stopOnSignals.js';
import { readResultsFile, withResultsFileOptions, type ResultsFileArgs } from './resultsFileOptions.js';
import { describeEmpirical, describeNotRecorded, empiricalAttempts } from '../io/empiricalAmount.js';
import { CHART_OPTION, checkChartOption } from './chartOption.js';
import { fitOfFile } from './fitOfFile.js';
import { emitSummary, requireOneFormat, type SummaryOutputArgs } from './simulateOutput.js';
import { observedFromLog, type ObservedFromLog } from '../format/observedFromLog.js';
import { dependenceFromLog, dependenceWhatIf, type LogDependence } from './tasksFromDependence.js';

/** Two-sided confidence of the log's task-population intervals beside the simulation. */
const TASKS_FROM_CONFIDENCE = 0.95;

/** The scenario's icc, and how it relates to the fit's between-task correlation (docs/design.md §1). */
const ICC_NOTE =
  "attempts.correlation {model: exchangeable, icc}: the correlation of two attempts of one episode given the task's p " +
  '(each episode draws its own rate around p). passk fit reports a different quantity, the between-task correlation ' +
  'ρ = 1/(a + b + 1): two attempts of one task agree because tasks differ in p, which the tasks block already carries. ' +
  'Over all tasks two attempts of one episode correlate ρ + icc·(1 − ρ). --tasks-from keeps attempts independent given p (icc 0), as fitted.';

interface SimulateArgs extends SummaryOutputArgs, ResultsFileArgs, SimulationLimitArgs {
  'tasks-from'?: string;
  'verifier-from'?: string;
  'per-task': boolean;
  file?: string;
  seed?: string;
  replicates?: number;
  workers: number;
  progress: boolean;
  shard?: string;
  shards?: number;
  'pilot-trials'?: number;
  'pilot-design': 'separate' | 'episode';
  chart?: string;
}

/** `passk simulate [FILE]`: run a scenario (or the built-in default) through the Monte Carlo engine. */
export function simulateCommand(io: CliIo): CommandModule<object, SimulateArgs> {
  return {
    command: 'simulate [file]',
    builder: (y) =>
      withTerminalOptions(withResultsFileOptions(y))
        .positional('file', { type: 'string', describe: 'scenario (YAML or JSON); omitted: the built-in default' })
        .option('seed', { type: 'string', describe: 'override the scenario seed (integer or text)' })
        .option('replicates', { type: 'number', describe: 'override run.replicates' })
        .option('workers', {
          type: 'number',
          default: availableParallelism(),
          defaultDescription: 'the number of cores',
          describe: 'worker threads (results are identical for any number)',
        })
        .option('json', { type: 'boolean', default: false, describe: 'print the summary as JSON' })
        .option('csv', { type: 'boolean', default: false, describe: 'print one CSV row per k' })
        .option('out', { type: 'string', describe: 'write summary.json, summary.csv and scenario.yaml (or a shard file) into this folder' })
        .option('progress', { type: 'boolean', default: false, describe: 'show progress on stderr even when it is not a terminal' })
        .option('shard', SHARD_OPTIONS.shard)
        .option('shards', SHARD_OPTIONS.shards)
        .option('pilot-trials', { type: 'number', describe: 'also show what a pilot of n trials per task would have estimated' })
        .option('chart', CHART_OPTION)
        .option('tasks-from', { type: 'string', describe: "replace the scenario's tasks by a fit to this results file (see passk fit)" })
        .option('verifier-from', {
          type: 'string',
          describe: "replace the scenario's verifier by this file's (passk verifier --out); measured rates carry their uncertainty",
        })
        .option('per-task', { type: 'boolean', default: false, describe: "with --tasks-from: each task's own posterior instead of the fitted population" })
        .options(SIMULATION_LIMIT_OPTIONS)
        .option('pilot-design', {
          choices: ['separate', 'episode'] as const,
          default: 'separate' as const,
          describe: 'pilot trials as separate runs, or as the attempts of one episode',
        })
        .example('$0 simulate', 'the built-in default scenario')
        .example('$0 simulate scenario.yaml --pilot-trials 10', 'a scenario, and what a 10-trial pilot would have told you')
        .example('$0 simulate scenario.yaml --verifier-from judge.yaml', "with a measured judge: intervals include its rates' uncertainty")
        .example('$0 simulate scenario.yaml --shard 3/8 --out parts/', 'one slice of a run split over 8 machines')
        .example(
          '$0 simulate scenario.yaml --shard auto --shards 16 --out parts/',
          'one task of a job array of 16 (Slurm: --array=1-16; Kubernetes, AWS Batch)',
        )
        .epilogue(ICC_NOTE),
    handler: async (args) => {
      requireOneFormat(args);
      checkSimulateCombinations(args);
      checkChartOption(args.chart);
      const workers = requireInteger('--workers', args.workers, 1, 256);
      const base = args.file === undefined ? defaultScenario() : await readScenarioFile(args.file);
      const fromLog = args['tasks-from'] === undefined ? null : await withTasksFrom(base, args['tasks-from'], args, args.file === undefined);
      for (const line of fromLog?.notRecorded ?? []) io.stderr(`passk: ${line}: the scenario keeps its default, no attempt is drawn at 0\n`);
      if (fromLog?.dependence)
        io.stderr(`passk: ${fromLog.dependence.said}
`);
      const withVerifier =
        args['verifier-from'] === undefined ? (fromLog?.scenario ?? base) : await withVerifierFrom(fromLog?.scenario ?? base, args['verifier-from']);
      const scenario = withOverrides(withVerifier, args);
      const shard = resolveShard(args.shard, args.shards, io.env ?? process.env);
      const pilotTrials = args['pilot-trials'] === undefined ? null : requireInteger('--pilot-trials', args['pilot-trials'], 1, 1_000_000);
      checkSimulationWork([scenario], args, shard);
      checkOutputs(
        plannedOutputs(args.out, shard ? [shardFileName(shard)] : SUMMARY_FILES, args.chart),
        [args.file, args['tasks-from'], args['verifier-from']].filter((path) => path !== undefined),
        io.cwd,
      );
      const R = scenario.run.replicates;

      const stop = new StopSignal();
      const removeHandlers = stopOnSignals(stop, io, shard ? ['SIGINT', 'SIGTERM'] : ['SIGINT']);
      const showProgress = args.progress || io.stderrIsTTY;
      if (shard) {
        let run;
        try {
          run = await runShard([scenario], shard, { workers, stop, progress: showProgress }, io);
        } finally {
          removeHandlers();
        }
        // A shard finer than the blocks has no work: its partial covers no replicates.
        const partial = run.pieces[0]?.partial ?? (await runSimulation(scenario, { workers: 1, range: { start: 0, end: 0 }, stop }));
        await emitShard(
          {
            format: SHARD_FORMAT,
            kind: 'simulate',
            passk: passkVersion(),
            provenance: currentProvenance(),
            shard,
            run: { fingerprint: partial.fingerprint, seed: scenario.seed, replicates: R },
            runtime: currentRuntime(),
            episodes: run.episodes,
            seconds: run.seconds,
            scenario: scenarioToInput(scenario),
            partial,
            // --tasks-from: the log's values, so that merge prints them without reading the log.
            ...(fromLog?.observed ? { observed: fromLog.observed } : {}),
          },
          args.out,
          io,
        );
        endIfStopped(run, stop, io);
        return;
      }
      const progress = showProgress ? progressReporter(io, 'simulating') : null;
      let partial;
      try {
        partial = await runSimulation(scenario, { workers, stop, onProgress: progress?.update });
      } finally {
        removeHandlers();
        progress?.finish();
      }

      const { summary, pilot } = summariseSimulation(scenario, partial, {
        ...(pilotTrials === null ? {} : { pilotTrials }),
        pilotDesign: args['pilot-design'] === 'episode' ? 'oneEpisode' : 'separateEpisodes',
      });
      const observed = fromLog?.observed ?? null;
      const appendix = fromLog?.dependence ? dependenceWhatIf(fromLog.dependence, summary.rows) : undefined;
      await emitSummary(summary, pilot, args, io, { observed, ...(appendix === undefined ? {} : { appendix }) });
      if (stop.stopped) {
        io.stderr(`passk: interrupted: the result covers ${partial.done} of ${R} replicates and is marked partial\n`);
        throw new Interrupted();
      }
    },
  };
}

/**
 * The scenario with its tasks fitted to a results file: the chosen model of `fitTasks` as the task
 * population, or (--per-task) each observed task's posterior under the fitted beta-binomial prior,
 * drawn afresh every replicate (always: a single draw of T tasks would be one more sample, off the
 * fitted population by its own sampling noise, which the Monte Carlo SE would not show; drawing
 * afresh puts that noise into the SE). It starts from what was fitted: attempts independent given the
 * task (the beta-binomial's heterogeneity already is the correlation of a task's attempts, so an
 * exchangeable correlation on top would count it twice), and, without a scenario file, no
 * verifier (a log has none). Also the check against the log: its task averages and their
 * task-population intervals at every k ≤ n (`observed` in the output).
 */
async function withTasksFrom(
  scenario: Scenario,
  path: string,
  args: SimulateArgs,
  builtIn: boolean,
): Promise<{
  scenario: Scenario;
  observed: ObservedFromLog | null;
  notRecorded: string[];
  dependence: LogDependence | null;
}> {
  const counts = await readResultsFile(path, args);
  const tasks = counts.n.map((n, i) => ({ n, c: counts.c[i]! }));
  const fit = fitOfFile(tasks, {}, path);
  const input = { ...scenarioToInput(scenario) } as Record<string, unknown>;
  input.name = `${builtIn ? 'from the log' : (scenario.name ?? 'scenario')}, tasks fitted to ${basename(path)}${args['per-task'] ? ' (per-task posteriors)' : ''}`;
  // The log's empirical per-attempt cost and latency replace the scenario's, where the log has them.
  const amounts = empiricalAttempts(counts).attempts;
  if (amounts !== undefined) {
    input.attempts = { ...(input.attempts as Record<string, unknown>), ...amounts };
    input.name = `${input.name as string}; per-attempt ${describeEmpirical(counts.cost, counts.latency)} from the log (empirical)`;
  }
  // The log's counts ride along (tasks.measured): every block of replicates refits the population to a
  // bootstrap resample of them, so the intervals carry the fit's and the task sample's uncertainty.
  const measured = {
    trials: tasks.map((task) => task.n),
    successes: tasks.map((task) => task.c),
    population: args['per-task'] ? ('perTask' as const) : ('fitted' as const),
    source: basename(path),
  };
  input.tasks = args['per-task'] ? { ...posteriorTasks(tasks, fit), resample: true, measured } : { ...fit.scenarioTasks, resample: true, measured };
  // A log with episodes: its fitted retry dependence, with the task population fitted with it; the
  // episodes ride along (tasks.measured.episodes), so every block refits both to a bootstrap resample.
  const dependence = dependenceFromLog(counts, path, scenario.seed);
  if (dependence !== null && !args['per-task']) input.tasks = { ...dependence.tasks, resample: true, measured: dependence.measured };
  input.attempts = { ...(input.attempts as object), correlation: dependence?.correlation ?? { model: 'independent' } };
  if (builtIn) delete input.verifier;
  const maxN = counts.n.reduce((a, b) => Math.max(a, b), 0);
  // The built-in scenario's budget is no one's choice: a log of separate runs supports k ≤ max n observed
  // and, by the fit, up to 2·max n (fitTasks' extrapolation range); a scenario file's own maxAttempts
  // stays, and so does the built-in one for a log of episodes (its what-if table marks k beyond the longest).
  // The text says so (format/summaryMeasured.ts, from the scenario, so that a merge of shards says it too).
  if (builtIn && dependence === null) input.policy = { ...(input.policy as object), maxAttempts: Math.min(2 * maxN, MAX_ATTEMPTS_LIMIT) };
  const ks = Array.from({ length: Math.min(maxN, (input.policy as { maxAttempts: number }).maxAttempts) }, (_, i) => i + 1);
  return {
    scenario: resolveScenario(input, { source: `tasks from ${path}` }),
    // A log of episodes: a task's (n, c) pools dependent attempts (or ones stopped at a success), whose
    // C-ratios estimate no episode's pass@k; the what-if table after the summary sets the models side by side instead.
    observed: dependence !== null ? null : observedFromLog(basename(path), tasks, ks, TASKS_FROM_CONFIDENCE),
    dependence,
    // Amounts the log does not record (all 0, or on fewer than half the attempts): said, never drawn as 0.
    notRecorded: describeNotRecorded(counts),
  };
}

/** --seed and --replicates applied to the resolved scenario (validated like the file's own keys). */
function withOverrides(scenario: Scenario, args: SimulateArgs): Scenario {
  if (args.seed === undefined && args.replicates === undefined) return scenario;
  const input = { ...scenarioToInput(scenario) } as Record<string, unknown>;
  if (args.seed !== undefined) input.seed = parseSeedOption(args.seed);
  if (args.replicates !== undefined) input.run = { replicates: requireInteger('--replicates', args.replicates, 1) };
  return resolveScenario(input, { source: 'command line' });
}
