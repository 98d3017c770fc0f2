/**
 * Typed errors thrown by the library. The CLI turns an `InputError` into one line
 * (`where: rule, got value`) and exit code 2; anything else is a bug.
 */

/**
 * Bad input: names where it was found, the rule it broke and the offending value. Every public
 * function checks its arguments and throws this (never a TypeError) for what it cannot use.
 *
 * @category Building blocks
 * @example
 * ```ts
 * import { InputError, passAtK } from '@passk/sim';
 * try { passAtK(10, 11, 1); } catch (error) { console.log(error instanceof InputError); } // → true
 * ```
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  /** Where: a config path (`policy.maxAttempts`), an option (`--k`) or `file:line`. */
  readonly where: string;
  /** The rule, phrased as a requirement: `must be an integer ≥ 1`. */
  readonly rule: string;
  /** The offending value as the user wrote it (undefined when nothing was given). */
  readonly value: unknown;

  constructor(where: string, rule: string, value?: unknown) {
    super(`${where}: ${rule}${value === undefined ? '' : `, got ${describeValue(value)}`}`);
    this.where = where;
    this.rule = rule;
    this.value = value;
  }
}

/**
 * A quantity that cannot be estimated from the data at hand (e.g. pass@k with k > n).
 *
 * @category Building blocks
 * @example
 * ```ts
 * import { NotEstimableError, passHatK } from '@passk/sim';
 * try { passHatK(3, 2, 5); } catch (error) { console.log(error instanceof NotEstimableError); } // → true
 * ```
 */
export class NotEstimableError extends InputError {}

/** Longest value text an error line shows; longer values are cut and their length named. */
const SHOWN_VALUE_LENGTH = 80;

/** A value as an error line shows it: strings quoted, anything long cut (`"aaa…" (20971520 characters)`). */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    if (value.length <= SHOWN_VALUE_LENGTH) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, SHOWN_VALUE_LENGTH - 3))}… (${value.length} characters)`;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  try {
    const text = JSON.stringify(value);
    return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH - 3)}...` : text;
  } catch {
    return String(value);
  }
}
