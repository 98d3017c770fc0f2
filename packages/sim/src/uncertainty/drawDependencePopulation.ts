import { DEPENDENCE_MODELS, dependenceModel } from '../dependence/dependenceModels.js';
import { episodeData } from '../dependence/episodeData.js';
import { fitDependenceModel } from '../dependence/fitDependenceModel.js';
import { firstAttemptRate } from '../dependence/testEpisodeIndependence.js';
import type { TaskEpisodes } from '../dependence/types.js';
import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';
import { rootPath } from '../scenario/configReader.js';
import { resolveCorrelation } from '../scenario/resolveCorrelation.js';
import { resolveSuccessRate } from '../scenario/resolveSuccessRate.js';
import type { AttemptCorrelation, EpisodeMeasurement, SuccessRateDist } from '../scenario/types.js';
import { MAX_BOOTSTRAP_REDRAWS } from './drawTaskPopulation.js';

/** One draw of a retry-dependence fit: the refitted task population and within-episode dependence. */
export interface DependenceDraw {
  readonly successRate: SuccessRateDist;
  readonly correlation: AttemptCorrelation;
}

/** A task's episodes as `tasks.measured.episodes.outcomes` writes them ('001 1') in booleans. */
export function parseEpisodes(text: string): boolean[][] {
  return text.split(' ').map((episode) => [...episode].map((x) => x === '1'));
}

/**
 * One plausible retry-dependence fit given the log's episodes: the nonparametric bootstrap of the
 * tasks (T tasks drawn uniformly with replacement, each with all its episodes, so the dependence
 * within a task and within an episode stays intact; Efron & Tibshirani 1993, ch. 6) refitted by
 * maximum likelihood (`fitDependenceModel`: Beta(mean·s, (1 − mean)·s) task rates and the model's
 * icc, stickiness or afterFailure): under `episodes.model` when it names one, or, with 'aic', all four
 * refitted and the lowest AIC kept (as `fitDependence` chooses), so the model choice is redrawn too.
 * The draw is the refit's population (every task at the mean where it finds no spread, s = ∞) and its
 * `attempts.correlation`. A resample with nothing to fit (fewer than 3 episodes, no episode of 2
 * attempts, or no success or no failure) is drawn again from the same stream, so the draw depends only on `rng`.
 * Cost: one refit per model and call (LDB's 500 tasks × ≤ 10 attempts: feedback 40–125 ms, all four
 * 130–340 ms on a loaded 2-core machine).
 * Example: tasks ['01', '1', '00'] resampled as tasks 1, 1, 3 refit to the episodes '01', '01', '00'.
 */
export function drawDependencePopulation(episodes: EpisodeMeasurement, rng: Rng): DependenceDraw {
  const tasks: TaskEpisodes[] = episodes.outcomes.map((text) => ({ episodes: parseEpisodes(text) }));
  const T = tasks.length;
  const models = episodes.model === 'aic' ? DEPENDENCE_MODELS : [dependenceModel(episodes.model)];
  for (let tries = 0; tries < MAX_BOOTSTRAP_REDRAWS; tries++) {
    const sample: TaskEpisodes[] = [];
    let count = 0;
    let long = false;
    let success = false;
    let failure = false;
    for (let t = 0; t < T; t++) {
      const task = tasks[Math.floor(rng.uniform() * T)]!;
      sample.push(task);
      for (const episode of task.episodes) {
        count++;
        long ||= episode.length >= 2;
        success ||= episode.includes(true);
        failure ||= episode.includes(false);
      }
    }
    if (!(count >= 3 && long && success && failure)) continue;
    const data = episodeData(sample, episodes.stopping);
    const first = firstAttemptRate(sample);
    // As fitDependence chooses: the lowest AIC, independence kept on a tie.
    const fit = models
      .map((model) => fitDependenceModel(data, model, 0.95, first, 'none'))
      .reduce((best, candidate) => (candidate.aic < best.aic - 1e-9 ? candidate : best));
    const { alpha, beta } = fit.population;
    const successRate =
      Number.isFinite(alpha) && Number.isFinite(beta) ? { dist: 'beta', a: alpha, b: beta } : { dist: 'point', p: fit.parameters.mean!.estimate };
    return {
      successRate: resolveSuccessRate(successRate, rootPath('a refitted task population')),
      correlation: resolveCorrelation(fit.correlation, rootPath('a refitted dependence')),
    };
  }
  throw new InputError(
    'tasks.measured.episodes',
    `must have episodes that can be refitted: ${MAX_BOOTSTRAP_REDRAWS} bootstrap resamples in a row had fewer than 3 episodes, none of 2 attempts, or no success or no failure`,
    `${T} tasks`,
  );
}
