/**
 * Reading a trial number: an integer ≥ 0 written as digits, optionally followed by `.0`… (as
 * pandas writes an integer column that has gaps). Each function returns the number, or -1 when the
 * value is not one (the caller knows the file and line and throws).
 */

/** The rule quoted in errors about a trial value. */
export const TRIAL_RULE = 'must be an integer ≥ 0';

const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;

/** The trial number written in `bytes[start, end)`, or -1. */
export function trialFromBytes(bytes: Uint8Array, start: number, end: number): number {
  if (start >= end) return -1;
  let value = 0;
  let i = start;
  for (; i < end; i++) {
    const b = bytes[i];
    if (b < ZERO || b > NINE) break;
    value = value * 10 + (b - ZERO);
  }
  if (i === start || value > Number.MAX_SAFE_INTEGER) return -1;
  if (i < end) {
    if (bytes[i] !== DOT || i + 1 === end) return -1;
    for (i++; i < end; i++) if (bytes[i] !== ZERO) return -1;
  }
  return value;
}

/** The trial number in a text, or -1. */
export function trialFromText(text: string): number {
  return trialFromBytes(Buffer.from(text, 'utf8'), 0, Buffer.byteLength(text, 'utf8'));
}

/** The trial number in a JSON value: a safe integer ≥ 0, or a text as in `trialFromText`; else -1. */
export function trialFromJson(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : -1;
  if (typeof value === 'string') return trialFromText(value);
  return -1;
}
