/**
 * An interval [lower, upper] for one quantity: a confidence, credible or prediction interval, or a
 * one-sided bound (then the other end is the edge of the quantity's range, e.g. upper = 1 for a
 * lower bound on a rate). The one interval type of the library: results that carry more about
 * their interval (an estimate, a standard error, the level) extend it.
 */
export interface Interval {
  readonly lower: number;
  readonly upper: number;
}

/**
 * An interval that names its level (e.g. 0.95) and the method that computed it: the shape of every
 * interval in the CLI's result documents (`{lower, upper, level, method}`).
 *
 * @category Building blocks
 */
export interface LabelledInterval extends Interval {
  readonly level: number;
  readonly method: string;
}

/** `{lower, upper}` from a library function as a labelled interval (only those two bounds kept). */
export function documentInterval(bounds: Interval, level: number, method: string): LabelledInterval {
  return { lower: bounds.lower, upper: bounds.upper, level, method };
}
