/**
 * Reading one attempt's outcome. Success columns accept 1/0, true/false (any case) and 1.0/0.0;
 * in JSON also the booleans and the numbers 0 and 1. Reward columns accept any finite number and
 * count as a success when reward ≥ threshold; τ-bench rewards when within 1e-6 of 1. Each function returns 1, 0, or -1 for "not a valid
 * value" (the caller knows the file and line and throws).
 */

/** The rule quoted in errors about a success value. */
export const SUCCESS_RULE = 'must be 1/0, true/false or 1.0/0.0';
/** The rule quoted in errors about a reward value. */
export const REWARD_RULE = 'must be a number';

/** Success from text: "1", "true", "1.0" → 1; "0", "false", "0.0" → 0 (true/false in any case); else -1. */
export function successFromText(text: string): number {
  switch (text) {
    case '1':
    case '1.0':
      return 1;
    case '0':
    case '0.0':
      return 0;
  }
  if (text.length === 4 && text.toLowerCase() === 'true') return 1;
  if (text.length === 5 && text.toLowerCase() === 'false') return 0;
  return -1;
}

/** Success from a parsed JSON value: true/1 → 1, false/0 → 0, strings as in `successFromText`; else -1. */
export function successFromJson(value: unknown): number {
  if (value === true || value === 1) return 1;
  if (value === false || value === 0) return 0;
  if (typeof value === 'string') return successFromText(value);
  return -1;
}

/** Success from reward text: 1 when the number is ≥ threshold, 0 when below, -1 when not a number. */
export function successFromRewardText(text: string, threshold: number): number {
  // Number() reads "" and whitespace as 0: reject them first.
  if (text.trim() === '') return -1;
  const reward = Number(text);
  if (!Number.isFinite(reward)) return -1;
  return reward >= threshold ? 1 : 0;
}

/** Success from a JSON reward: a finite number (or numeric string) compared with the threshold; else -1. */
export function successFromRewardJson(value: unknown, threshold: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? (value >= threshold ? 1 : 0) : -1;
  if (typeof value === 'string') return successFromRewardText(value, threshold);
  return -1;
}

/**
 * Success from a τ-bench reward: 1 when 1 − 1e-6 ≤ reward ≤ 1 + 1e-6, 0 for another finite number,
 * -1 for anything else (a numeric string too: τ-bench writes numbers). The comparison is τ-bench's
 * own (tau_bench/run.py, display_metrics, `is_successful`), written the same way so that boundary
 * values round alike: 0.999999 counts (it is ≥ the double 1 − 1e-6) though |0.999999 − 1| > 1e-6.
 */
export function successFromTauBenchReward(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return -1;
  return 1 - 1e-6 <= value && value <= 1 + 1e-6 ? 1 : 0;
}

/**
 * Success from an inspect_ai score value, read as inspect's `value_to_float` does: "C" (correct) 1,
 * "I" (incorrect) 0, "P" (partial) 0.5, "N" (no answer) 0, booleans, yes/no, numbers and numeric
 * text; then 1 when the value is ≥ threshold, 0 when below; -1 for anything else.
 */
export function successFromInspectJson(value: unknown, threshold: number): number {
  let number: number;
  if (typeof value === 'boolean') number = value ? 1 : 0;
  else if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    const letter = INSPECT_LETTERS[text.toUpperCase()];
    if (letter !== undefined) number = letter;
    else if (text === '') return -1;
    else number = Number(text);
  } else return -1;
  if (!Number.isFinite(number)) return -1;
  return number >= threshold ? 1 : 0;
}

const INSPECT_LETTERS: Record<string, number> = { C: 1, I: 0, P: 0.5, N: 0, YES: 1, NO: 0, TRUE: 1, FALSE: 0 };
