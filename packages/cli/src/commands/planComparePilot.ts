import { InputError, planSteps, requireInteger, requirePositive, type PilotComparePlan } from '@passk/sim/internal';
import { parseKList } from '../args/parseKList.js';
import { requireSeedText } from '../args/seedOption.js';
import { requireWithin, WORK_LIMITS } from '../args/workLimits.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import { longComputation, showProgress, throughCheckpoints } from '../progress/longComputation.js';
import type { PlanComparePilotDocument } from '../results/planSchemas.js';
import { readRunFiles } from './readRuns.js';
import type { ResultsFileArgs } from './resultsFileOptions.js';
import type { PricedRun } from './compareCosts.js';
import { meanCostPerAttempt } from './pilotCosts.js';

/** The options of `plan compare` that the pilot mode reads. */
export interface PlanComparePilotArgs extends ResultsFileArgs {
  pilot: string[];
  name?: string[];
  metric: 'passAtK' | 'passHatK';
  k?: number;
  delta?: number;
  power: number;
  alpha: number;
  trials?: string;
  tasks?: number;
  'gain-spread'?: number;
  'gain-model'?: 'shift' | 'independent';
  'cost-ratio'?: number;
  'power-draws': number;
  simulations: number;
  seed: string;
  progress?: boolean;
  'max-simulated-tasks'?: number;
}

/**
 * `plan compare --pilot A [B]`: read the pilot's runs as `compare` reads them (readRunFiles, each
 * file with its own options), plan from their resampled tasks (planSteps.compareFromPilot) and
 * price each design with the runs' mean cost per attempt where the logs have one.
 */
export async function planComparePilotDocument(args: PlanComparePilotArgs, io: CliIo): Promise<PlanComparePilotDocument> {
  const files = args.pilot;
  if (files.length < 1 || files.length > 2) throw new InputError('--pilot', 'must name one run (with --delta) or two runs (A, then B)', files.join(' '));
  if (files.length === 2 && args.delta !== undefined) {
    throw new InputError('--delta', 'is read from a pilot of two runs (their difference): give it with one --pilot run only', args.delta);
  }
  if (files.length === 1 && args.delta === undefined) throw new InputError('--delta', 'is required with one --pilot run (the gain of B over it to detect)');
  const costRatio = args['cost-ratio'] === undefined ? 1 : requirePositive('--cost-ratio', args['cost-ratio']);
  const read = await readRunFiles(files, args, args.name);
  const trials = args.trials === undefined ? undefined : parseKList(args.trials, '--trials');
  const steps = planSteps.compareFromPilot({
    metric: args.metric,
    k: args.k!,
    power: args.power,
    alpha: args.alpha,
    ...(files.length === 2
      ? { runs: [read.runs[0]!, read.runs[1]!] as const }
      : {
          single: {
            tasks: read.runs[0]!.tasks,
            delta: args.delta!,
            ...(args['gain-spread'] === undefined ? {} : { gainSpread: args['gain-spread'] }),
            ...(args['gain-model'] === undefined ? {} : { gainModel: args['gain-model'] }),
          },
        }),
    trials,
    tasks: args.tasks === undefined ? undefined : requireInteger('--tasks', args.tasks, 2, 100_000),
    simulations: requireInteger('--simulations', args.simulations, 1, 1_000_000),
    powerDraws: requireInteger('--power-draws', args['power-draws'], 0, 10_000),
    seed: requireSeedText(args.seed),
    checkWork: (tasks) =>
      requireWithin(WORK_LIMITS.simulatedTasks, args['max-simulated-tasks'], tasks, 'one power simulation of --simulations experiments has'),
  });
  const progress = { label: 'plan compare', unit: 'simulated experiments', show: showProgress(io, args) };
  const plan = await longComputation(io, progress, (checkpoint) => throughCheckpoints(steps, checkpoint));
  const costs = priced(
    plan,
    read.runs.map((run) => run.name),
    read.costs,
    costRatio,
  );
  return withKind(RESULT_KINDS.planComparePilot, {
    mode: plan.mode,
    sources: read.sources.map((source) => ({ name: source.name, file: source.file, tasks: source.tasks })),
    pairedTasks: plan.mode === 'pair' ? plan.pilot.tasks : null,
    metric: plan.metric,
    k: plan.k,
    alpha: plan.alpha,
    power: plan.power,
    pilot: plan.pilot,
    gain: plan.gain,
    rows: plan.rows.map((row) => ({ ...row, cost: costs === null || row.tasks === null ? null : row.tasks * row.trials * costs.perDesignAttempt })),
    fixedTasks: plan.fixedTasks,
    costs: costs && {
      perAttempt: costs.perAttempt,
      costRatio: plan.mode === 'oneRun' ? costRatio : null,
      assumption:
        plan.mode === 'oneRun'
          ? args['cost-ratio'] === undefined
            ? "B is assumed to cost what A does per attempt (the pilot run's mean; --cost-ratio R to set B's as R × A's)"
            : `B's cost per attempt is --cost-ratio ${costRatio} × A's (the pilot run's mean)`
          : "each agent's cost per attempt is its pilot run's mean",
      cheapest: cheapest(plan, costs.perDesignAttempt),
    },
    simulation: plan.simulation,
    method:
      plan.method +
      (costs === null
        ? ''
        : plan.mode === 'oneRun'
          ? `; cost per task and trial: the pilot run's mean cost per attempt × (1 + ${costRatio}) (A, and B at --cost-ratio ${costRatio})`
          : '; cost per task and trial: the sum of both runs’ mean cost per attempt'),
  });
}

/** Each run's mean cost per attempt and what one task × trial costs for both agents; null unless every pilot run has costs. */
function priced(
  plan: PilotComparePlan,
  names: readonly string[],
  costs: readonly (PricedRun | null)[],
  costRatio: number,
): { perAttempt: { name: string; cost: number; from: string }[]; perDesignAttempt: number } | null {
  if (costs.some((cost) => cost === null)) return null;
  const perAttempt = costs.map((cost, i) => ({ name: names[i]!, cost: meanCostPerAttempt(cost!), from: cost!.from }));
  // One run: B costs costRatio × A's per attempt (1 unless --cost-ratio says otherwise).
  const perDesignAttempt = plan.mode === 'pair' ? perAttempt[0]!.cost + perAttempt[1]!.cost : (1 + costRatio) * perAttempt[0]!.cost;
  return { perAttempt, perDesignAttempt };
}

/** The design of least cost among the rows (and the fixed-tasks answer) that reach the power. */
function cheapest(plan: PilotComparePlan, perDesignAttempt: number): { trials: number; tasks: number; cost: number } | null {
  const designs = plan.rows.flatMap((row) => (row.tasks === null ? [] : [{ trials: row.trials, tasks: row.tasks }]));
  if (plan.fixedTasks?.trials != null) designs.push({ trials: plan.fixedTasks.trials, tasks: plan.fixedTasks.tasks });
  let best: { trials: number; tasks: number; cost: number } | null = null;
  for (const design of designs) {
    const cost = design.tasks * design.trials * perDesignAttempt;
    if (best === null || cost < best.cost) best = { ...design, cost };
  }
  return best;
}
