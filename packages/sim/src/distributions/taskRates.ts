import { ARGUMENT_LIMITS, requireAtMost, requireObject, requireRng } from '../checkArgs.js';
import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import type { Rng } from '../rng/rng.js';
import type { TasksSpec } from '../scenario/types.js';
import { requireSuccessRateDist } from './requireSuccessRateDist.js';
import { sampleSuccessRateUnchecked } from './sampleSuccessRate.js';

/**
 * The success rates p_t of all tasks of a scenario, t = 0..count − 1.
 *
 * Formula: fixed → a copy of `values` (rng untouched); otherwise `count` independent draws of
 * `sampleSuccessRate`, in task order, from the one stream `rng` (the distribution is checked once).
 * Example: { count: 3, successRate: { dist: 'fixed', values: [0.9, 0.5, 0] } } gives [0.9, 0.5, 0] (tested).
 */
export function taskRates(tasks: TasksSpec, rng: Rng): Float64Array {
  requireObject('tasks', tasks);
  const count = requireAtMost(
    'tasks.count',
    requireInteger('tasks.count', tasks.count, 0),
    ARGUMENT_LIMITS.scenarioTasks,
    'one rate per task is kept: 10⁷ are 80 MB',
  );
  requireRng('rng', rng);
  const dist = requireSuccessRateDist('tasks.successRate', tasks.successRate);
  if (dist.dist === 'fixed') {
    if (count !== dist.values.length) {
      throw new InputError('tasks.count', `must equal the number of fixed values (${dist.values.length})`, count);
    }
    return Float64Array.from(dist.values);
  }
  const rates = new Float64Array(count);
  for (let t = 0; t < count; t++) rates[t] = sampleSuccessRateUnchecked(dist, rng);
  return rates;
}
