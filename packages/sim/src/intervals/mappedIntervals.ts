import { requireInteger, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { Interval } from './interval.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

function checkArguments(interval: Interval, k: number): void {
  if (typeof interval !== 'object' || interval === null) throw new InputError('interval', 'must be an object', interval);
  const lower = requireUnit('interval.lower', interval.lower);
  requireUnit('interval.upper', interval.upper);
  if (!(lower <= interval.upper)) throw new InputError('interval.lower', 'must be ≤ interval.upper', lower);
  requireInteger('k', k, 1);
}

/**
 * An interval for pass^k = p^k from one for p: p^k is increasing in p, so the bounds map through it
 * (docs/design.md §4; the seed's table). [L, U] → [L^k, U^k].
 * Example (seed): passHatKInterval({ lower: 0.7437891742081592, upper: 0.9654001112526657 }, 8)
 * = { lower: 0.0936696…, upper: 0.7544992… } — 27 of 30, Wilson 95 %: pass^8 in [9.4 %, 75.4 %]. (The seed
 * prints 75.5 %, which is what z = 1.96 gives: 0.7545031.)
 */
export function passHatKInterval(interval: Interval, k: number): Interval {
  checkArguments(interval, k);
  return { lower: Math.pow(interval.lower, k), upper: Math.pow(interval.upper, k) };
}

/**
 * An interval for pass@k = 1 − (1 − p)^k from one for p (increasing in p, so the bounds map through it).
 * [L, U] → [1 − (1 − L)^k, 1 − (1 − U)^k] (`atLeastOneSuccess`, which keeps small values exact).
 * Example: passAtKInterval({ lower: 0.1, upper: 0.3 }, 2) = { lower: 0.19, upper: 0.51 }.
 */
export function passAtKInterval(interval: Interval, k: number): Interval {
  checkArguments(interval, k);
  return { lower: atLeastOneSuccess(interval.lower, k), upper: atLeastOneSuccess(interval.upper, k) };
}
