import { InputError } from '../errors.js';
import type { TaskTrials } from '../estimators/taskAverage.js';
import { fitScenarioTasks } from '../fit/fitScenarioTasks.js';
import { posteriorTasksOf } from '../fit/posteriorTasks.js';
import { refitTasks } from '../fit/refitTasks.js';
import type { Rng } from '../rng/rng.js';
import { rootPath } from '../scenario/configReader.js';
import { resolveSuccessRate } from '../scenario/resolveSuccessRate.js';
import type { SuccessRateDist, TaskMeasurement } from '../scenario/types.js';

/**
 * Resamples that find nothing to fit (every task at c = 0, or every task at c = n, or every n = 1)
 * are drawn again; after this many in a row the log is too small or too extreme to bootstrap.
 */
export const MAX_BOOTSTRAP_REDRAWS = 1000;

/**
 * One plausible task population given the log's per-task counts: the nonparametric bootstrap of
 * the tasks (T indices drawn uniformly with replacement; Efron & Tibshirani 1993, ch. 6) refitted
 * by maximum likelihood as `passk fit` fits the log (both models, the one of lower AIC kept:
 * `refitTasks`), so the draw carries the task-sample and fit uncertainty, model choice included.
 * population perTask: each resampled task's posterior Beta(a + c, b + n − c) under the refitted
 * beta-binomial prior (`posteriorTasksOf`). A resample with nothing to fit (no success, no failure,
 * or only n = 1) is drawn again from the same stream, so the draw depends only on `rng`.
 * Cost: one refit per call (refitTasks: 15–90 ms for 80 tasks × 5 trials on a loaded 2-core machine).
 * Example: counts (5, 0), (5, 5), (5, 2) resampled as tasks 3, 3, 1 refit to the tasks (5, 2), (5, 2), (5, 0).
 */
export function drawTaskPopulation(measured: TaskMeasurement, rng: Rng): SuccessRateDist {
  const T = measured.trials.length;
  for (let tries = 0; tries < MAX_BOOTSTRAP_REDRAWS; tries++) {
    const sample: TaskTrials[] = [];
    let spread = false;
    let success = false;
    let failure = false;
    for (let t = 0; t < T; t++) {
      const i = Math.floor(rng.uniform() * T);
      const n = measured.trials[i]!;
      const c = measured.successes[i]!;
      sample.push({ n, c });
      spread ||= n >= 2;
      success ||= c > 0;
      failure ||= c < n;
    }
    if (!(spread && success && failure)) continue;
    const refit = refitTasks(sample);
    let block;
    if (measured.population === 'perTask') {
      // This resample has no finite beta-binomial prior (its tasks too uniform): draw again.
      if (refit.betaBinomial === null) continue;
      block = posteriorTasksOf(sample, refit.betaBinomial.a, refit.betaBinomial.b);
    } else block = fitScenarioTasks(refit.params, T);
    return resolveSuccessRate(block.successRate, rootPath('a refitted task population'));
  }
  throw new InputError(
    'tasks.measured',
    `must have tasks that can be refitted: ${MAX_BOOTSTRAP_REDRAWS} bootstrap resamples in a row had no success, no failure or only n = 1`,
    `${T} tasks`,
  );
}
