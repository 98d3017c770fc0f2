import { requireNonNegative, requireUnit } from '../checks.js';
import { requireMeanIntervalOptions, requireObject } from '../checkArgs.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { Interval } from '../intervals/interval.js';
import type { MeanAndSe } from '../math/meanAndSe.js';

/**
 * The normal interval of a task average from its clustered standard error (`averageOverTasks`:
 * SE = sd of the per-task estimates / √T, which covers which tasks and which trials within a
 * task; Miller 2024, "Adding Error Bars to Evals", §2): mean ± z·SE clipped to [0, 1], with
 * z = Φ⁻¹(1 − (1 − confidence)/2) for two sides; one-sided, the lower bound mean − z·SE with
 * z = Φ⁻¹(confidence) and upper bound 1. Null when there is no mean or no SE (fewer than 2 tasks).
 * This is the interval `passk estimate FILE` reports.
 *
 * Example: {value: 0.6, se: 0.05}, 95 % two-sided → [0.6 − 1.96·0.05, 0.6 + 1.96·0.05] = [0.502, 0.698].
 */
export function clusteredNormalInterval(mean: MeanAndSe | null, options: { readonly confidence: number; readonly sides: 1 | 2 }): Interval | null {
  requireMeanIntervalOptions('options', options);
  if (mean === null) return null;
  requireObject('mean', mean);
  requireUnit('mean.value', mean.value);
  if (mean.se === null) return null;
  requireNonNegative('mean.se', mean.se);
  const z = normalQuantile(options.sides === 2 ? 1 - (1 - options.confidence) / 2 : options.confidence);
  const lower = Math.max(0, mean.value - z * mean.se);
  const upper = options.sides === 2 ? Math.min(1, mean.value + z * mean.se) : 1;
  return { lower, upper };
}
