/**
 * An interval as the result documents hold it: its bounds, its level and its method in words
 * (docs/design.md §2: one interval shape `{lower, upper, level, method}`).
 *
 * @category Building blocks
 */
export interface LabelledInterval {
  readonly lower: number;
  readonly upper: number;
  readonly level: number;
  readonly method: string;
}

/** `{lower, upper}` from a library function as a labelled interval (only those two bounds kept). */
export function documentInterval(bounds: { readonly lower: number; readonly upper: number }, level: number, method: string): LabelledInterval {
  return { lower: bounds.lower, upper: bounds.upper, level, method };
}
