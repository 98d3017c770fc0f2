import { Type } from '@sinclair/typebox';
import { INTERVAL_METHODS } from '@passk/sim/internal';

/** The per-trial interval methods of @passk/sim (`--interval`). */
export const IntervalMethodSchema = Type.Union(
  INTERVAL_METHODS.map((method) => Type.Literal(method)),
  { description: INTERVAL_METHODS.join(', ') },
);

/** 1- or 2-sided. */
export const SidesSchema = Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 or 2 sided' });

/** A Beta(a, b) task distribution, as a scenario writes it. */
export const BetaDistributionSchema = Type.Object({ dist: Type.Literal('beta'), a: Type.Number(), b: Type.Number() }, { description: 'Beta(a, b)' });
