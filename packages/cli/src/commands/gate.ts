import {
  InputError,
  compareCosts,
  costPerSolved,
  judgeRequirement,
  meets,
  requireOpenUnit,
  studentTQuantile,
  type GateRule,
  type JudgedRequirement,
  type Run,
} from '@passk/sim/internal';
import { renderTerminal } from '../format/terminalReport.js';
import { viewOf, withTerminalOptions, type TerminalArgs } from './terminalOptions.js';
import type { CommandModule } from 'yargs';
import { isRateRequirement, parseRequirement, type RateRequirement, type Requirement } from '../args/parseRequirement.js';
import { formatGate, formatGateMarkdown, requirementMetric, type GateCheck, type GateResult } from '../format/gateOutput.js';
import { PAIRED_INTERVAL } from '../format/compareDocument.js';
import { gateDocument } from '../format/gateDocument.js';
import { ESTIMANDS, type Estimand } from '../format/estimandNotes.js';
import type { CliIo } from '../io/cliIo.js';
import { appendStepSummary, closeStepSummary, openStepSummary, STEP_SUMMARY_VARIABLE } from '../io/stepSummary.js';
import { checkWrittenDocument } from '../results/checkWrittenDocument.js';
import { checkGateDesign, designWarning } from './gateDesignCheck.js';
import { CommandExit } from '../run/commandExit.js';
import type { PricedRun } from './compareCosts.js';
import { readRunFiles } from './readRuns.js';
import { withResultsFileOptions, type ResultsFileArgs } from './resultsFileOptions.js';
import type { Interval } from '@passk/sim/internal';

export interface GateArgs extends ResultsFileArgs, TerminalArgs {
  file: string;
  require: string[];
  baseline?: string;
  confidence: number;
  'min-overlap': number;
  estimand: Estimand;
  markdown: boolean;
  json: boolean;
  'design-check': boolean;
}

/**
 * `passk gate FILE --require 'passHat@4 >= 0.80' [--baseline OLD --require 'delta(passHat@4) >= -0.02']`:
 * for CI. Each requirement is judged by a one-sided confidence bound (lower for ≥/>, upper for ≤/<),
 * so a pass means the data show it at that confidence, not that the point estimate happens to clear
 * the line. The bound is of the task-population interval (`--estimand population`, the default) or of
 * the this-benchmark one (`--estimand benchmark`: the same tasks rerun, only the trials random).
 * Exit 0 when all pass, 1 when one fails, 2 on bad input. With $GITHUB_STEP_SUMMARY set,
 * the Markdown table is appended there too: that file is checked before anything is read, like any
 * output (io/stepSummary.ts), and appended to before anything is printed. `--json` prints the
 * passk.gate document (the verdict and each requirement with its bound) for tools.
 */
export function gateCommand(io: CliIo): CommandModule<object, GateArgs> {
  return {
    command: 'gate <file>',
    builder: (y) =>
      withTerminalOptions(withResultsFileOptions(y))
        .positional('file', { type: 'string', demandOption: true, describe: 'the results file to gate (any format estimate reads)' })
        .option('require', {
          type: 'string',
          array: true,
          demandOption: true,
          describe:
            "a requirement, repeatable: 'passHat@4 >= 0.80', 'pass@1 >= 60%', 'delta(passHat@4) >= -0.02' (with --baseline); costs: 'costPerSolved@1 <= 2.5', 'costPerAttempt <= 0.4', 'delta(costPerSolved@1) <= 0'",
        })
        .option('baseline', { type: 'string', describe: 'results file of the current version: delta(…) requirements compare FILE against it, paired by task' })
        .option('confidence', { type: 'number', default: 0.95, describe: 'level of the one-sided bounds, in (0, 1)' })
        .option('min-overlap', { type: 'number', default: 0.5, describe: 'pair by task when the runs share at least this share of their tasks; else unpaired' })
        .option('estimand', {
          choices: ESTIMANDS,
          default: 'population' as Estimand,
          describe:
            'which interval the bounds come from: population (is it so on tasks like these: which tasks were sampled and the trials) or benchmark (would a rerun on these very tasks say so: only the trials random)',
        })
        .option('design-check', {
          type: 'boolean',
          default: true,
          describe: 'simulate how often this design FAILs with no change and warn above 20% (--no-design-check skips it)',
        })
        .option('markdown', { type: 'boolean', default: false, describe: 'print the result as a Markdown table' })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the passk.gate contract: the verdict, each requirement with its bound)' })
        .example("$0 gate new.jsonl --require 'passHat@4 >= 0.80'", 'fail the build unless pass^4 is at least 80 % at 95 % confidence')
        .example("$0 gate new.jsonl --baseline main.jsonl --require 'delta(pass@1) >= -0.02'", 'fail if new may be more than 2 points worse than main')
        .example(
          "$0 gate new.jsonl --cost-col cost --require 'costPerSolved@1 <= 2.5'",
          'fail unless a solved task surely costs at most 2.5 (95 % upper bound)',
        )
        .example(
          "$0 gate new.jsonl --baseline main.jsonl --require 'delta(pass@1) >= 0' --estimand benchmark",
          'fail unless new is at least as good as main on these very tasks (only the trials random)',
        ),
    handler: async (args) => {
      const confidence = requireOpenUnit('--confidence', args.confidence);
      if (!(confidence > 0.5))
        throw new InputError('--confidence', 'must be above 0.5 for a one-sided bound to be on the safe side of the estimate', confidence);
      const requirements = args.require.map(parseRequirement);
      const deltas = requirements.filter((requirement) => requirement.delta);
      if (deltas.length > 0 && args.baseline === undefined)
        throw new InputError('--require', 'delta(…) needs --baseline OLD (the file to compare against)', deltas[0]!.text);
      if (args.json && args.markdown) throw new InputError('--markdown', 'cannot be combined with --json (choose one output)');
      const files = args.baseline === undefined ? [args.file] : [args.baseline, args.file];
      const summary = await openStepSummary((io.env ?? process.env)[STEP_SUMMARY_VARIABLE], files, io.cwd);
      try {
        const { runs, costs } = await readRunFiles(files, args);
        const candidate = runs[runs.length - 1]!;
        const checks = requirements.map((requirement) =>
          !isRateRequirement(requirement)
            ? costCheck(requirement, files, costs, confidence, args.estimand)
            : requirement.delta
              ? deltaCheck(requirement, runs[0]!, candidate, { confidence, minOverlap: args['min-overlap'], estimand: args.estimand })
              : ownCheck(requirement, candidate, confidence, args.estimand),
        );
        const result: GateResult = { file: args.file, baseline: args.baseline ?? null, confidence, checks };
        const rule = { confidence, estimand: args.estimand, minOverlap: args['min-overlap'] };
        const design = args['design-check'] ? checkGateDesign(requirements, runs[0]!, candidate, rule) : null;
        const markdown = formatGateMarkdown(result);
        const json = args.json ? `${JSON.stringify(gateDocument(result, args.estimand, design), null, 2)}\n` : '';
        if (args.json) checkWrittenDocument(json);
        // The summary first: when it cannot be written, the one error line is all the output.
        if (summary !== undefined) await appendStepSummary(summary, `${markdown}\n`);
        // The design warning (stderr) before the result, so on a terminal it shows above the verdict line.
        const warning = designWarning(design, requirements, files[0]!, args.baseline !== undefined);
        if (warning !== null) io.stderr(warning);
        io.stdout(args.json ? json : args.markdown ? markdown : renderTerminal(formatGate(result), viewOf(io, args)));
        if (checks.some((check) => !check.pass)) throw new CommandExit(1);
      } finally {
        await closeStepSummary(summary);
      }
    },
  };
}

/**
 * `metric@k OP t` on FILE alone: the task-averaged estimate and its one-sided bound, the side the
 * requirement needs of the two-sided interval at level 2c − 1 for the estimand: the task population
 * (`estimate`'s CI (tasks); the exact bound where every task's estimate is 0 or 1, and the bound valid
 * for any task population where the estimate is within one effective count of the edge) or this benchmark
 * (its CI (trials)); their coverage is measured in docs/uncertainty.md (`taskAverageBound`).
 */
function ownCheck(requirement: RateRequirement, run: Run, confidence: number, estimand: Estimand): GateCheck {
  const judged = judgedRequirement(requirement, run, null, { confidence, estimand, minOverlap: 0 });
  const how =
    judged.method === 'clopper-pearson'
      ? 'exact (Clopper–Pearson) bound, every task at 0 or 1'
      : judged.method === 'population-tail'
        ? `exact tail bound valid for any task population, estimate near ${judged.side === 'lower' ? 0 : 1}`
        : estimand === 'population'
          ? 'task-population score interval'
          : 'this-benchmark t interval (trial noise only)';
  return { requirement, estimate: judged.estimate, bound: judged.bound, side: judged.side, method: `${how}, ${judged.tasks} tasks`, pass: judged.pass };
}

/**
 * `delta(metric@k) OP t`: FILE − baseline with its one-sided bound of compare's difference interval
 * for the estimand (the two-sided interval at level 2c − 1): the task population (paired-difference
 * score; Welch t when unpaired) or this benchmark (`benchmarkDifferenceInterval`).
 */
function deltaCheck(
  requirement: RateRequirement,
  baseline: Run,
  candidate: Run,
  { confidence, minOverlap, estimand }: { readonly confidence: number; readonly minOverlap: number; readonly estimand: Estimand },
): GateCheck {
  const judged = judgedRequirement(requirement, candidate, baseline, { confidence, estimand, minOverlap });
  const paired = judged.pairing!.paired;
  const how =
    estimand === 'benchmark'
      ? `${paired ? '' : 'UNPAIRED '}this-benchmark difference t interval (trial noise only)`
      : paired
        ? `task-population ${PAIRED_INTERVAL} interval`
        : 'UNPAIRED task-population Welch t';
  const where = paired ? `${judged.tasks} tasks` : `overlap ${Number((judged.pairing!.overlap * 100).toFixed(1))}%`;
  return { requirement, estimate: judged.estimate, bound: judged.bound, side: judged.side, method: `${how}, ${where}`, pass: judged.pass };
}

/** The gate's rule for one requirement (`judgeRequirement`, shared with `plan gate`), or the error saying why there is no bound. */
function judgedRequirement(requirement: RateRequirement, candidate: Run, baseline: Run | null, rule: GateRule): JudgedRequirement {
  const judged = judgeRequirement(requirement, candidate, baseline, rule);
  if (judged.status === 'judged') return judged;
  if (judged.status === 'not estimable') throw notEstimable(requirement, candidate.name, judged.largestN);
  const k = requirement.k ?? 1;
  const which =
    baseline === null ? `tasks with n ≥ ${k} for a confidence bound (${candidate.name} has 1)` : `tasks in common with n ≥ ${k} for a confidence bound`;
  throw new InputError('--require', `needs at least 2 ${which}`, requirement.text);
}

/**
 * A cost requirement (`costPerSolved@k`, `costPerAttempt`, or their `delta(…)`): the one-sided bound of
 * the two-sided interval at level 2c − 1 over tasks (`costPerSolved`: log-scale delta interval of the
 * ratio; per attempt: t interval of the task-averaged mean; delta: `compareCosts` over the tasks both
 * ran, priced in both), for either estimand (a cost has only the task-population interval). Its
 * coverage is measured in docs/costs.md. A log without a cost is an InputError.
 */
function costCheck(
  requirement: Requirement,
  files: readonly string[],
  costs: readonly (PricedRun | null)[],
  confidence: number,
  estimand: Estimand,
): GateCheck {
  const k = requirement.k ?? 1;
  const level = 2 * confidence - 1;
  const side = lowerSide(requirement) ? 'lower' : 'upper';
  const priced = (i: number) => {
    const run = costs[i];
    if (run === null || run === undefined) {
      throw new InputError(
        '--require',
        `needs a cost in ${files[i]} (a cost column, --cost-col, or tokens priced with --price-in/--price-out) on at least half its attempts, and it records none`,
        requirement.text,
      );
    }
    return run;
  };
  const candidate = priced(costs.length - 1);
  const perSolved = requirement.metric === 'costPerSolved';
  let estimate: number | null;
  let interval: Interval | null;
  let tasks: number;
  if (requirement.delta) {
    const found = compareCosts(priced(0), candidate, { k, confidence: level });
    const delta = perSolved ? found.perSolved : found.perAttempt;
    ({ difference: estimate, interval } = delta);
    tasks = found.tasks;
  } else {
    const found = costPerSolved(candidate.tasks, { k, confidence: level });
    tasks = found.tasks;
    if (perSolved) ({ value: estimate, interval } = found);
    else {
      estimate = found.perAttempt.value;
      const se = found.perAttempt.se;
      interval = se === null ? null : tInterval(estimate, se, tasks - 1, level);
    }
  }
  if (estimate === null)
    throw new InputError('--require', `is not estimable: nothing solved within k = ${k} over the ${tasks} tasks with a cost`, requirement.text);
  if (interval === null)
    throw new InputError('--require', `needs at least 2 tasks with a cost and n ≥ ${k} for a confidence bound (${tasks} here)`, requirement.text);
  const bound = side === 'lower' ? interval.lower : interval.upper;
  const how = requirement.delta
    ? perSolved
      ? 'delta method over paired tasks'
      : 'paired t over tasks'
    : perSolved
      ? 'log-scale delta method over tasks'
      : 't interval over tasks';
  // A cost has only the task-population interval: with --estimand benchmark the line says so.
  const population = estimand === 'benchmark' ? ' (task population: no this-benchmark cost interval)' : '';
  return { requirement, estimate, bound, side, method: `${how}, ${tasks} tasks${population}`, pass: meets(requirement, bound) };
}

/** estimate ± t_{df}·se, two-sided at `level` (a cost: not clipped, unlike `pairedDifference`'s rates). */
function tInterval(estimate: number, se: number, df: number, level: number): Interval {
  const t = studentTQuantile(1 - (1 - level) / 2, df);
  return { lower: estimate - t * se, upper: estimate + t * se };
}

function lowerSide(requirement: Requirement): boolean {
  return requirement.op === '>=' || requirement.op === '>';
}

function notEstimable(requirement: Requirement, name: string, largest: number): InputError {
  return new InputError(
    '--require',
    `${requirementMetric(requirement)} is not estimable: no task has n ≥ ${requirement.k} trials (the largest n in ${name} is ${largest})`,
    requirement.text,
  );
}
