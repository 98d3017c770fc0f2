import { optionalObject, requireList } from '../checkArgs.js';
import { InputError } from '../errors.js';

/** The labels a verifier's verdict is read by: accept or reject (compared trimmed, in any case). */
export interface VerdictLabels {
  readonly accept: readonly string[];
  readonly reject: readonly string[];
}

/**
 * The labels read without `--accept` / `--reject`: booleans, 1/0, pass/fail and inspect_ai's C/I
 * (correct / incorrect); a JSON true/false or number reaches here as its text.
 */
export const DEFAULT_VERDICT_LABELS: VerdictLabels = Object.freeze({
  accept: Object.freeze(['true', '1', '1.0', 'pass', 'passed', 'c']),
  reject: Object.freeze(['false', '0', '0.0', 'fail', 'failed', 'i']),
});

/** A verdict as read: accepted, rejected, or neither (counted as unparsed, never guessed). */
export type Verdict = 'accept' | 'reject' | 'unparsed';

/**
 * The verdict reader for `labels` (each side its given labels, else the default side of
 * DEFAULT_VERDICT_LABELS). Throws InputError (where = `--accept`) when a label is on both sides or
 * a side has an empty label.
 * Example: verdictReader({accept: ['pass', 'satisfied']}) reads "Satisfied" as accept, "fail" as
 * reject (the default reject side) and "compliant" as unparsed.
 */
export function verdictReader(labels: Partial<VerdictLabels> = {}): (text: string) => Verdict {
  const given = optionalObject('labels', labels) as Partial<VerdictLabels>;
  const side = (value: readonly string[] | undefined, fallback: readonly string[], option: string) => {
    const list = (value === undefined ? fallback : requireList(option, value, 1)) as readonly string[];
    for (const label of list) {
      if (typeof label !== 'string' || label.trim() === '') throw new InputError(option, 'must name non-empty labels', label);
    }
    return new Set(list.map(normalise));
  };
  const accept = side(given.accept, DEFAULT_VERDICT_LABELS.accept, '--accept');
  const reject = side(given.reject, DEFAULT_VERDICT_LABELS.reject, '--reject');
  const shared = [...accept].filter((label) => reject.has(label));
  if (shared.length > 0) {
    const defaulted =
      given.accept === undefined
        ? ' (--accept defaults to true,1,pass,passed,C; name your own)'
        : given.reject === undefined
          ? ' (--reject defaults to false,0,fail,failed,I; name your own)'
          : '';
    throw new InputError('--accept', `must not share a label with --reject${defaulted}`, shared.join(','));
  }
  return (text) => {
    const label = normalise(String(text));
    return accept.has(label) ? 'accept' : reject.has(label) ? 'reject' : 'unparsed';
  };
}

function normalise(label: string): string {
  return label.trim().toLowerCase();
}
