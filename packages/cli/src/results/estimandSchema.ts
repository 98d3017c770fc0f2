import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';

/** One estimand of a document's intervals: the field that holds its interval, what it is about, and how it is computed. */
const EstimandSchema = Type.Object({
  field: Type.String({ description: 'the field holding its intervals' }),
  meaning: Type.String({ description: 'what the interval is about, in words' }),
  method: Type.String({ description: 'how it is computed, in words' }),
});

/**
 * The two estimands of `estimate FILE` and `compare`, each with its own interval: the task
 * population (field `interval`) and this benchmark (field `benchmark`).
 */
export const EstimandsSchema = Type.Object(
  { population: EstimandSchema, benchmark: EstimandSchema },
  { description: 'the two estimands: the task population (field `interval`) and this benchmark (field `benchmark`)' },
);

export type Estimands = DocumentType<typeof EstimandsSchema>;
