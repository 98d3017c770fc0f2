import { Type } from '@sinclair/typebox';
import { IntervalMethodSchema, SidesSchema } from './literals.js';
import type { DocumentType } from './documentType.js';
import { openObject } from './openObject.js';
import { SourceSchema } from './sourceSchema.js';
import { byMetric, Count, Level, NonNegative, NullableSe, Probability, RateIntervalSchema } from './intervalSchema.js';
import { EstimandsSchema } from './estimandSchema.js';

const NullableInterval = Type.Union([RateIntervalSchema, Type.Null()]);
const WithSe = Type.Union([Type.Intersect([RateIntervalSchema, Type.Object({ se: NonNegative() })]), Type.Null()]);
const Bootstrap = Type.Union([
  Type.Intersect([RateIntervalSchema, Type.Object({ se: NonNegative(), shift: Type.Number({ description: 'the bias it was re-centred by' }) })]),
  Type.Null(),
]);
const NullableRate = Type.Union([Probability(), Type.Null()]);
const NotRecorded = (what: string) =>
  Type.Object(
    {
      from: Type.String({ description: 'what it would be read from (a column, or tokens × prices)' }),
      attempts: Count('attempts read'),
      carrying: Count('attempts with a value > 0'),
      rule: Type.String({ description: 'the rule, in words' }),
    },
    {
      description: `the log's ${what} when it does not record it (all zero or blank, or > 0 on fewer than half the attempts): not priced, never averaged as 0`,
    },
  );

/** `passk estimate FILE --json`: task-averaged pass@k and pass^k of a log, with intervals for two estimands. */
export const EstimateFileSchema = Type.Object(
  {
    kind: Type.Literal('passk.estimate.file'),
    schemaVersion: Type.Literal(2),
    source: SourceSchema,
    tasks: Count(),
    trials: Type.Object({ min: Count(), max: Count() }, { description: 'trials per task' }),
    uncertainty: Type.Object(
      {
        confidence: Level(),
        sides: Type.Union([Type.Literal(1), Type.Literal(2)]),
        interval: Type.String(),
        estimands: EstimandsSchema,
        clusteredNormal: Type.String(),
        bootstrap: Type.Union([Type.Object({ replicates: Count(), seed: Type.String(), method: Type.String() }), Type.Null()]),
      },
      { description: 'how the intervals were made, in words' },
    ),
    rows: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        passAtK: NullableRate,
        passHatK: NullableRate,
        estimableTasks: Count('tasks with n ≥ k'),
        notEstimableTasks: Count(),
        plugin: Type.Union([byMetric(Probability(), 'plug-in estimates'), Type.Null()]),
        se: byMetric(NullableSe(), 'clustered SE'),
        interval: byMetric(NullableInterval, 'interval for the task population (other tasks, other trials)'),
        benchmark: byMetric(WithSe, 'interval for this benchmark (the same tasks, only the trials random)'),
        clusteredNormal: byMetric(NullableInterval, 'mean ± z·SE (comparison only)'),
        bootstrap: Type.Union([byMetric(Bootstrap, 'two-stage bootstrap interval'), Type.Null()]),
      }),
      { minItems: 1, description: 'one row per k' },
    ),
    cost: Type.Optional(openObject('per-attempt cost from the log, when it records one (at least half the attempts carry a value > 0)')),
    latency: Type.Optional(openObject('per-attempt latency from the log, when it has one')),
    costNotRecorded: Type.Optional(NotRecorded('cost')),
    latencyNotRecorded: Type.Optional(NotRecorded('latency')),
    p: Type.Object({ method: IntervalMethodSchema, confidence: Level(), sides: SidesSchema }, { description: 'the per-task interval options' }),
    perTask: Type.Optional(
      Type.Array(
        Type.Object({
          task: Type.String(),
          n: Count(),
          c: Count(),
          p: Type.Intersect([Type.Object({ estimate: Probability() }), RateIntervalSchema]),
          rows: Type.Array(Type.Object({ k: Type.Integer({ minimum: 1 }), passAtK: Probability(), passHatK: Probability() })),
        }),
        { description: 'with --json: each task’s counts, rate and estimates' },
      ),
    ),
  },
  {
    $id: 'passk.estimate.file',
    description: '`passk estimate FILE --json`: task-averaged pass@k and pass^k of a log, with intervals for the task population and for this benchmark.',
  },
);

export type EstimateFileDocument = DocumentType<typeof EstimateFileSchema>;
