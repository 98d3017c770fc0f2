import { InputError } from './errors.js';

/**
 * Validation helpers used at the library's edges. Each is written so that NaN fails it
 * (comparisons with NaN are false, so every check is phrased as "is valid", then negated).
 */

export function requireInteger(where: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof min !== 'number' || typeof max !== 'number')
    throw new InputError(`${where} (its check)`, 'must have numbers as its bounds', typeof min !== 'number' ? String(min) : String(max));
  if (typeof value !== 'number' || !Number.isInteger(value) || !(value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `in ${min}..${max}`;
    throw new InputError(where, `must be an integer ${range}`, value);
  }
  return value;
}

/** A probability strictly inside (0, 1), e.g. a confidence level. */
export function requireOpenUnit(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0 && value < 1)) {
    throw new InputError(where, 'must be a number strictly between 0 and 1', value);
  }
  return value;
}

/** A probability in the closed interval [0, 1]. */
export function requireUnit(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new InputError(where, 'must be a number between 0 and 1', value);
  }
  return value;
}

/** A finite number > 0. */
export function requirePositive(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0 && value < Infinity)) {
    throw new InputError(where, 'must be a finite number > 0', value);
  }
  return value;
}

/** A finite number ≥ 0. */
export function requireNonNegative(where: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value < Infinity)) {
    throw new InputError(where, 'must be a finite number ≥ 0', value);
  }
  return value;
}

/** Trials n and successes c of one task: integers with 0 ≤ c ≤ n. */
export function requireCounts(n: unknown, c: unknown, where = ''): { n: number; c: number } {
  const prefix = where ? `${where}.` : '';
  const nn = requireInteger(`${prefix}n`, n, 0);
  const cc = requireInteger(`${prefix}c`, c, 0);
  if (!(cc <= nn)) throw new InputError(`${prefix}c`, `must be ≤ n (${nn})`, cc);
  return { n: nn, c: cc };
}
