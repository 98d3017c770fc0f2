import { requireUnit } from '../checks.js';
import { checkKeys, readObject, readRequired, readTag, whereOf, type ConfigPath } from './configReader.js';
import { BETA_KEYS, resolveBeta } from './resolveBeta.js';
import { RATE_DISTS } from './scenarioKinds.js';
import type { RateSpec } from './types.js';

/**
 * A verifier error rate (`verifier.falseAccept`, `verifier.falseReject`): a number in [0, 1]
 * (the same for every task), `{dist: point, p}`, or a Beta across tasks as
 * `{dist: beta, mean, concentration}` or `{dist: beta, a, b}`.
 *
 * Example: 0.05 → {dist: point, p: 0.05}; {dist: beta, mean: 0.25, concentration: 8} → {dist: beta, a: 2, b: 6}.
 */
export function resolveRate(value: unknown, at: ConfigPath): RateSpec {
  if (typeof value === 'number') return { dist: 'point', p: requireUnit(whereOf(at), value) };
  const node = readObject(value, at, '0.05 or { dist: beta, mean: 0.05, concentration: 20 }');
  const dist = readTag(node, at, 'dist', RATE_DISTS);
  if (dist === 'point') {
    checkKeys(node, at, ['dist', 'p'], 'dist point');
    return { dist, p: readRequired(node, at, 'p', 'a number between 0 and 1', requireUnit) };
  }
  checkKeys(node, at, ['dist', ...BETA_KEYS], 'dist beta');
  return { dist, ...resolveBeta(node, at) };
}
