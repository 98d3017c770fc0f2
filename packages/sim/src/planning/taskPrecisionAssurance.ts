import { groupsPopulationInterval } from '../taskAverage/taskAverageIntervals.js';
import { requireInteger, requireOpenUnit, requirePositive } from '../checks.js';
import { requireAtMost, requireK, requireObject, requireOneOf, requireSeed } from '../checkArgs.js';
import { beta } from '../distributions/beta.js';
import { binomial } from '../distributions/binomial.js';
import { countGroups } from '../estimators/taskAverage.js';
import { streamRng, type Seed } from '../rng/streams.js';
import type { PlanMetric } from './precision.js';
import type { TaskPrecisionPlan } from './taskPrecision.js';

/** Options of `taskPrecisionAssurance`: the half-width asked for and how the benchmarks are simulated. */
export interface TaskAssuranceOptions {
  readonly metric: PlanMetric;
  readonly k: number;
  readonly halfWidth: number;
  /** Two-sided confidence level of the interval. */
  readonly confidence: number;
  /** Simulated benchmarks per number of tasks. */
  readonly datasets: number;
  readonly seed: Seed;
}

/** The share of simulated benchmarks whose task-population interval reaches the half-width, with its binomial SE. */
export interface TaskAssurance {
  readonly tasks: number;
  readonly assurance: number;
  readonly se: number;
  readonly datasets: number;
}

/** A task plan's assurance as `plan precision --trials` reports it: at the planned tasks, and the tasks that reach the assurance wanted. */
export interface TaskPlanAssurance {
  readonly datasets: number;
  readonly seed: Seed;
  readonly wanted: number;
  readonly planned: TaskAssurance;
  /** null when the most tasks searched (64 times the planned ones, within MAX_ASSURANCE_DRAWS) still fall short. */
  readonly assured: TaskAssurance | null;
}

/** The most tasks × trials × datasets one assurance may simulate (about 10 s). */
export const MAX_ASSURANCE_DRAWS = 200_000_000;

/**
 * How often the task-population interval passk prints (`groupsPopulationInterval`) is at most
 * `halfWidth` wide on each side on average, (upper − lower)/2, for `tasks` tasks of `plan.trials`
 * trials drawn from the plan's Beta task population (p_t ~ Beta(a, b), c_t ~ Binomial(n, p_t)),
 * over `datasets` simulated benchmarks (benchmark d on the stream (seed, 'task-precision', tasks, d)).
 * `planTaskPrecision` plans at the expected spread, where the interval is that wide about half the
 * time; this is the chance (the assurance) that the plan's half-width is reached.
 */
export function taskPrecisionAssurance(
  plan: Pick<TaskPrecisionPlan, 'trials' | 'taskDistribution'>,
  tasks: number,
  options: TaskAssuranceOptions,
): TaskAssurance {
  const { trials, a, b } = requirePlan(plan);
  requireObject('options', options);
  const metricName = requireOneOf('options.metric', options.metric, ['p', 'passAtK', 'passHatK'] as const);
  const k = metricName === 'p' ? 1 : requireK('options.k', options.k);
  requireInteger('tasks', tasks, 2);
  const datasets = requireInteger('datasets', options.datasets, 1, 1_000_000);
  const halfWidth = requireOpenUnit('halfWidth', options.halfWidth);
  const confidence = requireOpenUnit('confidence', options.confidence);
  const seed = requireSeed('seed', options.seed);
  requireAtMost('tasks × trials × datasets', tasks * trials * datasets, MAX_ASSURANCE_DRAWS, 'the draws of the simulated benchmarks: about 10 s');
  const metric = metricName === 'passAtK' ? 'passAtK' : 'passHatK';
  let reached = 0;
  for (let d = 0; d < datasets; d++) {
    const rng = streamRng(seed, 'task-precision', tasks, d);
    const counts = Array.from({ length: tasks }, () => ({ n: trials, c: binomial(rng, trials, beta(rng, a, b)) }));
    const interval = groupsPopulationInterval(countGroups(counts), metric, k, { confidence, sides: 2 });
    if (interval !== null && (interval.upper - interval.lower) / 2 <= halfWidth) reached++;
  }
  const assurance = reached / datasets;
  return { tasks, assurance, se: Math.sqrt((assurance * (1 - assurance)) / datasets), datasets };
}

/**
 * The fewest tasks (from `plan.tasks` up) whose simulated assurance (`taskPrecisionAssurance`) is
 * at least `wanted`: doubling, then bisection on the same seeded streams; at most `maxTasks`
 * (null when even that falls short).
 */
export function tasksForAssurance(
  plan: Pick<TaskPrecisionPlan, 'tasks' | 'trials' | 'taskDistribution'>,
  wanted: number,
  options: TaskAssuranceOptions & { readonly maxTasks: number },
): TaskAssurance | null {
  requireOpenUnit('wanted', wanted);
  requireObject('plan', plan);
  const first = requireInteger('plan.tasks', plan.tasks, 1);
  requireObject('options', options);
  const maxTasks = requireInteger('options.maxTasks', options.maxTasks, 2);
  const at = (tasks: number) => taskPrecisionAssurance(plan, tasks, options);
  let low = at(Math.max(2, Math.min(first, maxTasks)));
  if (low.assurance >= wanted) return low;
  let high = low;
  while (high.assurance < wanted) {
    if (high.tasks >= maxTasks) return null;
    low = high;
    high = at(Math.min(maxTasks, high.tasks * 2));
  }
  while (high.tasks - low.tasks > 1) {
    const mid = at(Math.floor((low.tasks + high.tasks) / 2));
    if (mid.assurance >= wanted) high = mid;
    else low = mid;
  }
  return high;
}

/** The plan's trials and Beta task population, checked (a plan made by `planTaskPrecision`). */
function requirePlan(plan: Pick<TaskPrecisionPlan, 'trials' | 'taskDistribution'>): { trials: number; a: number; b: number } {
  requireObject('plan', plan);
  const trials = requireInteger('plan.trials', plan.trials, 1);
  const distribution = requireObject('plan.taskDistribution', plan.taskDistribution);
  return { trials, a: requirePositive('plan.taskDistribution.a', distribution.a), b: requirePositive('plan.taskDistribution.b', distribution.b) };
}
