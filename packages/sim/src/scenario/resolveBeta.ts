import { InputError } from '../errors.js';
import { fieldOf, whereOf, type ConfigObject, type ConfigPath } from './configReader.js';
import type { Field } from './formatNodes.js';
import { readField } from './readDeclared.js';
import { SCENARIO_DEFS } from './scenarioFormat.js';

/** The keys of a `{dist: beta, …}` node besides `dist` (as declared: mean, concentration, a, b). */
const BETA: Readonly<Record<string, Field>> = SCENARIO_DEFS.rate.variants.beta.fields;

/**
 * Beta(a, b) from either form of a `dist: beta` node (keys already checked):
 * `{a, b}` as written, or `{mean, concentration}` with a = mean·concentration,
 * b = (1 − mean)·concentration (the mean/precision parametrisation; mean = a/(a + b),
 * concentration = a + b, Ferrari & Cribari-Neto 2004).
 *
 * Example: {mean: 0.75, concentration: 4} → {a: 3, b: 1}.
 */
export function resolveBeta(node: ConfigObject, at: ConfigPath): { a: number; b: number } {
  const byMean = fieldOf(node, 'mean') !== undefined || fieldOf(node, 'concentration') !== undefined;
  const byShape = fieldOf(node, 'a') !== undefined || fieldOf(node, 'b') !== undefined;
  if (byMean && byShape) {
    throw new InputError(whereOf(at), 'must give either mean and concentration, or a and b, not both', node);
  }
  if (!byMean && !byShape) {
    throw new InputError(whereOf(at), 'must give either mean and concentration, or a and b', node);
  }
  if (byShape) {
    const a = readRequired(node, at, 'a');
    const b = readRequired(node, at, 'b');
    return { a, b };
  }
  const mean = readRequired(node, at, 'mean');
  const concentration = readRequired(node, at, 'concentration');
  const a = mean * concentration;
  const b = (1 - mean) * concentration;
  // Only reachable with absurd inputs (e.g. both below 1e-160): the product underflows to 0.
  if (!(a > 0 && b > 0)) throw new InputError(whereOf(at), 'must give a mean and concentration whose a and b are > 0', node);
  return { a, b };
}

/** One of the form's keys: both keys of a form are required once either is given. */
function readRequired(node: ConfigObject, at: ConfigPath, key: string): number {
  return readField<number>(node, at, key, { ...BETA[key]!, required: true });
}
