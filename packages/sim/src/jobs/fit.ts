import { optionalObject } from '../checkArgs.js';
import { FIT_DEFAULTS } from '../fit/fitDefaults.js';
import { fitTasks, type FitOptions } from '../fit/fitTasks.js';
import type { TaskFit } from '../fit/fitResult.js';
import type { TaskTrials } from '../estimators/taskAverage.js';

export { FIT_DEFAULTS };

/**
 * The task population behind per-task counts, as `passk fit` fits it: the beta-binomial and the
 * zero/one-inflated beta-binomial by maximum likelihood (Skellam 1948), chosen by AIC (Akaike
 * 1974), with goodness of fit, pass@k / pass^k predicted beyond the observed trials (model-based,
 * delta-method intervals on the logit scale) and the chosen fit as a scenario's `tasks` block.
 *
 * @category Fit
 * @param tasks - Per task, trials n and successes c.
 * @param options - ks to extrapolate to, confidence, trialOrder (`FIT_DEFAULTS`).
 * @returns The fit (`TaskFit`), the `passk fit --json` document's numbers.
 * @example
 * ```ts
 * import { fit } from '@passk/sim';
 * const result = fit([{ n: 4, c: 0 }, { n: 4, c: 2 }, { n: 4, c: 4 }, { n: 4, c: 1 }, { n: 4, c: 3 }]);
 * console.log(result.tasks); // → 5
 * ```
 */
export function fit(tasks: readonly TaskTrials[], options: FitOptions = {}): TaskFit {
  optionalObject('options', options);
  return fitTasks(tasks, { confidence: FIT_DEFAULTS.confidence, ...options });
}
