import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';

/**
 * The one interval shape of every result document: bounds, the level they were computed at
 * (e.g. 0.95; a one-sided interval has one bound at the edge of the range) and the method in a
 * word or a phrase.
 */
export const IntervalSchema = Type.Object(
  {
    lower: Type.Number({ description: 'lower bound' }),
    upper: Type.Number({ description: 'upper bound' }),
    level: Type.Number({ minimum: 0, maximum: 1, description: 'confidence (or credible) level, e.g. 0.95' }),
    method: Type.String({ description: 'how the bounds were computed, e.g. "wilson", "normal (clustered SE)"' }),
  },
  { $id: 'Interval', description: 'an interval: {lower, upper, level, method}' },
);

export type Interval = DocumentType<typeof IntervalSchema>;

/** `{lower, upper}` from a library function as a document interval. */
export function documentInterval(bounds: { readonly lower: number; readonly upper: number }, level: number, method: string): Interval {
  return { lower: bounds.lower, upper: bounds.upper, level, method };
}

/** A Monte Carlo estimate: the value, its standard error and the closed form where one exists. */
export const EstimateSchema = Type.Object(
  {
    value: Type.Union([Type.Number(), Type.Null()], { description: 'the estimate (null where undefined, e.g. cost per correct with none correct)' }),
    se: Type.Union([Type.Number(), Type.Null()], { description: 'its Monte Carlo standard error' }),
    exact: Type.Union([Type.Number(), Type.Null()], { description: 'the closed form, null where none exists' }),
  },
  { $id: 'Estimate', description: 'a Monte Carlo estimate: {value, se, exact}' },
);

/** A value with its standard error. */
export const ValueSeSchema = Type.Object(
  { value: Type.Number(), se: Type.Union([Type.Number(), Type.Null()]) },
  { $id: 'ValueSe', description: 'a value with its standard error: {value, se}' },
);

/** pass@k and pass^k side by side. */
export function byMetric<T extends Parameters<typeof Type.Object>[0][string]>(item: T, description: string) {
  return Type.Object({ passAtK: item, passHatK: item }, { description });
}

/** A number, or null where it is infinite or not defined. */
export const NullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
