import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { IntervalSchema } from './intervalSchema.js';

/** One `--require` judged: what it asks, the estimate, the one-sided bound it was judged by, and the outcome. */
const GateRequirementSchema = Type.Object({
  requirement: Type.String({ description: 'the requirement as typed (--require)' }),
  metric: Type.Union(
    [Type.Literal('passAtK'), Type.Literal('passHatK'), Type.Literal('meanSuccess'), Type.Literal('costPerSolved'), Type.Literal('costPerAttempt')],
    { description: 'passAtK, passHatK or meanSuccess; or a cost: costPerSolved (at k) or costPerAttempt' },
  ),
  k: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: 'the k of pass@k, pass^k or costPerSolved; null for meanSuccess and costPerAttempt',
  }),
  delta: Type.Boolean({ description: "true for delta(…): the difference file − baseline, paired by task; false: the file's own value" }),
  op: Type.Union([Type.Literal('>='), Type.Literal('>'), Type.Literal('<='), Type.Literal('<')], {
    description: '>=, >, <= or < (≥ and ≤ as typed are >= and <=)',
  }),
  threshold: Type.Number({ description: "the line, as a probability (80% is 0.8) or a difference of probabilities; for a cost, an amount in the log's unit" }),
  value: Type.Number({ description: 'the estimate: the task-averaged value, or the difference' }),
  side: Type.Union([Type.Literal('lower'), Type.Literal('upper')], { description: 'which bound judges it: lower for >= and >, upper for <= and <' }),
  bound: Type.Number({
    description:
      'the one-sided confidence bound compared with the threshold; `interval` is the same bound as a one-sided interval at `confidence`, its other end at the edge of the range (1 or 0; ±1 for a difference; 0 below a cost, and where a cost has no edge, the bound itself)',
  }),
  interval: IntervalSchema,
  pass: Type.Boolean({ description: 'whether the bound meets the threshold' }),
});

/** `passk gate FILE --require … --json`: the verdict and each requirement with its bound, for tools. */
export const GateSchema = Type.Object(
  {
    kind: Type.Literal('passk.gate'),
    schemaVersion: Type.Literal(3),
    provenance: ProvenanceSchema,
    file: Type.String({ description: 'the results file gated, as given' }),
    baseline: Type.Union([Type.String(), Type.Null()], { description: 'the --baseline file delta(…) requirements compare against; null without' }),
    confidence: Type.Number({ minimum: 0.5, maximum: 1, description: 'the level of every one-sided bound (--confidence)' }),
    estimand: Type.Union([Type.Literal('population'), Type.Literal('benchmark')], {
      description: 'population: the bounds of the task-population intervals; benchmark: of the this-benchmark ones (only the trials random)',
    }),
    verdict: Type.Union([Type.Literal('pass'), Type.Literal('fail')], { description: 'pass when every requirement passes (exit 0), else fail (exit 1)' }),
    passed: Type.Integer({ minimum: 0, description: 'requirements met' }),
    failed: Type.Integer({ minimum: 0, description: 'requirements not met' }),
    requirements: Type.Array(GateRequirementSchema, { minItems: 1, description: 'one per --require, in the order given' }),
    design: Type.Union(
      [
        Type.Object({
          falseFail: Type.Number({
            minimum: 0,
            maximum: 1,
            description: "P(FAIL | no change) of this gate's design, simulated with the baseline (else the file) as the truth of both runs",
          }),
          se: Type.Number({ minimum: 0, description: 'its Monte Carlo SE' }),
          simulations: Type.Integer({ minimum: 1, description: 'simulated pairs of runs (seed 1)' }),
        }),
        Type.Null(),
      ],
      {
        description:
          "the design check (passk plan gate's simulation at this gate's tasks and trials); null with --no-design-check, or when a requirement does not hold with no change (delta(pass@1) >= 0.05; an own threshold the baseline misses): its FAILs are then no false fails",
      },
    ),
  },
  { $id: 'passk.gate', description: '`passk gate FILE --require … --json`: the verdict and each requirement with its value, bound and outcome.' },
);

export type GateDocument = DocumentType<typeof GateSchema>;
