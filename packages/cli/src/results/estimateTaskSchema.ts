import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import { IntervalMethodSchema } from './literals.js';
import type { DocumentType } from './documentType.js';
import { byMetric, Probability, RateIntervalSchema } from './intervalSchema.js';

const BetaSchema = Type.Object({ a: Type.Number({ exclusiveMinimum: 0 }), b: Type.Number({ exclusiveMinimum: 0 }) }, { description: 'Beta(a, b)' });
const CredibleSchema = Type.Intersect([Type.Object({ mean: Probability('posterior mean') }), RateIntervalSchema], {
  description: 'posterior mean with its equal-tailed credible interval',
});

/** `passk estimate --n N --c C --k K --json`: one task's counts, a row per k (one row for one k). */
export const EstimateTaskSchema = Type.Object(
  {
    kind: Type.Literal('passk.estimate.task'),
    schemaVersion: Type.Literal(3),
    provenance: ProvenanceSchema,
    n: Type.Integer({ minimum: 1, description: 'trials of the task' }),
    c: Type.Integer({ minimum: 0, description: 'correct trials' }),
    p: Type.Intersect(
      [
        Type.Object({
          estimate: Probability('c/n'),
          method: IntervalMethodSchema,
          sides: Type.Union([Type.Literal(1), Type.Literal(2)], { description: '1 or 2 sided' }),
          tail: Type.Optional(Type.Union([Type.Literal('lower'), Type.Literal('upper')], { description: 'one-sided: which bound was computed' })),
        }),
        RateIntervalSchema,
      ],
      { description: 'the success rate c/n with its interval' },
    ),
    bayes: Type.Object(
      {
        prior: BetaSchema,
        posterior: BetaSchema,
        p: CredibleSchema,
      },
      { description: 'the Bayesian view: prior, posterior, and the posterior of p' },
    ),
    rows: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        passAtK: Probability('unbiased pass@k = 1 − C(n−c,k)/C(n,k)'),
        passHatK: Probability('unbiased pass^k = C(c,k)/C(n,k)'),
        plugin: byMetric(Probability(), 'plug-in 1 − (1 − c/n)^k and (c/n)^k'),
        interval: byMetric(RateIntervalSchema, 'the interval for p mapped through 1 − (1 − p)^k and p^k'),
        bayes: byMetric(CredibleSchema, 'posterior mean and credible interval of 1 − (1 − p)^k and p^k'),
      }),
      { minItems: 1, description: 'one row per k asked for' },
    ),
  },
  { $id: 'passk.estimate.task', description: "`passk estimate --n N --c C --k K --json`: one task's counts, a row per k (one row for a single k)." },
);

export type EstimateTaskDocument = DocumentType<typeof EstimateTaskSchema>;
export type EstimateTaskRow = EstimateTaskDocument['rows'][number];
