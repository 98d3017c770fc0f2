import { requireObject } from '../checkArgs.js';
import { InputError } from '../errors.js';
import type { TaskMeasurement } from '../scenario/types.js';

/**
 * The largest attempt budget k a log observed (`rows[].basis` is `observed` up to it, `model`
 * beyond): for separate runs the fewest trials any task had (every task was seen k times); for
 * attempt-ordered episodes (`episodes`) the longest episode (the log ran its retry loop that far;
 * beyond it only the fitted dependence model speaks).
 * Example: episodes ['001', '1 01'] → 3; trials [5, 3, 4] without episodes → 3.
 */
export function observedBudget(measured: TaskMeasurement): number {
  requireObject('measured', measured);
  const trials: unknown = measured.trials;
  if (!Array.isArray(trials) || trials.length === 0 || !trials.every((n) => Number.isInteger(n) && n >= 1)) {
    throw new InputError(
      'measured.trials',
      'must be a non-empty list of trial counts (integers ≥ 1)',
      Array.isArray(trials) ? `a list of ${trials.length}` : trials,
    );
  }
  if (measured.episodes === undefined) return (trials as number[]).reduce((a, b) => Math.min(a, b), Infinity);
  const outcomes: unknown = requireObject('measured.episodes', measured.episodes).outcomes;
  if (!Array.isArray(outcomes) || outcomes.length === 0 || !outcomes.every((text) => typeof text === 'string')) {
    throw new InputError(
      'measured.episodes.outcomes',
      "must be a non-empty list of episode strings ('001 1')",
      Array.isArray(outcomes) ? `a list of ${outcomes.length}` : outcomes,
    );
  }
  let longest = 0;
  for (const text of outcomes as string[]) for (const episode of text.split(' ')) longest = Math.max(longest, episode.length);
  return longest;
}
