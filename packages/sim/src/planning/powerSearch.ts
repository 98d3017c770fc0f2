import type { Steps } from '../stepwise.js';
import type { SimulatedPowerValue } from './verdictPower.js';

/** The smallest size found whose simulated power reaches the target, with that power; null when none up to the limit does. */
export interface PowerSearchResult {
  /** The size (tasks or trials) answered, or null when even `max` misses the target. */
  readonly size: number | null;
  /** Simulated power at `size` (at `max` when it is null). */
  readonly power: SimulatedPowerValue;
  /** Sizes simulated, in order, with their power. */
  readonly evaluated: readonly { readonly size: number; readonly power: SimulatedPowerValue }[];
}

/**
 * The smallest integer size in [min, max] whose simulated power reaches `target`, for a power
 * that grows with the size (simulated with common random numbers, so it is monotone up to Monte
 * Carlo noise): bracket from `guess` (double up while below the target, halve down while above),
 * then bisect until the bracket is within `relative` of its upper end (or 1). The answer is the
 * bracket's upper end: a size simulated at or above the target.
 */
export function* searchPower(
  powerAt: (size: number) => Steps<SimulatedPowerValue>,
  target: number,
  guess: number,
  limits: { readonly min: number; readonly max: number; readonly relative: number },
): Steps<PowerSearchResult> {
  const evaluated: { size: number; power: SimulatedPowerValue }[] = [];
  const known = new Map<number, SimulatedPowerValue>();
  function* at(size: number): Steps<SimulatedPowerValue> {
    const seen = known.get(size);
    if (seen !== undefined) return seen;
    const power = yield* powerAt(size);
    known.set(size, power);
    evaluated.push({ size, power });
    return power;
  }
  let start = Math.min(limits.max, Math.max(limits.min, Math.round(guess)));
  let low: number;
  let high: number;
  if ((yield* at(start)).value >= target) {
    high = start;
    low = start;
    while (low > limits.min) {
      low = Math.max(limits.min, Math.floor(low / 2));
      if ((yield* at(low)).value < target) break;
      high = low;
    }
    if (high === low) return { size: high, power: known.get(high)!, evaluated };
  } else {
    low = start;
    for (;;) {
      if (low >= limits.max) return { size: null, power: known.get(low)!, evaluated };
      start = Math.min(limits.max, low * 2);
      if ((yield* at(start)).value >= target) break;
      low = start;
    }
    high = start;
  }
  while (high - low > Math.max(1, Math.floor(high * limits.relative))) {
    const mid = Math.floor((low + high) / 2);
    if ((yield* at(mid)).value >= target) high = mid;
    else low = mid;
  }
  return { size: high, power: known.get(high)!, evaluated };
}
