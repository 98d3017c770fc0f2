import { requireCounts, requireInteger, requireNonNegative, requireOpenUnit } from '../checks.js';
import { ARGUMENT_LIMITS, optionalFunction, requireK, requireList, requireObject, requireOneOf, requireSeed } from '../checkArgs.js';
import { PopulationFits, type FittedPopulation, type PairedTrials } from '../taskAverage/differenceInterval.js';
import { atomProbability, betaComponent } from '../taskAverage/inflatedBetaPrior.js';
import { taskMetricValue } from '../compare/compareMetric.js';
import { requireRun } from '../compare/compareRuns.js';
import { matchTasks } from '../compare/matchTasks.js';
import type { Run } from '../compare/runTasks.js';
import { beta } from '../distributions/beta.js';
import { standardNormal } from '../distributions/standardNormal.js';
import { InputError } from '../errors.js';
import { countGroups } from '../estimators/taskAverage.js';
import { JEFFREYS_PRIOR } from '../intervals/betaPosterior.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { Rng } from '../rng/rng.js';
import { streamRng, type Seed } from '../rng/streams.js';
import { runSteps, type Steps } from '../stepwise.js';
import { checkSeed, MAX_SIMULATED_TASKS, requireSimulations, VERDICT_TEST } from './compare.js';
import { shiftRate, solveShift } from './logOddsShift.js';
import { searchPower } from './powerSearch.js';
import { pilotPowerIntervalSteps, type PilotPowerInterval } from './pilotPowerInterval.js';
import { verdictPowerSteps, type SimulatedPowerValue, type TaskSource } from './verdictPower.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

/** Options of `planComparisonFromPilot`: the pilot (two runs paired by task, or one run and an assumed gain), the metric, the power asked and the designs to size. */
export interface PilotCompareOptions {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  readonly power: number;
  /** Two-sided level of compare's verdict. */
  readonly alpha: number;
  /** Two runs of a pilot (A, then B), paired by task id (matchTasks, as compare): the tasks both ran are resampled. */
  readonly runs?: readonly [Run, Run];
  /** Or one run of a pilot (A) and the gain to detect in the task-averaged metric, B − A. */
  readonly single?: {
    readonly tasks: readonly { readonly n: number; readonly c: number }[];
    readonly delta: number;
    /** sd across tasks of B's log-odds gain (default 0: one log-odds shift on every task, so the gain in the metric varies with each pilot task's rate). */
    readonly gainSpread?: number;
    /**
     * How B's rate on a task relates to A's (default `independent`, the conservative end):
     * `shift`, B's log-odds = A's on the same task + δ (+ s·Z); `independent`, B's rate is A's
     * population shifted by the same δ but drawn for another pilot task, unrelated to A's on this one.
     * The other model's tasks needed are reported beside (`gain.alternative`).
     */
    readonly gainModel?: GainModel;
  };
  /** Trials per task to size the tasks for (each ≥ k; default k, the pilot's most trials, twice that). */
  readonly trials?: readonly number[];
  /** A fixed number of tasks: also find the fewest trials per task that reach the power there. */
  readonly tasks?: number;
  /** Bootstrap draws of the pilot's tasks for the interval of the power at each answer (default 0: no interval; the CLI's default is 40). */
  readonly powerDraws?: number;
  /** Experiments simulated on each of those draws (default max(20, ⌈simulations / 8⌉)). */
  readonly powerDrawExperiments?: number;
  /** Level of that interval (default 0.8). */
  readonly powerLevel?: number;
  /** Simulated experiments per size (required, ≥ 1; the CLI's default is DEFAULT_SIMULATIONS = 400). */
  readonly simulations: number;
  readonly seed?: Seed;
  /** Called with each simulation's size (experiments × tasks) before it runs: a work limit throws here. */
  readonly checkWork?: (simulatedTasks: number) => void;
}

/**
 * How B's rate on a task relates to A's in a one-run plan: `shift` (B's log-odds = A's + δ on the
 * same task: the most related) or `independent` (B's rate from A's population shifted by δ, drawn
 * independently of A's rate on the task: the least related, per-task differences vary most).
 */
export type GainModel = 'shift' | 'independent';

/** One design of a `PilotComparePlan`: trials per task, the tasks needed and the verdict's simulated power there. */
export interface PilotCompareRow {
  readonly trials: number;
  /** The fewest tasks found whose simulated power reaches the target; null when none up to the search's limit does. */
  readonly tasks: number | null;
  /** Attempts in all (2 × tasks × trials); null with tasks. */
  readonly attempts: number | null;
  /** The verdict's power at `tasks`, re-simulated there on streams independent of the search's (at the largest size tried when tasks is null). */
  readonly simulatedPower: SimulatedPowerValue;
  /** The power's interval from the pilot's sampling error (pilotPowerIntervalSteps); null without powerDraws or tasks. */
  readonly powerInterval: PilotPowerInterval | null;
  /** How trials were drawn: `subsample` (of the pilot's recorded trials) or `posterior` (the recorded ones plus binomial draws from each task's posterior rate for the rest). */
  readonly trialsFrom: 'subsample' | 'posterior';
}

/** What `planComparisonFromPilot` returns: the pilot's figures, the gain model (one run) and the designs with the verdict's simulated power. */
export interface PilotComparePlan {
  readonly mode: 'pair' | 'oneRun';
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  readonly alpha: number;
  readonly power: number;
  readonly pilot: {
    readonly tasks: number;
    /** Fewest and most trials of a pilot task (of either run). */
    readonly trials: { readonly min: number; readonly max: number };
    /** Task-averaged metric of A and of B (B = A + delta with one run), over the pilot's tasks with n ≥ k. */
    readonly baseline: number;
    readonly comparison: number;
    /** sd over the pilot's tasks of the per-task difference θ̂_B − θ̂_A (null with one run). */
    readonly sdDifference: number | null;
  };
  /** With one run: B's log-odds = A's + logOddsShift + gainSpread·Z per task. Null with two runs. */
  readonly gain: {
    readonly delta: number;
    readonly logOddsShift: number;
    readonly gainSpread: number;
    /** `pilot`: no spread given, one shift on every task (the metric's gain varies with the pilot's rates); `option`: gainSpread as given. */
    readonly gainSpreadFrom: 'pilot' | 'option';
    /** The model that sized the rows (`GainModel`). */
    readonly model: GainModel;
    /** The other model's answer at each row's trials: the tasks its search found (not re-simulated; null when none up to the limit). */
    readonly alternative: { readonly model: GainModel; readonly rows: readonly { readonly trials: number; readonly tasks: number | null }[] };
  } | null;
  readonly rows: readonly PilotCompareRow[];
  /** With `tasks`: the fewest trials per task reaching the power at that many tasks (null when none up to the limit does). */
  readonly fixedTasks: {
    readonly tasks: number;
    readonly trials: number | null;
    readonly simulatedPower: SimulatedPowerValue;
    readonly powerInterval: PilotPowerInterval | null;
  } | null;
  readonly simulation: { readonly datasets: number; readonly seed: Seed; readonly test: string };
  readonly method: string;
}

/** The one-run gain models, the default (conservative) first. */
const GAIN_MODELS = ['independent', 'shift'] as const;
/** Most trials per task the search over trials tries. */
const MAX_SEARCH_TRIALS = 1000;
/** Most tasks the search over tasks tries. */
const MAX_SEARCH_TASKS = 100_000;
/** Draws of the pilot's tasks that solve for the log-odds shift of one run's gain. */
const SHIFT_DRAWS = 20_000;
/** Most bootstrap draws of the pilot for the power's interval. */
const MAX_POWER_DRAWS = 10_000;
/** Default level of the power's interval: 80 % (its percentiles from tens of draws are stable). */
const DEFAULT_POWER_LEVEL = 0.8;
/** Beta weight when the fitted one is ∞ (as the compare interval's noise term). */
const MAX_CONCENTRATION = 1e5;

/** `planComparisonFromPilotSteps` run to the end. */
export function planComparisonFromPilot(options: PilotCompareOptions): PilotComparePlan {
  return runSteps(planComparisonFromPilotSteps(options));
}

/**
 * Tasks × trials for `passk compare` to reach its verdict with the power asked, from a pilot.
 * Each simulated experiment resamples the pilot's tasks with replacement (paired: a task brings
 * both agents), and on each task draws each agent's counts at n trials: n of the task's recorded
 * trials without replacement where the pilot has n (`subsample`), else the task's N recorded
 * trials plus c' ~ Binomial(n − N, p) with p drawn from the task's posterior under the agent's task
 * population fitted to the pilot (`posterior`: Beta(a + c, b + n − c), or the point mass at 0 or 1
 * with its posterior probability where the fit has them; PopulationFits, as compare's interval).
 * Keeping the recorded trials keeps how A's and B's rates go together on a task: drawing all n from
 * independent posteriors made the plan conservative by 4.8 ± 3.1 points on real pilots (decision
 * study, docs/planning.md). With one run and a gain Δ: p_A from A's posterior and
 * p_B = logistic(logit p + δ + s·Z), δ solved so that the mean over the pilot's tasks of B's metric
 * is A's + Δ (s: the gain's spread, not seen in one run), where p is p_A (`shift`: B gains on the
 * tasks A solves, the most related) or an independent posterior draw of another pilot task
 * (`independent`, the default: B's task-by-task rates unrelated to A's, the per-task differences
 * most spread, the least power). Real pairs lie between (tasks hard for A are mostly hard for B);
 * one run cannot tell where, so the default sizes for the conservative end and also reports the
 * other's tasks (decision study, docs/planning.md: on Terminal-Bench the shift promised 12 points
 * more than real pairs delivered).
 * Power is that of compare's verdict (verdictPowerSteps), sizes found by searchPower.
 */
export function* planComparisonFromPilotSteps(options: PilotCompareOptions): Steps<PilotComparePlan> {
  requireObject('options', options);
  requireOneOf('metric', options.metric, ['passAtK', 'passHatK'] as const);
  const k = requireK('k', options.k);
  const alpha = requireOpenUnit('alpha', options.alpha);
  const power = requireOpenUnit('power', options.power);
  const simulations = requireSimulations(options.simulations, 1);
  const seed = requireSeed('seed', options.seed === undefined ? 1 : options.seed);
  optionalFunction('checkWork', options.checkWork);
  if ((options.runs === undefined) === (options.single === undefined)) {
    throw new InputError('options', 'must give either runs (two runs of a pilot) or single (one run and a gain)', Object.keys(options).join(', '));
  }
  const metric = options.metric;
  const value = (side: { n: number; c: number }) => taskMetricValue(metric, side.n, side.c, k);
  let source: TaskSource;
  /** With one run: the other gain model's source, searched for its tasks beside the answer. */
  let alternativeSource: TaskSource | undefined;
  /** The task source built the same way from a resample (with replacement) of the pilot's tasks. */
  let resampled: (rng: Rng) => TaskSource;
  let pilot: PilotComparePlan['pilot'];
  let gain: PilotComparePlan['gain'] = null;
  let direction: 1 | -1;
  let pilotN: number[];
  if (options.runs !== undefined) {
    const runs = requireList('runs', options.runs, 2);
    if (runs.length !== 2) throw new InputError('runs', 'must be two runs, A and B', runs.length);
    const pairs: PairedTrials[] = matchTasks(requireRun('runs[0]', runs[0]), requireRun('runs[1]', runs[1])).pairs.map((pair) => ({
      a: { n: pair.a.n, c: pair.a.c },
      b: { n: pair.b.n, c: pair.b.c },
    }));
    if (pairs.length < 2) throw new InputError('runs', 'must share at least 2 tasks to resample', pairs.length);
    const counted = pairs.filter((pair) => pair.a.n >= k && pair.b.n >= k);
    if (counted.length < 2) throw new InputError('pairs', `must have at least 2 tasks with n ≥ ${k} trials in both runs`, counted.length);
    const d = counted.map((pair) => value(pair.b) - value(pair.a));
    const mean = d.reduce((s, x) => s + x, 0) / d.length;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1));
    if (mean === 0) throw new InputError('pairs', `show no difference in ${metric} at k = ${k} to plan for (B − A = 0 over ${counted.length} tasks)`, 0);
    direction = mean > 0 ? 1 : -1;
    source = fittedPairedSource(pairs);
    resampled = (rng) => fittedPairedSource(resample(rng, pairs));
    const baseline = counted.reduce((s, pair) => s + value(pair.a), 0) / counted.length;
    pilot = { tasks: pairs.length, trials: trialRange(pairs.flatMap((pair) => [pair.a.n, pair.b.n])), baseline, comparison: baseline + mean, sdDifference: sd };
    pilotN = pairs.flatMap((pair) => [pair.a.n, pair.b.n]);
  } else {
    const single = requireObject('single', options.single);
    const tasks = requireList('single.tasks', single.tasks, 2).map((task, i) => {
      const side = requireObject(`single.tasks[${i}]`, task);
      return requireCounts(side.n, side.c, `single.tasks[${i}]`);
    });
    const delta = single.delta;
    if (typeof delta !== 'number' || !(Math.abs(delta) > 0 && Math.abs(delta) < 1)) {
      throw new InputError('single.delta', 'must be a non-zero number between −1 and 1', delta);
    }
    const spreadGiven = single.gainSpread !== undefined;
    const gainSpread = requireNonNegative('single.gainSpread', single.gainSpread ?? 0);
    if (!(gainSpread <= 10)) throw new InputError('single.gainSpread', 'must be at most 10 (an sd of log-odds)', gainSpread);
    const gainModel = requireOneOf('single.gainModel', single.gainModel ?? 'independent', GAIN_MODELS);
    const model = oneRunModel(tasks, metric, k, delta, gainSpread, streamRng(seed, 'plan-pilot', 'shift'));
    if (!(model.comparison > 0 && model.comparison < 1)) {
      throw new InputError('single.delta', `must keep agent B's metric inside (0, 1): the pilot's is ${model.baseline.toFixed(4)}`, delta);
    }
    if (delta > 0 ? model.reachable < model.comparison - 1e-9 : model.reachable > model.comparison + 1e-9) {
      throw new InputError(
        'single.delta',
        `is more than a log-odds shift can give on this pilot (tasks at p = 0 or 1 stay there): at most ${(model.reachable - model.baseline).toFixed(4)}`,
        delta,
      );
    }
    direction = delta > 0 ? 1 : -1;
    const otherModel: GainModel = gainModel === 'shift' ? 'independent' : 'shift';
    gain = {
      delta,
      logOddsShift: model.logOddsShift,
      gainSpread,
      gainSpreadFrom: spreadGiven ? 'option' : 'pilot',
      model: gainModel,
      alternative: { model: otherModel, rows: [] },
    };
    source = model.sources[gainModel];
    alternativeSource = model.sources[otherModel];
    // A resample's shift is solved anew (B's metric = A's + Δ on that resample), from the same shift stream.
    resampled = (rng) => oneRunModel(resample(rng, tasks), metric, k, delta, gainSpread, streamRng(seed, 'plan-pilot', 'shift')).sources[gainModel];
    pilot = {
      tasks: tasks.length,
      trials: trialRange(tasks.map((task) => task.n)),
      baseline: model.baseline,
      comparison: model.comparison,
      sdDifference: null,
    };
    pilotN = tasks.map((task) => task.n);
  }
  const maxN = Math.max(k, ...pilotN);
  const minN = Math.min(...pilotN);
  const trialsList =
    options.trials === undefined
      ? [...new Set([k, Math.max(k, maxN), 2 * Math.max(k, maxN)])]
      : (requireList('trials', options.trials, 1) as readonly number[]);
  let trialsSum = 0;
  for (const n of trialsList) trialsSum += requireInteger('trials', n, k);
  if (!(trialsSum <= ARGUMENT_LIMITS.planTrials)) throw new InputError('trials', `must sum to at most ${ARGUMENT_LIMITS.planTrials}`, trialsSum);
  const fixed = options.tasks === undefined ? undefined : requireInteger('tasks', options.tasks, 2, MAX_SEARCH_TASKS);
  const draws = requireInteger('powerDraws', options.powerDraws ?? 0, 0, MAX_POWER_DRAWS);
  const drawExperiments = requireInteger('powerDrawExperiments', options.powerDrawExperiments ?? Math.max(20, Math.ceil(simulations / 8)), 2, 1_000_000);
  const powerLevel = requireOpenUnit('powerLevel', options.powerLevel ?? DEFAULT_POWER_LEVEL);
  const verdict = { metric, k, alpha, direction, datasets: simulations, seed } as const;
  let done = 0;
  const counted = function* (steps: Steps<SimulatedPowerValue>, tasks: number): Steps<SimulatedPowerValue> {
    options.checkWork?.(simulations * tasks);
    if (!(simulations * tasks <= MAX_SIMULATED_TASKS)) {
      throw new InputError(
        'simulations',
        `must keep one power simulation (simulations × ${tasks} tasks = ${simulations * tasks}) at most ${MAX_SIMULATED_TASKS} (each experiment fits both task populations: 10⁸ tasks take minutes)`,
        simulations,
      );
    }
    const before = done;
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      done = before + next.value.done;
      yield { done, total: before + simulations * 8 };
    }
  };
  // The promise's own uncertainty at a design: the pilot's tasks bootstrapped (pilotPowerIntervalSteps).
  const intervalAt = function* (tasks: number, n: number, centre: number): Steps<PilotPowerInterval | null> {
    if (draws === 0) return null;
    options.checkWork?.(drawExperiments * tasks);
    const before = done;
    const steps = pilotPowerIntervalSteps(resampled, tasks, n, verdict, { draws, experiments: drawExperiments, level: powerLevel, centre });
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      done = before + next.value.done;
      yield { done, total: before + next.value.total };
    }
  };
  // The z-test's tasks from the pilot's spread of differences (or Δ's): the search's first guess.
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  const difference = pilot.comparison - pilot.baseline;
  const guess = Math.max(2, Math.ceil((z * (pilot.sdDifference ?? 0.5)) ** 2 / (difference * difference)));
  const trialsFrom = (n: number): PilotCompareRow['trialsFrom'] => (options.runs !== undefined && n <= minN ? 'subsample' : 'posterior');
  const rows: PilotCompareRow[] = [];
  // The fewest tasks whose simulated power from `from` reaches the target at n trials (searchPower).
  const searchTasks = (from: TaskSource, n: number) =>
    searchPower((tasks) => counted(verdictPowerSteps(from, tasks, n, verdict), tasks), power, guess, {
      min: 2,
      max: Math.min(MAX_SEARCH_TASKS, Math.floor(MAX_SIMULATED_TASKS / simulations), Math.max(64, 64 * guess)),
      relative: 0.02,
    });
  for (const n of trialsList) {
    const found = yield* searchTasks(source, n);
    // Re-simulated at the answer on independent streams (the search's own estimate there is biased up).
    const checked =
      found.size === null ? found.power : yield* counted(verdictPowerSteps(source, found.size, n, { ...verdict, seed: checkSeed(seed) }), found.size);
    rows.push({
      trials: n,
      tasks: found.size,
      attempts: found.size === null ? null : 2 * found.size * n,
      simulatedPower: checked,
      powerInterval: found.size === null ? null : yield* intervalAt(found.size, n, checked.value),
      trialsFrom: trialsFrom(n),
    });
  }
  const alternativeRows: { trials: number; tasks: number | null }[] = [];
  if (alternativeSource !== undefined) {
    for (const n of trialsList) {
      alternativeRows.push({ trials: n, tasks: (yield* searchTasks(alternativeSource, n)).size });
    }
    gain = { ...gain!, alternative: { model: gain!.alternative.model, rows: alternativeRows } };
  }
  let fixedTasks: PilotComparePlan['fixedTasks'] = null;
  if (fixed !== undefined) {
    const found = yield* searchPower((n) => counted(verdictPowerSteps(source, fixed, n, verdict), fixed), power, Math.max(k, maxN), {
      min: k,
      max: MAX_SEARCH_TRIALS,
      relative: 0,
    });
    const checked =
      found.size === null ? found.power : yield* counted(verdictPowerSteps(source, fixed, found.size, { ...verdict, seed: checkSeed(seed) }), fixed);
    fixedTasks = {
      tasks: fixed,
      trials: found.size,
      simulatedPower: checked,
      powerInterval: found.size === null ? null : yield* intervalAt(fixed, found.size, checked.value),
    };
  }
  return {
    mode: options.runs !== undefined ? 'pair' : 'oneRun',
    metric,
    k,
    alpha,
    power,
    pilot,
    gain,
    rows,
    fixedTasks,
    simulation: { datasets: simulations, seed, test: VERDICT_TEST },
    method:
      (options.runs !== undefined
        ? "the pilot's tasks resampled with replacement (both agents' counts of a task together)"
        : `the pilot's tasks resampled with replacement; ` +
          (gain!.model === 'shift'
            ? `B's log-odds = A's on the same task + ${gain!.logOddsShift.toFixed(3)}`
            : `B's rate: A's population shifted by ${gain!.logOddsShift.toFixed(3)} on the log-odds scale, drawn for another pilot task (unrelated to A's rate on this one)`) +
          (gain!.gainSpreadFrom === 'pilot'
            ? gain!.model === 'shift'
              ? " on every task (the gain in the metric varies with each task's rate, as the pilot's rates spread)"
              : ''
            : ` + ${gain!.gainSpread}·Z per task (the gain's spread as given)`) +
          `; sized for the ${gain!.model} gain model, the ${gain!.alternative.model} one's tasks beside`) +
      "; trials subsampled from a task's recorded ones where it has enough, else its recorded ones plus binomial draws from its posterior rate under the task population fitted to the pilot; " +
      `tasks: the fewest whose simulated power of compare's verdict reaches ${power}`,
  };
}

/** A pilot's tasks (or pairs) drawn with replacement, as many as it has. */
function resample<T>(rng: Rng, items: readonly T[]): T[] {
  return Array.from({ length: items.length }, () => items[Math.floor(rng.uniform() * items.length)]!);
}

/** The paired source of a pilot of two runs, each agent's task population fitted to it (as compare's interval). */
function fittedPairedSource(pairs: readonly PairedTrials[]): TaskSource {
  const fits = new PopulationFits();
  const priorA = fits.fitted(countGroups(pairs.map((pair) => pair.a))) ?? JEFFREYS_PRIOR;
  const priorB = fits.fitted(countGroups(pairs.map((pair) => pair.b))) ?? JEFFREYS_PRIOR;
  return pairedPilotSource(pairs, priorA, priorB);
}

/**
 * One run and a gain Δ: fixed draws (task, p_A from its posterior, Z) from `rng`, the shift δ solved
 * so that their mean of B's metric at logistic(logit p_A + δ + s·Z) is A's + Δ, and the task sources
 * of both gain models: p_A drawn the same way, and p_B = logistic(logit p + δ + s·Z) with p = p_A
 * (`shift`) or p an independent posterior draw of another resampled pilot task (`independent`: B's
 * population is A's shifted, B's rate on a task unrelated to A's). The mean of B's metric does not
 * depend on which p is paired with which p_A, so one δ serves both. `reachable` is B's mean at the
 * largest shift (±40). (Internal; tested in test/sim/planning/oneRunGainModel.test.ts.)
 */
export function oneRunModel(
  tasks: readonly { readonly n: number; readonly c: number }[],
  metric: 'passAtK' | 'passHatK',
  k: number,
  delta: number,
  gainSpread: number,
  rng: Rng,
): { baseline: number; comparison: number; reachable: number; logOddsShift: number; sources: Record<GainModel, TaskSource> } {
  const prior = new PopulationFits().fitted(countGroups(tasks)) ?? JEFFREYS_PRIOR;
  const taskMetric = metric === 'passHatK' ? (p: number) => p ** k : (p: number) => atLeastOneSuccess(p, k);
  const draws = Array.from({ length: SHIFT_DRAWS }, () => {
    const task = tasks[Math.floor(rng.uniform() * tasks.length)]!;
    return { p: posteriorRate(rng, prior, task.n, task.c), z: standardNormal(rng) };
  });
  const baseline = draws.reduce((s, draw) => s + taskMetric(draw.p), 0) / draws.length;
  const comparison = baseline + delta;
  const meanB = (shift: number) => draws.reduce((s, draw) => s + taskMetric(shiftRate(draw.p, shift + gainSpread * draw.z)), 0) / draws.length;
  const reachable = meanB(delta > 0 ? 40 : -40);
  const logOddsShift = comparison > 0 && comparison < 1 ? solveShift((shift) => meanB(shift) - comparison) : 0;
  return {
    baseline,
    comparison,
    reachable,
    logOddsShift,
    sources: {
      shift: {
        task: (draw) => {
          const task = tasks[Math.floor(draw.uniform() * tasks.length)]!;
          const pA = posteriorRate(draw, prior, task.n, task.c);
          return { pA, pB: shiftRate(pA, logOddsShift + gainSpread * standardNormal(draw)) };
        },
      },
      independent: {
        task: (draw) => {
          const task = tasks[Math.floor(draw.uniform() * tasks.length)]!;
          const pA = posteriorRate(draw, prior, task.n, task.c);
          const other = tasks[Math.floor(draw.uniform() * tasks.length)]!;
          const p = posteriorRate(draw, prior, other.n, other.c);
          return { pA, pB: shiftRate(p, logOddsShift + gainSpread * standardNormal(draw)) };
        },
      },
    },
  };
}

/**
 * The tasks of a pilot of two runs, resampled: a pilot task drawn uniformly (with replacement),
 * each agent's rate from the task's posterior under its fitted population, and the task's counts
 * kept for subsampling (internal; tested against test/reference/plan_pilot_moments.py).
 */
export function pairedPilotSource(pairs: readonly PairedTrials[], priorA: FittedPopulation, priorB: FittedPopulation): TaskSource {
  return {
    task: (rng) => {
      const pair = pairs[Math.floor(rng.uniform() * pairs.length)]!;
      return { pA: posteriorRate(rng, priorA, pair.a.n, pair.a.c), pB: posteriorRate(rng, priorB, pair.b.n, pair.b.c), pilot: pair };
    },
  };
}

/** A task's rate drawn from its posterior under the fitted population: the point mass at 0 or 1 with its posterior probability, else Beta(a + c, b + n − c) (internal; also used by precisionPilot). */
export function posteriorRate(rng: Rng, prior: FittedPopulation, n: number, c: number): number {
  if ('mixture' in prior) {
    const atom = atomProbability(prior, n, c);
    if (atom > 0 && rng.uniform() < atom) return c === 0 ? 0 : 1;
    const { a, b } = betaComponent(prior, MAX_CONCENTRATION);
    return beta(rng, a + c, b + n - c);
  }
  return beta(rng, prior.a + c, prior.b + n - c);
}

function trialRange(ns: readonly number[]): { min: number; max: number } {
  return { min: Math.min(...ns), max: Math.max(...ns) };
}
