import { InputError, planSteps, requireInteger } from '@passk/sim/internal';
import { parseKList } from '../args/parseKList.js';
import { requireSeedText } from '../args/seedOption.js';
import { requireWithin, WORK_LIMITS } from '../args/workLimits.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import { longComputation, showProgress, throughCheckpoints } from '../progress/longComputation.js';
import type { PlanPrecisionPilotDocument } from '../results/planSchemas.js';
import { meanCostPerAttempt } from './pilotCosts.js';
import { readRunFiles } from './readRuns.js';
import type { ResultsFileArgs } from './resultsFileOptions.js';

/** The options of `plan precision` that the pilot mode reads. */
export interface PlanPrecisionPilotArgs extends ResultsFileArgs {
  pilot: string;
  metric: 'p' | 'passAtK' | 'passHatK';
  k?: number;
  'half-width': number;
  confidence?: number;
  assurance: number;
  trials?: string;
  tasks?: number;
  simulations: number;
  seed: string;
  progress?: boolean;
  'max-simulated-tasks'?: number;
}

/**
 * `plan precision --pilot LOG`: read the pilot run as `compare` reads a run (readRunFiles), plan
 * tasks × trials for CI (tasks) from its resampled tasks (planSteps.precisionFromPilot) and price
 * each design with the run's mean cost per attempt where the log has one.
 */
export async function planPrecisionPilotDocument(args: PlanPrecisionPilotArgs, io: CliIo): Promise<PlanPrecisionPilotDocument> {
  if (args.metric === 'p') throw new InputError('--metric', 'must be passAtK or passHatK with --pilot (CI (tasks) is of a task-averaged metric)', 'p');
  if (args.k === undefined) throw new InputError('--k', `is required with --metric ${args.metric}`);
  const halfWidth = args['half-width'];
  if (!(halfWidth > 0 && halfWidth <= 0.5)) throw new InputError('--half-width', 'must be in (0, 0.5] with --pilot (an interval on [0, 1])', halfWidth);
  const read = await readRunFiles([args.pilot], args);
  const steps = planSteps.precisionFromPilot({
    metric: args.metric,
    k: args.k,
    halfWidth,
    confidence: args.confidence!,
    assurance: args.assurance,
    pilot: read.runs[0]!.tasks,
    trials: args.trials === undefined ? undefined : parseKList(args.trials, '--trials'),
    tasks: args.tasks === undefined ? undefined : requireInteger('--tasks', args.tasks, 2, 100_000),
    simulations: requireInteger('--simulations', args.simulations, 1, 1_000_000),
    seed: requireSeedText(args.seed),
    checkWork: (tasks) => requireWithin(WORK_LIMITS.simulatedTasks, args['max-simulated-tasks'], tasks, 'one simulation of --simulations benchmarks has'),
  });
  const progress = { label: 'plan precision', unit: 'simulated benchmarks', show: showProgress(io, args) };
  const plan = await longComputation(io, progress, (checkpoint) => throughCheckpoints(steps, checkpoint));
  const priced = read.costs[0] ?? null;
  const perAttempt = priced === null ? null : meanCostPerAttempt(priced);
  const rows = plan.rows.map((row) => ({ ...row, cost: perAttempt === null || row.attempts === null ? null : row.attempts * perAttempt }));
  const designs = rows.flatMap((row) => (row.tasks === null ? [] : [{ trials: row.trials, tasks: row.tasks }]));
  if (plan.fixedTasks?.trials != null) designs.push({ trials: plan.fixedTasks.trials, tasks: plan.fixedTasks.tasks });
  let cheapest: { trials: number; tasks: number; cost: number } | null = null;
  for (const design of perAttempt === null ? [] : designs) {
    const cost = design.tasks * design.trials * perAttempt!;
    if (cheapest === null || cost < cheapest.cost) cheapest = { ...design, cost };
  }
  const source = read.sources[0]!;
  return withKind(RESULT_KINDS.planPrecisionPilot, {
    source: { name: source.name, file: source.file, tasks: source.tasks },
    metric: plan.metric,
    k: plan.k,
    halfWidth: plan.halfWidth,
    confidence: plan.confidence,
    assurance: plan.assurance,
    pilot: plan.pilot,
    rows,
    fixedTasks: plan.fixedTasks,
    costs: priced === null ? null : { perAttempt: perAttempt!, from: priced.from, cheapest },
    simulation: plan.simulation,
    method: plan.method + (priced === null ? '' : "; cost per task and trial: the pilot run's mean cost per attempt"),
  });
}
