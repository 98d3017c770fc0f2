import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import { IntervalMethodSchema, SidesSchema } from './literals.js';
import type { DocumentType } from './documentType.js';
import { SourceSchema } from './sourceSchema.js';
import { byMetric, Count, IntervalSchema, Level, NonNegative, NullableSe, Probability, RateIntervalSchema } from './intervalSchema.js';
import { EstimandsSchema } from './estimandSchema.js';

const NullableInterval = Type.Union([RateIntervalSchema, Type.Null()]);
const WithSe = Type.Union([Type.Intersect([RateIntervalSchema, Type.Object({ se: NonNegative() })]), Type.Null()]);
const Bootstrap = Type.Union([
  Type.Intersect([RateIntervalSchema, Type.Object({ se: NonNegative(), shift: Type.Number({ description: 'the bias it was re-centred by' }) })]),
  Type.Null(),
]);
const NullableRate = Type.Union([Probability(), Type.Null()]);
/** With --truth-col: an estimate beside the corrected one (the judge's alone, or the audited tasks' truth alone). */
const PlainEstimate = Type.Union([
  Type.Object({
    estimate: Probability(),
    interval: NullableInterval,
    tasks: Count('tasks averaged over (n ≥ k)'),
  }),
  Type.Null(),
]);
const Correction = Type.Union([
  Type.Object({
    lambda: Probability('the power-tuning weight λ of PPI++ (0: the audit alone; 1: plain PPI)'),
    raw: Type.Number({ description: 'θ̂ before clipping to [0, 1] (prediction-powered estimates can leave it)' }),
    df: Type.Integer({ description: 'degrees of freedom of the t quantile: audited tasks − 2' }),
    audited: Count('audited tasks with n ≥ k'),
  }),
  Type.Null(),
]);
/** A log's cost or latency: its means and, per k, the amount per solved task with its interval over tasks. */
const Amount = (what: string) =>
  Type.Object(
    {
      from: Type.String({ description: 'what it was read from (a column, or tokens × prices)' }),
      attempts: Count('attempts with a value > 0'),
      perAttempt: NonNegative('mean over the attempts with a value'),
      perTaskInLog: NonNegative("mean over tasks of each task's total in the log"),
      perAttemptTaskAveraged: NonNegative("c̄: mean over tasks (with a value) of each task's mean per attempt"),
      perAttemptSe: NullableSe('its standard error over tasks, sd(c̄_t)/√T'),
      rows: Type.Array(
        Type.Object({
          k: Type.Integer({ minimum: 1 }),
          tasks: Count('tasks with a value and n ≥ k, the ones the row is over'),
          perTask: NonNegative('k·c̄: k attempts at a task'),
          perSolvedTask: Type.Union([NonNegative(), Type.Null()], {
            description: 'Σ k·c̄_t / Σ pass@k_t over those tasks (costPerSolved); null where nothing was solved',
          }),
          perSolvedTaskInterval: Type.Union([IntervalSchema, Type.Null()], {
            description: "two-sided interval over tasks at the estimate's confidence (log-scale delta method); null with < 2 tasks or nothing solved",
          }),
        }),
      ),
    },
    { description: `the log's ${what} per attempt and per solved task, when it records one (at least half the attempts carry a value > 0)` },
  );
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
    schemaVersion: Type.Literal(5),
    provenance: ProvenanceSchema,
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
        judgeOnly: Type.Optional(byMetric(PlainEstimate, "with --truth-col: the judge's verdicts taken as the truth, with the population interval")),
        auditOnly: Type.Optional(byMetric(PlainEstimate, 'with --truth-col: the truth on the audited tasks alone, with the population interval')),
        correction: Type.Optional(byMetric(Correction, 'with --truth-col: how the corrected value was made')),
      }),
      { minItems: 1, description: 'one row per k' },
    ),
    audit: Type.Optional(
      Type.Object(
        {
          tasks: Count('tasks with the truth'),
          of: Count('tasks in the log'),
          column: Type.String({ description: 'the truth column (--truth-col)' }),
        },
        {
          description:
            "with --truth-col: the success column is a judge's verdict and this column holds the truth on an audit sample; rows[].passAtK, passHatK, se and interval are then the judge-corrected values (prediction-powered inference), benchmark, plugin, clusteredNormal and bootstrap are null",
        },
      ),
    ),
    cost: Type.Optional(Amount('cost')),
    latency: Type.Optional(Amount('latency (seconds)')),
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
