import { fitDependence, InputError, predictDependentPassAtK, type DependenceFit, type FittedDependenceModel, type SummaryRow } from '@passk/sim/internal';
import { basename } from 'node:path';
import type { AttemptCorrelation, TaskEpisodes, TaskMeasurement } from '@passk/sim/internal';
import { dependenceWhatIfRows, dependenceWhatIfText } from '../format/dependenceWhatIf.js';
import type { TaskCounts } from '../io/readTaskCounts.js';

/**
 * The scenario's tasks block of a fitted dependence model: its Beta task population, or every task at
 * the mean where the fit finds no spread between tasks (Beta(∞, ∞), which a scenario cannot hold).
 */
export function dependenceTasks(fit: Pick<DependenceFit, 'tasks'>, model: FittedDependenceModel): LogDependence['tasks'] {
  const { alpha, beta } = model.population;
  const successRate =
    Number.isFinite(alpha) && Number.isFinite(beta)
      ? ({ dist: 'beta', a: alpha, b: beta } as const)
      : ({ dist: 'point', p: model.parameters.mean!.estimate } as const);
  return { count: fit.tasks, successRate };
}

/**
 * What the dependence fit rests on, as the scenario's `tasks.measured` holds it: per task its episodes
 * ('001 1'), the pooled counts beside them and the stopping rule, so that every block of replicates
 * refits the four dependence models to a bootstrap resample of the tasks and keeps the lowest AIC
 * (model 'aic'; uncertainty/drawDependencePopulation).
 */
export function dependenceMeasured(fit: Pick<DependenceFit, 'stopping'>, tasks: readonly TaskEpisodes[], source: string): TaskMeasurement {
  const outcomes = tasks.map((task) => task.episodes.map((episode) => episode.map((x) => (x ? '1' : '0')).join('')).join(' '));
  return {
    trials: tasks.map((task) => task.episodes.reduce((sum, episode) => sum + episode.length, 0)),
    successes: tasks.map((task) => task.episodes.reduce((sum, episode) => sum + episode.filter(Boolean).length, 0)),
    population: 'fitted',
    source,
    // aic: each block refits all four models and keeps the lowest AIC, as the log's own choice was made
    // (the choice redrawn too: refitting the log's choice alone covered 85 % at k = 2·length where
    // that choice was often wrong, 92.5 % with it; docs/what-ifs.md).
    episodes: { outcomes, stopping: fit.stopping, model: 'aic' },
  };
}

/** The retry dependence `simulate --tasks-from` takes from a log with episodes. */
export interface LogDependence {
  readonly fit: DependenceFit;
  readonly correlation: AttemptCorrelation;
  /** The task population fitted with it (a scenario tasks block). */
  readonly tasks: { count: number; successRate: { dist: 'beta'; a: number; b: number } | { dist: 'point'; p: number } };
  /** The one line that says so. */
  readonly said: string;
  /** The episodes and the chosen model (the scenario's `tasks.measured`), redrawn per block. */
  readonly measured: TaskMeasurement;
}

/** Two-sided level of the parameter intervals said in the line (as `fit`'s default). */
const CONFIDENCE = 0.95;

/**
 * With episodes in the log, the chosen dependence model (fitDependence: maximum likelihood, choice
 * by AIC) and its task population, fitted together; null for a log of separate runs (attempts stay
 * independent given p). `seed` is the scenario's (the permutation test of the fit).
 */
export function dependenceFromLog(counts: Pick<TaskCounts, 'attemptOrder'>, path: string, seed: number | string): LogDependence | null {
  const episodes = counts.attemptOrder?.episodes;
  if (episodes === undefined) return null;
  let fit: DependenceFit;
  try {
    fit = fitDependence(episodes.tasks, { stopping: episodes.stopping, confidence: CONFIDENCE, seed });
  } catch (error) {
    if (error instanceof InputError && (error.where === 'tasks' || error.where === 'episodes')) throw new InputError(path, error.rule, error.value);
    throw error;
  }
  const model = fit.models.find((candidate) => candidate.model === fit.chosen)!;
  const parameter = Object.entries(model.parameters).find(([name]) => name === 'icc' || name === 'stickiness' || name === 'afterFailure');
  const value =
    parameter === undefined ? '' : ` ${parameter[0]} ${parameter[1].estimate.toFixed(3)} [${parameter[1].lower.toFixed(3)}, ${parameter[1].upper.toFixed(3)}]`;
  return {
    fit,
    correlation: model.correlation,
    tasks: dependenceTasks(fit, model),
    said: `retries ${fit.chosen}${value} and the tasks fitted together to the log's ${fit.episodes} episodes (chosen by AIC), not independent attempts`,
    measured: dependenceMeasured(fit, episodes.tasks, basename(path)),
  };
}

/** The what-if's table: simulated coverage, the chosen model's pass@k and independence's, at every simulated k. */
export function dependenceWhatIf(dependence: LogDependence, rows: readonly Pick<SummaryRow, 'k' | 'coverage'>[]): string {
  const ks = rows.map((row) => row.k);
  const { fit } = dependence;
  return dependenceWhatIfText(
    fit,
    dependenceWhatIfRows(rows, predictDependentPassAtK(fit, fit.chosen, ks), predictDependentPassAtK(fit, 'independent', ks), fit.hazard),
  );
}
