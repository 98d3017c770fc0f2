import { InputError } from '../errors.js';
import { readObject, whereOf, type ConfigPath } from './configReader.js';
import { checkOf, readVariant, readVariantFields } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';
import type { Amount } from './types.js';

const AMOUNT = SCENARIO_DEFS.amount;

/**
 * A per-attempt amount (`attempts.cost.perAttempt`, `attempts.latency.perAttempt`): a number ≥ 0,
 * `{dist: constant, value}`, `{dist: lognormal, median, sigma}` (median > 0, sigma ≥ 0), or
 * `{dist: empirical, values}` (each attempt draws one of the values, uniformly: a log's observed
 * amounts). Keys and ranges as declared in scenarioFormat.ts.
 *
 * Example: 0.02 → {dist: constant, value: 0.02}.
 */
export function resolveAmount(value: unknown, at: ConfigPath): Amount {
  if (typeof value === 'number') return { dist: 'constant', value: checkOf(AMOUNT.shorthand!.node)(whereOf(at), value) as number };
  const node = readObject(value, at, AMOUNT.example);
  const dist = readVariant(node, at, AMOUNT);
  if (dist === 'empirical') {
    const values = node.values;
    const where = `${whereOf(at)}.values`;
    if (!Array.isArray(values) || values.length === 0) throw new InputError(where, 'must be a non-empty list of numbers ≥ 0', values);
    const check = checkOf(AMOUNT.variants.empirical.fields.values.node.item);
    return { dist, values: values.map((v: unknown, i: number) => check(`${where}[${i}]`, v) as number) };
  }
  return { dist, ...readVariantFields(node, at, AMOUNT, dist) } as Amount;
}
