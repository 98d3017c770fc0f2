/**
 * The range of a per-attempt amount read from a log (a cost, a number of tokens, a duration in
 * seconds): 0 ≤ x ≤ 1e12. A trillion dollars, tokens or seconds (31 700 years) for one attempt is
 * beyond any real run, so a larger value is a broken log, not data; and within the range nothing a
 * log yields can overflow: 2^53 attempts of 1e12 sum to 9e27, far below the largest double (1.8e308),
 * where 1e308 (finite on its own) made the sums Infinity, printed as null.
 */
export const MAX_AMOUNT = 1e12;

/**
 * The range of `--price-in` / `--price-out` (per million tokens): 0 ≤ x ≤ 1e6, a unit of money per
 * token. With amounts ≤ 1e12 a cost from tokens is then at most (1e12·1e6 + 1e12·1e6)/1e6 = 2e12,
 * inside the 1e15 a scenario takes per attempt (`fit --out`, `simulate --tasks-from`).
 */
export const MAX_PRICE = 1e6;

/** The rule quoted in errors about an amount. */
export const AMOUNT_RULE = `must be a number ≥ 0 and at most 1e12, written in decimal`;

/** The rule quoted in errors about a price. */
export const PRICE_RULE = `must be a number ≥ 0 and at most 1e6, written in decimal (per million tokens)`;

/** A decimal number as text: digits with an optional point and exponent (no hex, binary, octal, `Infinity`, `_`). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A number written in decimal, else NaN. `Number()` alone also reads `0x10` as 16, `0b1`, `0o7`,
 * `Infinity` and whitespace as 0; here surrounding blanks are trimmed and the rest must be decimal.
 */
export function decimalNumber(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * An amount from a parsed record (a JSON number or the text of a CSV field): the number when it is
 * finite, in decimal and within [0, max]; NaN otherwise (the caller names the file, line and key).
 * A blank text is for the caller to treat as absent. -0 reads as 0.
 */
export function amountFrom(raw: unknown, max = MAX_AMOUNT): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? decimalNumber(raw) : Number.NaN;
  return value >= 0 && value <= max ? value + 0 : Number.NaN;
}
