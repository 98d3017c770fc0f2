import { requireOpenUnit, requireUnit } from '../checks.js';
import { requireFinite, requireObject, requireOneOf } from '../checkArgs.js';
import type { Interval } from '../intervals/interval.js';

/** What a comparison's verdict reads of one metric: B − A, its task-population interval and the p-value of the permutation test. */
export interface TestedDifference {
  readonly difference: number;
  readonly interval: Interval | null;
  readonly p: number | null;
}

/** The verdict of `passk compare` on one metric (`differenceVerdict`). */
export type DifferenceVerdict = 'better' | 'worse' | 'intervalOnly' | 'testOnly' | 'unclear';

/**
 * Which way a difference points, as `passk compare` concludes: better / worse when its interval
 * excludes 0 and the permutation test agrees (p ≤ α, α = 1 − confidence two-sided, 2(1 − confidence)
 * one-sided; Holm-adjusted with several runs); `intervalOnly` when only the interval excludes 0,
 * `testOnly` when only the test rejects (one-sided: with a positive difference); `unclear` when
 * neither does. `plan compare` simulates this verdict to size an experiment (verdictPower).
 */
export function differenceVerdict(tested: TestedDifference, options: { readonly sides: number; readonly confidence: number }): DifferenceVerdict {
  requireObject('tested', tested);
  const difference = requireFinite('tested.difference', tested.difference);
  const given = tested.interval === null ? null : requireObject('tested.interval', tested.interval);
  const interval = given && { lower: requireFinite('tested.interval.lower', given.lower), upper: requireFinite('tested.interval.upper', given.upper) };
  const p = tested.p === null ? null : requireUnit('tested.p', tested.p);
  requireObject('options', options);
  const sides = requireOneOf('options.sides', options.sides, [1, 2]);
  const confidence = requireOpenUnit('options.confidence', options.confidence);
  if (!interval) return 'unclear';
  const alpha = sides === 2 ? 1 - confidence : 2 * (1 - confidence);
  const rejects = p !== null && p <= alpha;
  const direction = interval.lower > 0 ? 'better' : sides === 2 && interval.upper < 0 ? 'worse' : 'unclear';
  if (direction !== 'unclear') return rejects ? direction : 'intervalOnly';
  return rejects && (sides === 2 || difference > 0) ? 'testOnly' : 'unclear';
}
