import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { Count, Level, Probability, RateIntervalSchema } from './intervalSchema.js';

/** One error rate: x of n, the observed rate, its exact interval and its Jeffreys posterior. */
const MeasuredRateSchema = Type.Object(
  {
    errors: Count('attempts with the error: wrong accepted (false accept) or right rejected (false reject)'),
    of: Type.Integer({ minimum: 1, description: 'attempts the rate is measured on: wrong (false accept) or right (false reject)' }),
    rate: Probability('errors / of'),
    interval: RateIntervalSchema,
    posterior: Type.Object(
      {
        a: Type.Number({ exclusiveMinimum: 0, description: 'errors + ½' }),
        b: Type.Number({ exclusiveMinimum: 0, description: 'of − errors + ½' }),
      },
      { description: 'the Jeffreys posterior Beta(a, b) of the rate' },
    ),
  },
  { $id: 'MeasuredRate', description: 'an error rate of the verifier: {errors, of, rate, interval (Clopper–Pearson), posterior (Jeffreys Beta)}' },
);

const ShareSchema = (description: string) =>
  Type.Union([Type.Object({ value: Probability(), interval: RateIntervalSchema }), Type.Null()], {
    description: `${description}, with its Clopper–Pearson interval; null without a judged attempt`,
  });

/** The measurement of one group (a value of --by, or all attempts). */
const VerifierRowSchema = Type.Object(
  {
    group: Type.Union([Type.String(), Type.Null()], { description: 'the value of --by; null for all attempts (without --by, or pooled over the groups)' }),
    counts: Type.Object(
      {
        wrong: Count('attempts the truth fails, with a verdict read'),
        wrongAccepted: Count('of them, accepted by the verifier'),
        right: Count('attempts the truth passes, with a verdict read'),
        rightRejected: Count('of them, rejected by the verifier'),
        unparsed: Count('attempts whose verdict is neither an accept nor a reject label (left out of every rate)'),
      },
      { description: 'verdict × truth counts' },
    ),
    unparsedLabels: Type.Array(Type.Object({ label: Type.String(), count: Count() }), {
      description: 'the unparsed verdicts by label as written, most frequent first',
    }),
    falseAccept: Type.Union([MeasuredRateSchema, Type.Null()], { description: 'P(accept | wrong); null without a wrong attempt' }),
    falseReject: Type.Union([MeasuredRateSchema, Type.Null()], { description: 'P(reject | right); null without a right attempt' }),
    accuracy: ShareSchema('(wrong rejected + right accepted) / judged'),
    judgedPassAt1: ShareSchema('accepted / judged: the pass@1 the verifier reports'),
    truePassAt1: ShareSchema('right / judged: the pass@1 of the truth'),
  },
  { $id: 'VerifierRow', description: 'one group: counts, false accept and false reject, accuracy, judged and true pass@1' },
);

/** `passk verifier … --json`: a verifier or judge measured against the truth. */
export const VerifierSchema = Type.Object(
  {
    kind: Type.Literal('passk.verifier'),
    schemaVersion: Type.Literal(2),
    provenance: ProvenanceSchema,
    confidence: Level('the level of every interval (--confidence)'),
    source: Type.Object(
      {
        verdicts: Type.Array(Type.String(), { description: 'the inputs the verdicts were read from, as given' }),
        truth: Type.Array(Type.String(), { description: 'the inputs the truth was read from (the same as verdicts with one log)' }),
        format: Type.String({ description: 'the format the truth was read as' }),
        verdictColumn: Type.String({ description: 'the column of the verdicts' }),
        truthColumn: Type.String({ description: 'the column of the truth (success, or reward ≥ threshold)' }),
        by: Type.Union([Type.String(), Type.Null()], { description: 'the --by column; null without' }),
        where: Type.Array(Type.String(), { description: 'the --where conditions' }),
        accept: Type.Array(Type.String(), { description: 'labels read as accept' }),
        reject: Type.Array(Type.String(), { description: 'labels read as reject' }),
        dropped: Count('rows dropped (no outcome, error rows) by --missing / --on-error'),
        unmatched: Type.Union(
          [
            Type.Object({
              verdictsOnly: Count('attempts with a verdict and no truth'),
              truthOnly: Count('attempts with a truth and no verdict'),
              examples: Type.Array(Type.String(), { description: 'the first few of them' }),
            }),
            Type.Null(),
          ],
          { description: 'two logs (--verdicts, --truth): the attempts of one without a partner in the other; null with one log' },
        ),
      },
      { description: 'what was read' },
    ),
    rows: Type.Array(VerifierRowSchema, { minItems: 1, description: 'one per group of --by, in order of first appearance (one without --by)' }),
    pooled: Type.Union([VerifierRowSchema, Type.Null()], { description: 'with several groups: all of them pooled (group null); else null' }),
  },
  {
    $id: 'passk.verifier',
    description: '`passk verifier … --json`: false accept and false reject of a verifier or judge, measured against the truth, per group.',
  },
);

export type VerifierDocument = DocumentType<typeof VerifierSchema>;
export type VerifierRow = DocumentType<typeof VerifierRowSchema>;
