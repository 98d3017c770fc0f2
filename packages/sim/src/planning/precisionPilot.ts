import { groupsPopulationInterval } from '../taskAverage/taskAverageIntervals.js';
import { PopulationFits } from '../taskAverage/differenceInterval.js';
import { requireCounts, requireInteger, requireOpenUnit } from '../checks.js';
import { ARGUMENT_LIMITS, optionalFunction, requireK, requireList, requireObject, requireOneOf, requireSeed } from '../checkArgs.js';
import { taskMetricValue } from '../compare/compareMetric.js';
import { binomial } from '../distributions/binomial.js';
import { InputError } from '../errors.js';
import { countGroups } from '../estimators/taskAverage.js';
import { JEFFREYS_PRIOR } from '../intervals/betaPosterior.js';
import { normalQuantile } from '../math/normalQuantile.js';
import { streamRng, type Seed } from '../rng/streams.js';
import { runSteps, type Steps } from '../stepwise.js';
import { checkSeed, MAX_SIMULATED_TASKS, requireSimulations } from './compare.js';
import { posteriorRate } from './comparePilot.js';
import { searchPower } from './powerSearch.js';
import { subsample, type SimulatedPowerValue } from './verdictPower.js';

/** Options of `planPrecisionFromPilot`: the pilot's tasks, the interval's target half-width and the designs to size. */
export interface PilotPrecisionOptions {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  /** Target half-width (upper − lower)/2 of the task-population interval, in (0, 0.5]. */
  readonly halfWidth: number;
  /** Two-sided confidence level of the interval. */
  readonly confidence: number;
  /** The chance asked for that the interval is at most that wide. */
  readonly assurance: number;
  /** The pilot run's tasks (trials n, successes c), resampled with replacement. */
  readonly pilot: readonly { readonly n: number; readonly c: number }[];
  /** Trials per task to size the tasks for (each ≥ k; default k, the pilot's most trials, twice that). */
  readonly trials?: readonly number[];
  /** A fixed number of tasks: also find the fewest trials per task that reach the assurance there. */
  readonly tasks?: number;
  /** Simulated benchmarks per size (the CLI's default is DEFAULT_SIMULATIONS = 400). */
  readonly simulations: number;
  readonly seed?: Seed;
  /** Called with each simulation's size (benchmarks × tasks) before it runs: a work limit throws here. */
  readonly checkWork?: (simulatedTasks: number) => void;
}

/** One design of a `PilotPrecisionPlan`: trials per task, the tasks needed and the simulated assurance there. */
export interface PilotPrecisionRow {
  readonly trials: number;
  /** The fewest tasks found whose simulated assurance reaches the target; null when none up to the search's limit does. */
  readonly tasks: number | null;
  /** Attempts in all (tasks × trials); null with tasks. */
  readonly attempts: number | null;
  /** The assurance at `tasks`, re-simulated on streams independent of the search's (at the largest size tried when tasks is null). */
  readonly simulatedAssurance: SimulatedPowerValue;
  /** How trials were drawn: `subsample` (of the pilot's recorded trials) or `posterior` (binomial from each task's posterior rate). */
  readonly trialsFrom: 'subsample' | 'posterior';
}

/** What `planPrecisionFromPilot` returns. */
export interface PilotPrecisionPlan {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  readonly halfWidth: number;
  readonly confidence: number;
  readonly assurance: number;
  readonly pilot: {
    readonly tasks: number;
    readonly trials: { readonly min: number; readonly max: number };
    /** Task-averaged metric over the pilot's tasks with n ≥ k. */
    readonly estimate: number;
    /** sd over those tasks of the per-task estimate. */
    readonly sdTasks: number;
  };
  readonly rows: readonly PilotPrecisionRow[];
  /** With `tasks`: the fewest trials per task reaching the assurance there (null when none up to 1000 does). */
  readonly fixedTasks: { readonly tasks: number; readonly trials: number | null; readonly simulatedAssurance: SimulatedPowerValue } | null;
  readonly simulation: { readonly datasets: number; readonly seed: Seed };
  readonly method: string;
}

/** Most trials per task the search over trials tries. */
export const MAX_PRECISION_SEARCH_TRIALS = 1000;
/** Most tasks the search over tasks tries. */
const MAX_SEARCH_TASKS = 100_000;

/** `planPrecisionFromPilotSteps` run to the end. */
export function planPrecisionFromPilot(options: PilotPrecisionOptions): PilotPrecisionPlan {
  return runSteps(planPrecisionFromPilotSteps(options));
}

/**
 * Tasks × trials for the task-population interval `passk estimate` prints (CI (tasks),
 * `groupsPopulationInterval`) to be at most ±H with the assurance asked, from a pilot run. Each
 * simulated benchmark resamples the pilot's tasks with replacement and on each draws its counts at
 * n trials as `plan compare --pilot` does: n of the task's recorded trials without replacement
 * where it has n (`subsample`), else c ~ Binomial(n, p) with p from the task's posterior under the
 * task population fitted to the pilot (`posterior`; PopulationFits, Jeffreys without a fit).
 * Assurance = share of simulated benchmarks with (upper − lower)/2 ≤ H (Monte Carlo SE
 * √(A(1 − A)/R)); sizes found by searchPower on common random numbers, the answer re-simulated on
 * independent streams. Benchmark d draws its tasks from (seed, 'plan-precision-pilot', 'tasks', d)
 * and its trials from (seed, 'plan-precision-pilot', 'trials', n, d).
 */
export function* planPrecisionFromPilotSteps(options: PilotPrecisionOptions): Steps<PilotPrecisionPlan> {
  requireObject('options', options);
  const metric = requireOneOf('metric', options.metric, ['passAtK', 'passHatK'] as const);
  const k = requireK('k', options.k);
  const halfWidth = options.halfWidth;
  if (typeof halfWidth !== 'number' || !(halfWidth > 0 && halfWidth <= 0.5)) {
    throw new InputError('halfWidth', 'must be a number in (0, 0.5] (an interval on [0, 1] is at most ±0.5)', halfWidth);
  }
  const confidence = requireOpenUnit('confidence', options.confidence);
  const assurance = requireOpenUnit('assurance', options.assurance);
  const simulations = requireSimulations(options.simulations, 1);
  const seed = requireSeed('seed', options.seed === undefined ? 1 : options.seed);
  optionalFunction('checkWork', options.checkWork);
  const pilot = requireList('pilot', options.pilot, 2).map((task, i) => {
    const side = requireObject(`pilot[${i}]`, task);
    return requireCounts(side.n, side.c, `pilot[${i}]`);
  });
  const counted = pilot.filter((task) => task.n >= k).map((task) => taskMetricValue(metric, task.n, task.c, k));
  if (counted.length < 2) throw new InputError('pilot', `must have at least 2 tasks with n ≥ ${k} trials`, counted.length);
  const estimate = counted.reduce((s, x) => s + x, 0) / counted.length;
  const sdTasks = Math.sqrt(counted.reduce((s, x) => s + (x - estimate) ** 2, 0) / (counted.length - 1));
  const prior = new PopulationFits().fitted(countGroups(pilot)) ?? JEFFREYS_PRIOR;
  const ns = pilot.map((task) => task.n);
  const maxN = Math.max(k, ...ns);
  const minN = Math.min(...ns);
  const trialsList = options.trials === undefined ? [...new Set([k, maxN, 2 * maxN])] : (requireList('trials', options.trials, 1) as readonly number[]);
  let trialsSum = 0;
  for (const n of trialsList) trialsSum += requireInteger('trials', n, k);
  if (!(trialsSum <= ARGUMENT_LIMITS.planTrials)) throw new InputError('trials', `must sum to at most ${ARGUMENT_LIMITS.planTrials}`, trialsSum);
  const fixed = options.tasks === undefined ? undefined : requireInteger('tasks', options.tasks, 2, MAX_SEARCH_TASKS);

  let done = 0;
  const assuranceAt = function* (tasks: number, n: number, streamSeed: Seed): Steps<SimulatedPowerValue> {
    options.checkWork?.(simulations * tasks);
    if (!(simulations * tasks <= MAX_SIMULATED_TASKS)) {
      throw new InputError(
        'simulations',
        `must keep one simulation (simulations × ${tasks} tasks = ${simulations * tasks}) at most ${MAX_SIMULATED_TASKS}`,
        simulations,
      );
    }
    let reached = 0;
    const before = done;
    for (let d = 0; d < simulations; d++) {
      const taskRng = streamRng(streamSeed, 'plan-precision-pilot', 'tasks', d);
      const trialRng = streamRng(streamSeed, 'plan-precision-pilot', 'trials', n, d);
      const counts: { n: number; c: number }[] = [];
      for (let t = 0; t < tasks; t++) {
        const task = pilot[Math.floor(taskRng.uniform() * pilot.length)]!;
        const p = posteriorRate(taskRng, prior, task.n, task.c);
        counts.push({ n, c: task.n >= n ? subsample(trialRng, task.n, task.c, n) : binomial(trialRng, n, p) });
      }
      const interval = groupsPopulationInterval(countGroups(counts), metric, k, { confidence, sides: 2 });
      if (interval !== null && (interval.upper - interval.lower) / 2 <= halfWidth) reached++;
      done++;
      // The total guesses 8 sizes per search (as plan compare --pilot's progress does).
      if (d % 16 === 15) yield { done, total: before + simulations * 8 };
    }
    const value = reached / simulations;
    return { value, se: Math.sqrt((value * (1 - value)) / simulations) };
  };
  // The normal interval's tasks at the pilot's spread (half-width z·sd/√T): the search's first guess.
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const guess = Math.max(2, Math.ceil(((z * Math.max(sdTasks, 0.05)) / halfWidth) ** 2));
  const trialsFrom = (n: number): PilotPrecisionRow['trialsFrom'] => (n <= minN ? 'subsample' : 'posterior');
  const rows: PilotPrecisionRow[] = [];
  for (const n of trialsList) {
    const found = yield* searchPower((tasks) => assuranceAt(tasks, n, seed), assurance, guess, {
      min: 2,
      max: Math.min(MAX_SEARCH_TASKS, Math.floor(MAX_SIMULATED_TASKS / simulations), Math.max(64, 64 * guess)),
      relative: 0,
    });
    // Re-simulated at the answer on independent streams (the search's own estimate there is biased up).
    const checked = found.size === null ? found.power : yield* assuranceAt(found.size, n, checkSeed(seed));
    rows.push({ trials: n, tasks: found.size, attempts: found.size === null ? null : found.size * n, simulatedAssurance: checked, trialsFrom: trialsFrom(n) });
  }
  let fixedTasks: PilotPrecisionPlan['fixedTasks'] = null;
  if (fixed !== undefined) {
    const found = yield* searchPower((n) => assuranceAt(fixed, n, seed), assurance, maxN, { min: k, max: MAX_PRECISION_SEARCH_TRIALS, relative: 0 });
    const checked = found.size === null ? found.power : yield* assuranceAt(fixed, found.size, checkSeed(seed));
    fixedTasks = { tasks: fixed, trials: found.size, simulatedAssurance: checked };
  }
  return {
    metric,
    k,
    halfWidth,
    confidence,
    assurance,
    pilot: { tasks: pilot.length, trials: { min: minN, max: Math.max(...ns) }, estimate, sdTasks },
    rows,
    fixedTasks,
    simulation: { datasets: simulations, seed },
    method:
      "the pilot's tasks resampled with replacement; trials subsampled from a task's recorded ones where it has enough, " +
      "else binomial from the task's posterior rate under the task population fitted to the pilot; " +
      `tasks: the fewest whose share of simulated benchmarks with CI (tasks) at most ±${halfWidth} reaches ${assurance}`,
  };
}
