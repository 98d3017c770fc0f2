import { readObject, whereOf, type ConfigPath } from './configReader.js';
import { resolveBeta } from './resolveBeta.js';
import { checkOf, readVariant, readVariantFields } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';
import type { RateSpec } from './types.js';

const RATE = SCENARIO_DEFS.rate;

/**
 * A verifier error rate (`verifier.falseAccept`, `verifier.falseReject`): a number in [0, 1]
 * (the same for every task), `{dist: point, p}`, or a Beta across tasks as
 * `{dist: beta, mean, concentration}` or `{dist: beta, a, b}` (as declared in scenarioFormat.ts).
 *
 * Example: 0.05 → {dist: point, p: 0.05}; {dist: beta, mean: 0.25, concentration: 8} → {dist: beta, a: 2, b: 6}.
 */
export function resolveRate(value: unknown, at: ConfigPath): RateSpec {
  if (typeof value === 'number') return { dist: 'point', p: checkOf(RATE.shorthand!.node)(whereOf(at), value) as number };
  const node = readObject(value, at, RATE.example);
  const dist = readVariant(node, at, RATE);
  if (dist === 'beta') return { dist, ...resolveBeta(node, at) };
  return { dist, ...readVariantFields(node, at, RATE, dist) } as RateSpec;
}
