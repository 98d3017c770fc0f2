import { renderTerminal } from '../format/terminalReport.js';
import { terminalView } from '../format/terminalView.js';
import {
  InputError,
  MAX_GATE_DESIGN_DRAWS,
  PLAN_DEFAULTS,
  holdsWithoutChange,
  plan as planJobs,
  requireInteger,
  requireOpenUnit,
  type Run,
} from '@passk/sim/internal';
import type { Argv, CommandModule } from 'yargs';
import { isRateRequirement, parseRequirement } from '../args/parseRequirement.js';
import { parseSeedOption } from '../args/seedOption.js';
import { ESTIMANDS, type Estimand } from '../format/estimandNotes.js';
import { formatPlanGate, planGateMethod } from '../format/planGateOutput.js';
import { RESULT_KINDS, withKind } from '../format/resultKinds.js';
import type { CliIo } from '../io/cliIo.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';
import type { PlanGateDocument } from '../results/planGateSchema.js';
import { mostCommonTrials } from './gateDesignCheck.js';
import { readRunFiles } from './readRuns.js';
import { withResultsFileOptions, type ResultsFileArgs } from './resultsFileOptions.js';

/** The options of `plan gate`. */
export interface PlanGateArgs extends ResultsFileArgs {
  require: string[];
  pilot: string;
  'baseline-pilot'?: string;
  tasks?: number;
  trials?: number;
  regression: string;
  'max-false-fail': number;
  estimand: Estimand;
  confidence: number;
  'min-overlap': number;
  simulations: number;
  seed: string;
  confirm: boolean;
  search: boolean;
  json: boolean;
}

/**
 * `passk plan gate --require … --pilot A`: how often the gate FAILs when nothing changed and how
 * often it PASSes a regression, by simulating it on runs drawn from the pilot's tasks
 * (`planGateDesign`, the gate's own rule), and the margin, tasks or trials that bring the false-fail
 * rate under --max-false-fail.
 */
export function planGateCommand(io: CliIo): CommandModule<object, PlanGateArgs> {
  return {
    command: 'gate',
    describe: "a gate's false-fail rate with no change and its pass rate under regressions, and the margin, tasks or trials that fix it",
    builder: (y: Argv) =>
      withResultsFileOptions(y)
        .option('require', {
          type: 'string',
          array: true,
          demandOption: true,
          describe: "a requirement of the gate, repeatable, as passk gate takes it: 'delta(pass@1) >= -0.02'",
        })
        .option('pilot', { type: 'string', demandOption: true, describe: "a results file of the agent as it is: the simulated runs' task rates come from it" })
        .option('baseline-pilot', { type: 'string', describe: 'a second log of the same agent (e.g. the last run on main), pooled with --pilot by task' })
        .option('tasks', { type: 'number', describe: "tasks per run (default: the pilot's; other counts draw tasks from the pilot's)" })
        .option('trials', { type: 'number', describe: "trials per task in each run (default: the pilot's most common)" })
        .option('regression', {
          type: 'string',
          default: PLAN_DEFAULTS.gate.regressions.join(','),
          describe: "regression sizes x (the new run's mean success x lower), comma-separated",
        })
        .option('max-false-fail', {
          type: 'number',
          default: PLAN_DEFAULTS.gate.maxFalseFail,
          describe: 'the false-fail rate to design for: find the margin, tasks and trials that reach it',
        })
        .option('estimand', { choices: ESTIMANDS, default: PLAN_DEFAULTS.gate.estimand as Estimand, describe: "the gate's --estimand" })
        .option('confidence', { type: 'number', default: PLAN_DEFAULTS.gate.confidence, describe: "the gate's --confidence (one-sided)" })
        .option('min-overlap', { type: 'number', default: PLAN_DEFAULTS.gate.minOverlap, describe: "the gate's --min-overlap" })
        .option('simulations', {
          type: 'number',
          default: PLAN_DEFAULTS.gate.simulations,
          describe: 'simulated pairs of runs per scenario (SE ≤ 2.5 points at 400)',
        })
        .option('seed', { type: 'string', default: PLAN_DEFAULTS.gate.seed, describe: 'seed of the simulations' })
        .option('confirm', {
          type: 'boolean',
          default: PLAN_DEFAULTS.gate.confirm,
          describe: 'two-stage gate: a FAIL is rerun and stands only when the rerun FAILs too',
        })
        .option('search', {
          type: 'boolean',
          default: PLAN_DEFAULTS.gate.search,
          describe: 'search the fewest tasks and trials (--no-search: the margin only)',
        })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the passk.plan.gate contract, docs/results.md)' })
        .example("$0 plan gate --pilot main.jsonl --require 'delta(pass@1) >= -0.02'", 'how often this gate fails an unchanged agent, and how to fix it')
        .example(
          "$0 plan gate --pilot main.jsonl --require 'delta(pass@1) >= -0.02' --confirm",
          'the same gate with a rerun to confirm a FAIL',
        ) as unknown as Argv<PlanGateArgs>,
    handler: async (args) => {
      const document = await planGateDocument(args);
      const json = args.json ? `${JSON.stringify(document, null, 2)}\n` : '';
      if (args.json) checkWrittenDocument(json);
      io.stdout(args.json ? json : renderTerminal(formatPlanGate(document), terminalView(io, args as { wide?: boolean; explain?: boolean })));
    },
  };
}

/** `plan gate`'s result document: options checked, the pilots read (and pooled), the design simulated. */
export async function planGateDocument(args: PlanGateArgs): Promise<PlanGateDocument> {
  const confidence = requireOpenUnit('--confidence', args.confidence);
  if (!(confidence > 0.5)) throw new InputError('--confidence', 'must be above 0.5 for a one-sided bound to be on the safe side of the estimate', confidence);
  const maxFalseFail = requireOpenUnit('--max-false-fail', args['max-false-fail']);
  const minOverlap = args['min-overlap'];
  if (!(minOverlap >= 0 && minOverlap <= 1)) throw new InputError('--min-overlap', 'must be in [0, 1]', minOverlap);
  const requirements = args.require.map(parseRequirement).map((requirement) => {
    if (!isRateRequirement(requirement)) {
      throw new InputError('--require', 'plan gate simulates requirements on pass@k, pass^k and meanSuccess only', requirement.text);
    }
    return requirement;
  });
  const regressions = parseRegressions(args.regression);
  const simulations = requireInteger('--simulations', args.simulations, 1, 100_000);
  const seed = parseSeedOption(args.seed);
  const files = args['baseline-pilot'] === undefined ? [args.pilot] : [args.pilot, args['baseline-pilot']];
  const { runs } = await readRunFiles(files, args);
  const pilot = pooled(runs);
  if (pilot.tasks.length < 2) throw new InputError('--pilot', 'needs at least 2 tasks to draw a benchmark from', args.pilot);
  const tasks = args.tasks === undefined ? pilot.tasks.length : requireInteger('--tasks', args.tasks, 2, 1_000_000);
  const largestK = Math.max(...requirements.map((requirement) => requirement.k ?? 1));
  const trials = args.trials === undefined ? mostCommonTrials(pilot) : requireInteger('--trials', args.trials, 1, 1_000_000);
  if (trials < largestK) {
    const where = args.trials === undefined ? `--trials (the pilot's most common is ${trials})` : '--trials';
    throw new InputError(where, `must be at least the largest k of the requirements (${largestK}) for every task to count`, trials);
  }
  const perSimulation = (1 + regressions.length) * (args.confirm ? 3 : 2);
  if (!(simulations * perSimulation * tasks <= MAX_GATE_DESIGN_DRAWS)) {
    const most = Math.floor(MAX_GATE_DESIGN_DRAWS / (perSimulation * tasks));
    throw new InputError(
      '--simulations',
      `must be at most ${most} for ${tasks} tasks and ${perSimulation} runs per simulation (${MAX_GATE_DESIGN_DRAWS} task runs in all)`,
      simulations,
    );
  }
  const rule = { confidence, estimand: args.estimand, minOverlap };
  const options = { requirements, rule, pilot: pilot.tasks, tasks, trials, regressions, simulations, seed, confirm: args.confirm };
  const plan = planJobs.gate({ ...options, maxFalseFail, search: args.search });
  const { design } = plan;
  const search = (found: typeof plan.tasks) => found && { found: found.found, largest: found.largest, tried: found.tried };
  return withKind(RESULT_KINDS.planGate, {
    requirements: requirements.map((requirement) => requirement.text),
    pilot: args.pilot,
    baselinePilot: args['baseline-pilot'] ?? null,
    tasks,
    trials,
    confidence,
    estimand: args.estimand,
    prior: design.prior,
    simulations,
    seed,
    falseFail: design.falseFail,
    failByRequirement: design.failByRequirement.map((fail, i) => ({
      requirement: requirements[i]!.text,
      fail,
      holdsWithoutChange: holdsWithoutChange(requirements[i]!, pilot.tasks),
    })),
    confirmedFalseFail: design.confirmedFalseFail,
    passUnderRegression: design.passUnderRegression.map((row) => ({ regression: row.regression, pass: row.pass, confirmedPass: row.confirmedPass })),
    maxFalseFail,
    margin: { value: plan.margin.margin, falseFail: plan.margin.falseFail, passUnderRegression: plan.margin.passUnderRegression },
    fewestTasks: search(plan.tasks),
    fewestTrials: search(plan.trials),
    method: planGateMethod(files.length === 1 ? 'the pilot' : 'the two pilots pooled by task', args.estimand, confidence),
  });
}

/** `--regression 0.02,0.05`: sizes in (0, 1); an empty text asks for none. */
function parseRegressions(text: string): number[] {
  if (String(text).trim() === '') return [];
  return String(text)
    .split(',')
    .map((part) => {
      const value = Number(part.trim());
      if (part.trim() === '' || !(value > 0 && value < 1))
        throw new InputError('--regression', 'must list sizes in (0, 1), comma-separated, e.g. 0.02,0.05', text);
      return value;
    });
}

/** The pilots as one run: counts of the same task id added (both logs are the same agent). */
function pooled(runs: readonly Run[]): Run {
  if (runs.length === 1) return runs[0]!;
  const tasks = new Map<string, { id: string | number; n: number; c: number }>();
  for (const run of runs) {
    for (const task of run.tasks) {
      const key = `${typeof task.id}:${String(task.id)}`;
      const known = tasks.get(key);
      if (known) {
        known.n += task.n;
        known.c += task.c;
      } else tasks.set(key, { id: task.id, n: task.n, c: task.c });
    }
  }
  return { name: runs.map((run) => run.name).join(' + '), tasks: [...tasks.values()] };
}
