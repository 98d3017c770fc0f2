import { InputError } from '@passk/sim/errors';

/**
 * `--seed` as typed: all digits → that integer, which must be at most 2^53 − 1 (a larger one has
 * no exact double and would silently become a nearby seed); anything else → the text itself
 * (streamRng takes text seeds). Example: "42" → 42, "run-7" → "run-7".
 */
export function parseSeedOption(text: string, where = '--seed'): number | string {
  const typed = requireSeedText(text, where);
  if (!/^\d+$/.test(typed)) return typed;
  const value = Number(typed);
  if (!Number.isSafeInteger(value)) {
    throw new InputError(
      where,
      `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER} (larger ones are not exact), or text such as run-${typed.slice(0, 6)}`,
      typed,
    );
  }
  return value;
}

/**
 * A text `--seed` (compare, estimate, plan compare: the text itself seeds the stream) as typed,
 * refused when blank: `--seed ""` or `--seed " "` would seed every run alike with a value nobody chose.
 */
export function requireSeedText(text: string, where = '--seed'): string {
  const typed = String(text);
  if (typed.trim() === '') throw new InputError(where, 'must be an integer ≥ 0 or a non-empty text (not only spaces)', typed);
  return typed;
}
