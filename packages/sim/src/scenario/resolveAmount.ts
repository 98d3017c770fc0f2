import { requireNonNegative, requirePositive } from '../checks.js';
import { InputError } from '../errors.js';
import { checkKeys, readObject, readRequired, readTag, whereOf, type ConfigPath } from './configReader.js';
import { AMOUNT_DISTS } from './scenarioKinds.js';
import type { Amount } from './types.js';

/**
 * A per-attempt amount (`attempts.cost.perAttempt`, `attempts.latency.perAttempt`): a number ≥ 0,
 * `{dist: constant, value}`, `{dist: lognormal, median, sigma}` (median > 0, sigma ≥ 0), or
 * `{dist: empirical, values}` (each attempt draws one of the values, uniformly: a log's observed amounts).
 *
 * Example: 0.02 → {dist: constant, value: 0.02}.
 */
export function resolveAmount(value: unknown, at: ConfigPath): Amount {
  if (typeof value === 'number') return { dist: 'constant', value: requireNonNegative(whereOf(at), value) };
  const node = readObject(value, at, '0.02 or { dist: lognormal, median: 0.02, sigma: 0.5 }');
  const dist = readTag(node, at, 'dist', AMOUNT_DISTS);
  if (dist === 'constant') {
    checkKeys(node, at, ['dist', 'value'], 'dist constant');
    return { dist, value: readRequired(node, at, 'value', 'a finite number ≥ 0', requireNonNegative) };
  }
  if (dist === 'empirical') {
    checkKeys(node, at, ['dist', 'values'], 'dist empirical');
    const values = node.values;
    const where = `${whereOf(at)}.values`;
    if (!Array.isArray(values) || values.length === 0) throw new InputError(where, 'must be a non-empty list of numbers ≥ 0', values);
    return { dist, values: values.map((v: unknown, i: number) => requireNonNegative(`${where}[${i}]`, v as number)) };
  }
  checkKeys(node, at, ['dist', 'median', 'sigma'], 'dist lognormal');
  const median = readRequired(node, at, 'median', 'a finite number > 0', requirePositive);
  const sigma = readRequired(node, at, 'sigma', 'a finite number ≥ 0', requireNonNegative);
  return { dist, median, sigma };
}
