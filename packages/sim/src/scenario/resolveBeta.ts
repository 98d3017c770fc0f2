import { requireOpenUnit, requirePositive } from '../checks.js';
import { InputError } from '../errors.js';
import { fieldOf, readRequired, whereOf, type ConfigObject, type ConfigPath } from './configReader.js';

/** The keys a `{dist: beta, …}` node may carry besides `dist`: one of its two forms. */
export const BETA_KEYS = ['mean', 'concentration', 'a', 'b'] as const;

/**
 * Beta(a, b) from either form of a `dist: beta` node (keys already checked against BETA_KEYS):
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
    const a = readRequired(node, at, 'a', 'a finite number > 0', requirePositive);
    const b = readRequired(node, at, 'b', 'a finite number > 0', requirePositive);
    return { a, b };
  }
  const mean = readRequired(node, at, 'mean', 'a number strictly between 0 and 1', requireOpenUnit);
  const concentration = readRequired(node, at, 'concentration', 'a finite number > 0', requirePositive);
  const a = mean * concentration;
  const b = (1 - mean) * concentration;
  // Only reachable with absurd inputs (e.g. both below 1e-160): the product underflows to 0.
  if (!(a > 0 && b > 0)) throw new InputError(whereOf(at), 'must give a mean and concentration whose a and b are > 0', node);
  return { a, b };
}
