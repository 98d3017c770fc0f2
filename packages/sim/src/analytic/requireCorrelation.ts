import { requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { AttemptCorrelation } from '../scenario/types.js';

/**
 * Checks a resolved correlation model (docs/design.md §3) and returns it: exchangeable icc in [0, 1),
 * markov stickiness in [0, 1], feedback afterFailure in [−1, 1]. Throws InputError at `where`.
 * Example: requireCorrelation('correlation', { model: 'exchangeable', icc: 1 }) throws (tested).
 */
export function requireCorrelation(where: string, correlation: AttemptCorrelation): AttemptCorrelation {
  switch (correlation?.model) {
    case 'independent':
      return correlation;
    case 'exchangeable':
      if (!(requireUnit(`${where}.icc`, correlation.icc) < 1)) {
        throw new InputError(`${where}.icc`, 'must be a number ≥ 0 and < 1', correlation.icc);
      }
      return correlation;
    case 'markov':
      requireUnit(`${where}.stickiness`, correlation.stickiness);
      return correlation;
    case 'feedback':
      if (!(typeof correlation.afterFailure === 'number' && correlation.afterFailure >= -1 && correlation.afterFailure <= 1)) {
        throw new InputError(`${where}.afterFailure`, 'must be a number in [-1, 1]', correlation.afterFailure);
      }
      return correlation;
    default:
      throw new InputError(`${where}.model`, 'must be one of independent, exchangeable, markov, feedback', (correlation as { model?: unknown } | null)?.model);
  }
}
