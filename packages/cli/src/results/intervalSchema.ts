import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import type { LabelledInterval } from '@passk/sim/internal';

/**
 * The numbers of result documents are checked for sense where they are read, not only for type:
 * rates and probabilities in [0, 1], counts integers ≥ 0, standard errors ≥ 0, levels strictly
 * between 0 and 1 (these pieces), and every interval's lower ≤ upper (checkResultDocument, after the
 * schema). A document with a rate of −5 or n = −3 is refused naming the field, as one of the wrong type is.
 */

/** A probability or rate: a number in [0, 1]. */
export const Probability = (description?: string) => Type.Number({ minimum: 0, maximum: 1, ...(description === undefined ? {} : { description }) });

/** A confidence (or credible) level, or a test's level: a number strictly between 0 and 1. */
export const Level = (description?: string) => Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1, ...(description === undefined ? {} : { description }) });

/** A count (tasks, trials, attempts, replicates): an integer ≥ 0. */
export const Count = (description?: string) => Type.Integer({ minimum: 0, ...(description === undefined ? {} : { description }) });

/** An amount that cannot be negative (a standard error, a cost, a half-width): a number ≥ 0. */
export const NonNegative = (description?: string) => Type.Number({ minimum: 0, ...(description === undefined ? {} : { description }) });

/** A standard error ≥ 0, or null where there is none. */
export const NullableSe = (description?: string) => Type.Union([NonNegative(), Type.Null()], description === undefined ? {} : { description });

const intervalFields = (bound: (description: string) => ReturnType<typeof Type.Number>) => ({
  lower: bound('lower bound'),
  upper: bound('upper bound (at least the lower)'),
  level: Level('confidence (or credible) level, e.g. 0.95'),
  method: Type.String({ description: 'how the bounds were computed, e.g. "wilson", "normal (clustered SE)"' }),
});

/**
 * The one interval shape of every result document: bounds, the level they were computed at
 * (e.g. 0.95; a one-sided interval has one bound at the edge of the range) and the method in a
 * word or a phrase. Its bounds here are any numbers; `RateIntervalSchema` and
 * `DifferenceIntervalSchema` are the same shape with the bounds of a rate and of a difference of rates.
 */
export const IntervalSchema = Type.Object(
  intervalFields((description) => Type.Number({ description })),
  { $id: 'Interval', description: 'an interval: {lower, upper, level, method}' },
);

/** An interval of a rate (pass@k, pass^k, p): the interval shape with both bounds in [0, 1]. */
export const RateIntervalSchema = Type.Object(
  intervalFields((description) => Probability(description)),
  { $id: 'RateInterval', description: 'an interval of a rate: {lower, upper, level, method} with both bounds in [0, 1]' },
);

/** An interval of a difference of two rates (B − A): the interval shape with both bounds in [−1, 1]. */
export const DifferenceIntervalSchema = Type.Object(
  intervalFields((description) => Type.Number({ minimum: -1, maximum: 1, description })),
  { $id: 'DifferenceInterval', description: 'an interval of a difference of rates: {lower, upper, level, method} with both bounds in [−1, 1]' },
);

/** The schema's interval is the library's `LabelledInterval`: this fails to compile if the two drift apart. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const INTERVAL_SHAPES_AGREE: SameShape<DocumentType<typeof IntervalSchema>, LabelledInterval> = true;
void INTERVAL_SHAPES_AGREE;

/** `{lower, upper}` from a library function as a document interval (declared in the library, whose job results hold the same shape). */
export { documentInterval } from '@passk/sim/estimate';

/** A Monte Carlo estimate of a mean that cannot be negative (attempts, cost, latency): the value, its standard error and the closed form where one exists. */
export const EstimateSchema = Type.Object(
  {
    value: Type.Union([NonNegative(), Type.Null()], { description: 'the estimate (null where undefined, e.g. cost per correct with none correct)' }),
    se: NullableSe('its Monte Carlo standard error'),
    exact: Type.Union([NonNegative(), Type.Null()], { description: 'the closed form, null where none exists' }),
  },
  { $id: 'Estimate', description: 'a Monte Carlo estimate: {value, se, exact}, each ≥ 0 or null' },
);

/** A Monte Carlo estimate of a probability (coverage, delivery): value and closed form in [0, 1]. */
export const RateEstimateSchema = Type.Object(
  {
    value: Type.Union([Probability(), Type.Null()], { description: 'the estimate (null where undefined)' }),
    se: NullableSe('its Monte Carlo standard error'),
    exact: Type.Union([Probability(), Type.Null()], { description: 'the closed form, null where none exists' }),
  },
  { $id: 'RateEstimate', description: 'a Monte Carlo estimate of a probability: {value, se, exact}, value and exact in [0, 1]' },
);

/** A rate with its standard error. */
export const ValueSeSchema = Type.Object(
  { value: Probability(), se: NullableSe() },
  { $id: 'ValueSe', description: 'a rate with its standard error: {value, se}, value in [0, 1]' },
);

/** pass@k and pass^k side by side. */
export function byMetric<T extends Parameters<typeof Type.Object>[0][string]>(item: T, description: string) {
  return Type.Object({ passAtK: item, passHatK: item }, { description });
}

/** A number, or null where it is infinite or not defined. */
export const NullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
