import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { Probability } from './intervalSchema.js';

/** `passk estimate --p P --k K --json`: pass@k and pass^k of a known per-attempt rate. */
export const EstimateRateSchema = Type.Object(
  {
    kind: Type.Literal('passk.estimate.rate'),
    schemaVersion: Type.Literal(3),
    provenance: ProvenanceSchema,
    p: Type.Number({ minimum: 0, maximum: 1, description: 'the per-attempt success rate' }),
    rows: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        passAtK: Probability('1 − (1 − p)^k'),
        passHatK: Probability('p^k'),
      }),
      { minItems: 1, description: 'one row per k' },
    ),
  },
  { $id: 'passk.estimate.rate', description: '`passk estimate --p P --k K --json`: pass@k and pass^k of a known per-attempt rate.' },
);

export type EstimateRateDocument = DocumentType<typeof EstimateRateSchema>;
