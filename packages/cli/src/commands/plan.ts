import { renderTerminal, type TerminalReport } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions, type TerminalArgs } from './terminalOptions.js';
import {
  INTERVAL_METHODS,
  InputError,
  PLAN_DEFAULTS,
  planSteps,
  requireInteger,
  requireOpenUnit,
  type IntervalMethod,
  type PlanMetric,
} from '@passk/sim/internal';
import type { Argv, CommandModule } from 'yargs';
import { parseKList } from '../args/parseKList.js';
import { requireSeedText } from '../args/seedOption.js';
import { refuseTogether, requireAlongside, requireResultsFile } from '../args/ignoredOptions.js';
import { checkFailures, checkTrialsSum, intervalsLimit, limitOption, requireWithin, WORK_LIMITS } from '../args/workLimits.js';
import { longComputation, PROGRESS_OPTION, showProgress, throughCheckpoints } from '../progress/longComputation.js';
import { formatComparePlan, formatDemonstratePlan, formatPrecisionPlan } from '../format/planOutput.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import { CHART_OPTION, checkChartOption, writeChartOption } from './chartOption.js';
import { withResultsFileOptions } from './resultsFileOptions.js';
import type { PlanAuditArgs } from './planAudit.js';
import type { PlanComparePilotArgs } from './planComparePilot.js';
import type { PlanPrecisionPilotArgs } from './planPrecisionPilot.js';
import { formatPrecisionPilotPlan } from '../format/planPrecisionPilotOutput.js';
import { formatComparePilotPlan } from '../format/planComparePilotOutput.js';
import { planAuditReport } from '../format/planAuditOutput.js';
import { planGateCommand } from './planGate.js';

const METRICS: readonly PlanMetric[] = ['p', 'passAtK', 'passHatK'];

type PrecisionArgs = PlanArgs &
  Omit<PlanPrecisionPilotArgs, 'pilot' | 'metric'> & {
    metric: PlanMetric;
    pilot?: string;
    rate?: number;
    interval: IntervalMethod;
    concentration: number;
    'max-intervals'?: number;
    'max-trials-sum'?: number;
  };

interface PlanArgs extends TerminalArgs {
  json: boolean;
  progress?: boolean;
  chart?: string;
  k?: number;
  confidence?: number;
}

/** `passk plan demonstrate|precision|compare|audit|gate`: how many runs (or audits) an evaluation needs before paying for it. */
export function planCommand(io: CliIo): CommandModule {
  // The text view is formatted only when shown: a million-row demonstrate table is not built for --json.
  const print = async (args: PlanArgs, value: object, text: () => TerminalReport) => {
    await writeChartOption(value, args.chart, io);
    io.stdout(args.json ? `${JSON.stringify(value, null, 2)}\n` : renderTerminal(text(), viewOf(io, args)));
  };
  return {
    command: 'plan',
    builder: (y: Argv) =>
      withTerminalOptions(y)
        .command<PlanArgs & { target: number; failures: number; 'max-failures'?: number; 'power-at'?: number }>({
          command: 'demonstrate',
          describe: 'runs needed to show pass^k ≥ target (one-sided exact binomial)',
          builder: (d) =>
            d
              .option('target', { type: 'number', demandOption: true, describe: 'pass^k to demonstrate, in (0, 1)' })
              .option('k', { type: 'number', demandOption: true, describe: 'attempts that must all succeed' })
              .option('confidence', { type: 'number', default: PLAN_DEFAULTS.demonstrate.confidence, describe: 'one-sided confidence level' })
              .option('failures', { type: 'number', default: PLAN_DEFAULTS.demonstrate.failures, describe: 'failures allowed among the runs' })
              .option('power-at', { type: 'number', describe: "a true pass^k in (0, 1): the plan's chance of passing there" })
              .option('max-failures', limitOption(WORK_LIMITS.failures))
              .option('progress', PROGRESS_OPTION)
              .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract, docs/results.md)' })
              .option('chart', CHART_OPTION)
              .example('$0 plan demonstrate --target 0.9 --k 8', '228 clean runs show pass^8 ≥ 90 % at 95 %'),
          handler: async (args) => {
            checkChartOption(args.chart);
            checkFailures(args.failures, args['max-failures']);
            const options = { target: args.target, k: args.k!, confidence: args.confidence!, failures: args.failures, powerAt: args['power-at'] };
            const progress = { label: 'plan demonstrate', unit: 'failure counts', show: showProgress(io, args) };
            const plan = await longComputation(io, progress, (checkpoint) => throughCheckpoints(planSteps.demonstrate(options), checkpoint));
            await print(args, withKind(RESULT_KINDS.planDemonstrate, plan), () => formatDemonstratePlan(plan));
          },
        })
        .command<PrecisionArgs>({
          command: 'precision',
          describe: 'trials per task (and, with --trials, tasks) for a target interval half-width on p, pass@k or pass^k',
          builder: (d) =>
            withResultsFileOptions(d)
              .option('metric', { choices: METRICS, default: PLAN_DEFAULTS.precision.metric, describe: 'which quantity the interval is for' })
              .option('k', { type: 'number', describe: 'k of pass@k / pass^k (required unless --metric p)' })
              .option('rate', { type: 'number', describe: 'the single-attempt success rate you expect (required without --pilot)' })
              .option('pilot', {
                type: 'string',
                describe: 'a pilot log: plan tasks × trials for CI (tasks) by resampling its tasks (instead of --rate)',
              })
              .option('half-width', { type: 'number', demandOption: true, describe: 'target half-width, e.g. 0.05 for ±5 points' })
              .option('interval', { choices: INTERVAL_METHODS, default: PLAN_DEFAULTS.precision.interval as IntervalMethod })
              .option('confidence', { type: 'number', default: PLAN_DEFAULTS.precision.confidence, describe: 'two-sided confidence level' })
              .option('assurance', {
                type: 'number',
                default: PLAN_DEFAULTS.precision.assurance,
                describe: 'probability that the interval you get is at most that wide (exact over the binomial)',
              })
              .option('trials', {
                type: 'string',
                describe: "trials per task: also plan the tasks for CI (tasks) (with --pilot a list; default k, the pilot's, twice that)",
              })
              .option('tasks', { type: 'number', describe: 'with --pilot: a fixed number of tasks; also find the trials per task needed there' })
              .option('simulations', {
                type: 'number',
                default: PLAN_DEFAULTS.precision.simulations,
                describe: 'with --pilot: benchmarks simulated per size tried',
              })
              .option('max-simulated-tasks', limitOption(WORK_LIMITS.simulatedTasks))
              .option('concentration', {
                type: 'number',
                default: PLAN_DEFAULTS.precision.concentration,
                describe: 'with --trials: task heterogeneity, p_t ~ Beta with mean --rate and this a + b',
              })
              .option('seed', {
                type: 'string',
                default: PLAN_DEFAULTS.precision.seed,
                describe: 'with --trials: seed of the simulated benchmarks (assurance of the task plan)',
              })
              .option('max-intervals', {
                type: 'number',
                describe: `refuse to go on with more ${WORK_LIMITS.intervals.counts} than this`,
                defaultDescription: '100000 Clopper–Pearson or Jeffreys intervals, 10000000 Wilson or Agresti–Coull ones',
              })
              .option('max-trials-sum', limitOption(WORK_LIMITS.trialsSum))
              .option('progress', PROGRESS_OPTION)
              .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract, docs/results.md)' })
              .example('$0 plan precision --metric passHatK --k 8 --rate 0.9 --half-width 0.1', 'trials for pass^8 ± 10 points')
              .example('$0 plan precision --metric passAtK --k 1 --rate 0.6 --half-width 0.03 --trials 4', 'tasks for a benchmark pass@1 ± 3 points')
              .example(
                '$0 plan precision --metric passAtK --k 1 --pilot run.json --half-width 0.05',
                'tasks × trials from a pilot',
              ) as unknown as Argv<PrecisionArgs>,
          handler: async (args) => {
            const pilot = args.pilot !== undefined;
            requireResultsFile(args, pilot, '--pilot (a results file to plan from)');
            requireAlongside(args, 'simulations', pilot, '--pilot (benchmarks simulated from its tasks)', PLAN_DEFAULTS.precision.simulations);
            for (const [option, fallback] of [
              ['interval', PLAN_DEFAULTS.precision.interval],
              ['concentration', PLAN_DEFAULTS.precision.concentration],
              ['max-intervals', undefined],
            ] as const) {
              refuseTogether(args, option, 'pilot', pilot, "the pilot plans CI (tasks) from the log's own tasks", fallback);
            }
            if (pilot) {
              if (args.rate !== undefined) throw new InputError('--rate', 'is read from the --pilot log: give one or the other', args.rate);
              if (args.trials !== undefined) checkTrialsSum(parseKList(args.trials, '--trials'), args.k ?? 1, args['max-trials-sum']);
              const { planPrecisionPilotDocument } = await import('./planPrecisionPilot.js');
              const document = await planPrecisionPilotDocument({ ...args, pilot: args.pilot! }, io);
              await print(args, document, () => formatPrecisionPilotPlan(document));
              return;
            }
            if (args.tasks !== undefined)
              throw new InputError('--tasks', 'needs --pilot (the trials for a fixed number of tasks are found from a pilot)', args.tasks);
            if (args.rate === undefined) throw new InputError('--rate', 'is required without --pilot (the single-attempt success rate you expect)');
            const taskTrials = args.trials === undefined ? undefined : Number(args.trials);
            refuseTogether(args, 'k', 'metric p', args.metric === 'p', 'p is the single-attempt rate; k is for pass@k and pass^k');
            if (args.metric !== 'p' && args.k === undefined) throw new InputError('--k', `is required with --metric ${args.metric}`);
            if (taskTrials !== undefined) checkTrialsSum([taskTrials], args.k ?? 1, args['max-trials-sum']);
            const steps = planSteps.precision({
              metric: args.metric,
              k: args.k,
              rate: args.rate,
              halfWidth: args['half-width'],
              interval: args.interval,
              confidence: args.confidence!,
              assurance: args.assurance,
              checkWork: (intervals) =>
                requireWithin(WORK_LIMITS.intervals, intervalsLimit(args.interval, args['max-intervals']), intervals, 'the search had computed'),
              ...(taskTrials === undefined ? {} : { trials: taskTrials, concentration: args.concentration, seed: requireSeedText(args.seed) }),
            });
            const progress = { label: 'plan precision', unit: 'intervals', show: showProgress(io, args) };
            const plan = await longComputation(io, progress, (checkpoint) => throughCheckpoints(steps, checkpoint));
            await print(args, withKind(RESULT_KINDS.planPrecision, plan), () => formatPrecisionPlan(plan, plan.tasks));
          },
        })
        .command<PlanArgs & PlanComparePilotArgs & { mean?: number; concentration: number; 'max-trials-sum'?: number }>({
          command: 'compare',
          describe: "tasks × trials for compare's verdict to detect a difference Δ between two agents, paired by task (or from a pilot)",
          builder: (d) =>
            withResultsFileOptions(d)
              .option('metric', {
                choices: ['passAtK', 'passHatK'] as const,
                default: PLAN_DEFAULTS.compare.metric,
                describe: 'the metric whose difference to detect',
              })
              .option('k', { type: 'number', demandOption: true, describe: 'the k of pass@k or pass^k' })
              .option('pilot', {
                type: 'string',
                array: true,
                describe: 'pilot logs: two runs A B (their tasks resampled, paired), or one run A with --delta',
              })
              .option('name', { type: 'string', array: true, describe: 'with --pilot: names of the runs, once per file' })
              .option('mean', { type: 'number', describe: "without --pilot: agent A's mean single-attempt success rate over tasks" })
              .option('concentration', {
                type: 'number',
                default: PLAN_DEFAULTS.compare.concentration,
                describe: 'without --pilot: task heterogeneity, p_t ~ Beta(mean, concentration); small = very uneven tasks',
              })
              .option('delta', { type: 'number', describe: 'difference in the task-averaged metric to detect (B − A); not with two --pilot runs' })
              .option('power', {
                type: 'number',
                default: PLAN_DEFAULTS.compare.power,
                describe: "probability that compare's verdict detects the difference, in (0, 1)",
              })
              .option('alpha', {
                type: 'number',
                default: PLAN_DEFAULTS.compare.alpha,
                describe: "two-sided level of compare's verdict (compare --confidence 1 − alpha)",
              })
              .option('trials', {
                type: 'string',
                describe: "trials per task to size tasks for (default k, 2k, 4k, 8k; with --pilot: k, the pilot's, twice that)",
              })
              .option('tasks', { type: 'number', describe: 'with --pilot: a fixed number of tasks; also find the trials per task needed there' })
              .option('gain-spread', {
                type: 'number',
                describe: `sd across tasks of the log-odds gain (0: the same gain on every task; default ${PLAN_DEFAULTS.compare.gainSpread}, with one --pilot run 0); not with two --pilot runs`,
              })
              .option('gain-model', {
                choices: ['independent', 'shift'] as const,
                describe:
                  "with one --pilot run: B's rate on a task unrelated to A's (independent, the default: the least power) or A's log-odds + the gain (shift)",
              })
              .option('cost-ratio', {
                type: 'number',
                describe: "with one --pilot run: B's cost per attempt as a multiple of A's (default 1)",
              })
              .option('power-draws', {
                type: 'number',
                default: PLAN_DEFAULTS.compare.powerDraws,
                describe: "with --pilot: bootstrap draws of the pilot's tasks for the interval of the power (0: none)",
              })
              .option('simulations', {
                type: 'number',
                default: PLAN_DEFAULTS.compare.simulations,
                describe: "experiments simulated per size tried (0 without --pilot: the z-test alone, compare's verdict unchecked)",
              })
              .option('seed', { type: 'string', default: PLAN_DEFAULTS.compare.seed, describe: 'seed of the power simulation' })
              .option('max-trials-sum', limitOption(WORK_LIMITS.trialsSum))
              .option('max-simulated-tasks', limitOption(WORK_LIMITS.simulatedTasks))
              .option('progress', PROGRESS_OPTION)
              .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract, docs/results.md)' })
              .example('$0 plan compare --k 4 --mean 0.6 --delta 0.05', 'tasks needed to see a 5-point gain in pass^4')
              .example('$0 plan compare --k 1 --metric passAtK --pilot a.json b.json --tasks 80', 'from a pilot of two runs: trials for 80 tasks')
              .example('$0 plan compare --k 1 --metric passAtK --pilot a.json --delta 0.1', 'from one run and an assumed 10-point gain') as unknown as Argv<
              PlanArgs & PlanComparePilotArgs & { mean?: number; concentration: number; 'max-trials-sum'?: number }
            >,
          handler: async (args) => {
            requireOpenUnit('--power', args.power);
            requireAlongside(
              args,
              'power-draws',
              args.pilot !== undefined,
              "--pilot (the interval of the power from the pilot's tasks)",
              PLAN_DEFAULTS.compare.powerDraws,
            );
            requireAlongside(args, 'cost-ratio', args.pilot?.length === 1, "one --pilot run (with two, each run's own cost per attempt is read)");
            requireAlongside(args, 'gain-model', args.pilot?.length === 1, 'one --pilot run (with two, how their rates go together is read)');
            if (args.pilot !== undefined) {
              if (args.mean !== undefined) throw new InputError('--mean', 'is read from the --pilot runs: give one or the other', args.mean);
              if (args.pilot.length === 2 && args['gain-spread'] !== undefined) {
                throw new InputError(
                  '--gain-spread',
                  'is what two --pilot runs show (their per-task differences): give it with one run only',
                  args['gain-spread'],
                );
              }
              if (args.trials !== undefined) checkTrialsSum(parseKList(args.trials, '--trials'), args.k!, args['max-trials-sum']);
              const { planComparePilotDocument } = await import('./planComparePilot.js');
              const document = await planComparePilotDocument(args, io);
              await print(args, document, () => formatComparePilotPlan(document));
              return;
            }
            if (args.mean === undefined) throw new InputError('--mean', "is required without --pilot (agent A's mean success rate)");
            if (args.delta === undefined) throw new InputError('--delta', 'is required without --pilot (the difference to detect)');
            if (args.tasks !== undefined)
              throw new InputError('--tasks', 'needs --pilot (the trials for a fixed number of tasks are found from a pilot)', args.tasks);
            const trials = args.trials === undefined ? undefined : parseKList(args.trials, '--trials');
            checkTrialsSum(trials, args.k!, args['max-trials-sum']);
            const steps = planSteps.compare({
              metric: args.metric,
              k: args.k!,
              mean: args.mean,
              concentration: args.concentration,
              delta: args.delta,
              power: args.power,
              alpha: args.alpha,
              trials,
              ...(args['gain-spread'] === undefined ? {} : { gainSpread: args['gain-spread'] }),
              simulations: requireInteger('--simulations', args.simulations, 0, 1_000_000),
              seed: requireSeedText(args.seed),
              checkWork: (tasks) =>
                requireWithin(WORK_LIMITS.simulatedTasks, args['max-simulated-tasks'], tasks, 'the power search of --simulations experiments per size has'),
            });
            const progress = { label: 'plan compare', unit: 'simulated experiments', show: showProgress(io, args) };
            const plan = await longComputation(io, progress, (checkpoint) => throughCheckpoints(steps, checkpoint));
            await print(args, withKind(RESULT_KINDS.planCompare, plan), () => formatComparePlan(plan));
          },
        })
        .command<PlanArgs & PlanAuditArgs>({
          command: 'audit [file..]',
          describe: "tasks to audit for a half-width of the judge-corrected interval (a pilot log, or the judge's error rates)",
          builder: (d) =>
            withResultsFileOptions(d)
              .positional('file', {
                type: 'string',
                array: true,
                describe: 'a pilot log whose success column is a judge and --truth-col the truth on some tasks',
              })
              .option('truth-col', { type: 'string', describe: 'with a pilot FILE: the column with the truth on its audited tasks' })
              .option('half-width', { type: 'number', demandOption: true, describe: 'target half-width of the corrected interval, e.g. 0.03' })
              .option('tasks', { type: 'number', describe: "tasks the judge scores (default: the pilot's)" })
              .option('metric', { choices: ['passAtK', 'passHatK'] as const, default: PLAN_DEFAULTS.audit.metric, describe: 'the metric (rates: pass@1 only)' })
              .option('k', { type: 'number', default: PLAN_DEFAULTS.audit.k, describe: 'the k of pass@k or pass^k' })
              .option('confidence', { type: 'number', default: PLAN_DEFAULTS.audit.confidence, describe: 'two-sided confidence level' })
              .option('mean', { type: 'number', describe: "without a pilot: the agent's mean per-attempt success rate" })
              .option('concentration', {
                type: 'number',
                default: PLAN_DEFAULTS.audit.concentration,
                describe: 'without a pilot: task heterogeneity, p_t ~ Beta with mean --mean and this a + b',
              })
              .option('trials', { type: 'number', describe: 'without a pilot: attempts per task' })
              .option('judge-false-accept', { type: 'number', describe: "without a pilot: the judge's P(accept | wrong)" })
              .option('judge-false-reject', { type: 'number', describe: "without a pilot: the judge's P(reject | right)" })
              .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract, docs/results.md)' })
              .example('$0 plan audit pilot.csv --success-col judge --truth-col human --half-width 0.03', 'audit size from a pilot')
              .example(
                '$0 plan audit --tasks 500 --mean 0.6 --trials 5 --judge-false-accept 0.3 --judge-false-reject 0.1 --half-width 0.03',
                "audit size from the judge's error rates",
              ) as unknown as Argv<PlanArgs & PlanAuditArgs>,
          handler: async (args) => {
            const { planAuditDocument } = await import('./planAudit.js');
            const plan = await planAuditDocument(args);
            await print(args, plan, () => planAuditReport(plan));
          },
        })
        .command(planGateCommand(io) as unknown as CommandModule)
        .demandCommand(1, 'name a question: demonstrate, precision, compare, audit or gate'),
    handler: () => undefined,
  };
}
