import { ProvenanceSchema } from './provenance.js';
import { Type, type TInteger } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { EstimandsSchema } from './estimandSchema.js';
import { Count, DifferenceIntervalSchema, IntervalSchema, Level, NonNegative, NullableSe, Probability, ValueSeSchema } from './intervalSchema.js';

const Counts = Type.Object({ n: Count(), c: Count() });
/** A difference of two rates, B − A. */
const Difference = (description?: string) => Type.Number({ minimum: -1, maximum: 1, ...(description === undefined ? {} : { description }) });
const TaskId = Type.Union([Type.String(), Type.Number()], { description: 'a task id as the log has it' });
const ChangeKinds = ['fixed', 'regressed', 'improved', 'worsened', 'unchanged'] as const;
const TaskChange = Type.Object({
  task: TaskId,
  baseline: Counts,
  candidate: Counts,
  change: Difference('candidate c/n − baseline c/n'),
  kind: Type.Union([Type.Literal('fixed'), Type.Literal('regressed'), Type.Literal('improved'), Type.Literal('worsened'), Type.Literal('unchanged')], {
    description: 'fixed, regressed, improved, worsened or unchanged',
  }),
});

/** With --truth-col: a difference beside the corrected one. */
const JudgedDifference = Type.Object({
  estimate: Difference('B − A'),
  interval: Type.Union([DifferenceIntervalSchema, Type.Null()]),
  tasks: Count('tasks compared'),
});

/** One run's side: its task average over the compared tasks, SE and CI (tasks). */
const RunSideSchema = Type.Intersect([
  ValueSeSchema,
  Type.Object({
    interval: Type.Union([IntervalSchema, Type.Null()], {
      description: "the run's own task-population interval over the compared tasks (CI (tasks), as estimate prints it); null with < 2 tasks",
    }),
  }),
]);

const MetricComparisonSchema = Type.Object(
  {
    baseline: RunSideSchema,
    candidate: RunSideSchema,
    difference: Difference('candidate − baseline'),
    se: NullableSe('SE of the difference (null with < 2 tasks)'),
    interval: Type.Union([DifferenceIntervalSchema, Type.Null()], {
      description:
        'interval of the difference for the task population (CI (tasks)): paired-difference score (pairedDifferenceInterval; unpaired: Welch t), method named; null with < 2 tasks',
    }),
    benchmark: Type.Union([Type.Intersect([DifferenceIntervalSchema, Type.Object({ se: NonNegative('√(SE_A² + SE_B²) of the trial noise') })]), Type.Null()], {
      description:
        'interval of the difference for this benchmark (CI (trials)), the same tasks rerun with only the trials random: benchmarkDifferenceInterval, paired or not, kept within `interval`; null when a run has no task with n ≥ k',
    }),
    bootstrap: Type.Union([Type.Intersect([DifferenceIntervalSchema, Type.Object({ se: NonNegative() })]), Type.Null()], {
      description: 'paired bootstrap interval (null when off)',
    }),
    pValue: Type.Union(
      [
        Type.Object({
          value: Probability(),
          test: Type.Optional(
            Type.Union([Type.Literal('sign-flip'), Type.Literal('trial-permutation'), Type.Literal('welch')], {
              description:
                'sign-flip: paired, the same trials per task; trial-permutation: paired, some task has different trial counts in the two runs (trials relabelled within tasks); welch: unpaired. Absent in documents written before it was added',
            }),
          ),
          method: Type.Union([Type.Literal('exact'), Type.Literal('monte-carlo'), Type.Literal('welch')]),
          permutations: Count(),
          se: NullableSe(),
        }),
        Type.Null(),
      ],
      { description: 'two-sided p-value of no difference' },
    ),
    adjustedPValue: Type.Union([Probability(), Type.Null()], { description: 'after Holm over the comparisons with the baseline' }),
    judgeOnly: Type.Optional(
      Type.Union([JudgedDifference, Type.Null()], {
        description: "with --truth-col: the judge's verdicts taken as the truth (paired-difference score interval)",
      }),
    ),
    auditOnly: Type.Optional(Type.Union([JudgedDifference, Type.Null()], { description: 'with --truth-col: the tasks audited in both runs alone' })),
    correction: Type.Optional(
      Type.Object(
        { lambda: Probability('the power-tuning weight λ'), audited: Count('tasks audited in both runs with n ≥ k') },
        { description: 'with --truth-col: how the corrected difference was made' },
      ),
    ),
    verdict: Type.Optional(
      Type.Union([Type.Literal('higher'), Type.Literal('lower'), Type.Literal('no difference shown'), Type.Null()], {
        description: 'with --truth-col: B against A from the corrected interval (method.verdict)',
      }),
    ),
  },
  { $id: 'MetricComparison', description: 'one metric of two runs and their difference' },
);

const CostInterval = Type.Union([IntervalSchema, Type.Null()], { description: 'two-sided interval over tasks; null with < 2 tasks or nothing solved' });
const CostValue = Type.Object({
  value: Type.Union([NonNegative(), Type.Null()], { description: 'null where nothing was solved' }),
  se: NullableSe(),
  interval: CostInterval,
});
const CostDifference = {
  difference: Type.Union([Type.Number(), Type.Null()], { description: 'candidate − baseline (money; null where a side has no value)' }),
  se: NullableSe('paired SE over tasks'),
  interval: CostInterval,
};
const CostComparisonSchema = Type.Object(
  {
    from: Type.Object({ baseline: Type.String(), candidate: Type.String() }, { description: "what each run's cost was read from" }),
    rows: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        tasks: Count('tasks in both runs, priced in both, n ≥ k in both'),
        perAttempt: Type.Object(
          {
            baseline: Type.Object({ value: NonNegative(), se: NullableSe() }),
            candidate: Type.Object({ value: NonNegative(), se: NullableSe() }),
            ...CostDifference,
          },
          { description: 'task-averaged cost per attempt of each run, and B − A paired by task' },
        ),
        perSolved: Type.Object(
          { baseline: CostValue, candidate: CostValue, ...CostDifference },
          { description: 'cost per solved task at k (Σ k·c̄_t / Σ pass@k_t) of each run, and B − A (delta method over paired tasks)' },
        ),
      }),
    ),
  },
  { description: "the runs' costs compared where both logs record one and the comparison is paired (null otherwise)" },
);

/** `passk compare --json`: runs against a baseline, paired by task. */
export const CompareSchema = Type.Object(
  {
    kind: Type.Literal('passk.compare'),
    schemaVersion: Type.Literal(6),
    provenance: ProvenanceSchema,
    runs: Type.Array(
      Type.Object({
        name: Type.String(),
        file: Type.String(),
        format: Type.String(),
        rows: Count('attempts counted'),
        tasks: Count(),
        by: Type.Union([Type.Object({ column: Type.String(), value: Type.String() }), Type.Null()], {
          description: 'with --by: the column and value of these rows',
        }),
        read: Type.Array(Type.String(), { description: 'how the input was read, in words' }),
      }),
      { minItems: 2 },
    ),
    baseline: Type.String({ description: 'the name of the baseline run' }),
    ks: Type.Array(Type.Integer({ minimum: 1 })),
    confidence: Level(),
    sides: Type.Union([Type.Literal(1), Type.Literal(2)]),
    correction: Type.String({ description: 'none or holm' }),
    method: Type.Record(Type.String(), Type.String(), { description: 'the methods in words' }),
    uncertainty: Type.Object({ estimands: EstimandsSchema }, { description: 'what each interval of a difference is about' }),
    comparisons: Type.Array(
      Type.Object({
        baseline: Type.String(),
        candidate: Type.String(),
        pairing: Type.Object({
          mode: Type.Union([Type.Literal('paired'), Type.Literal('unpaired')]),
          overlap: Probability(),
          minOverlap: Probability(),
          tasks: Type.Object({ baseline: Count(), candidate: Count(), common: Count() }),
          onlyInBaseline: Type.Array(TaskId),
          onlyInCandidate: Type.Array(TaskId),
        }),
        confidence: Level(),
        sides: Type.Union([Type.Literal(1), Type.Literal(2)]),
        meanSuccess: MetricComparisonSchema,
        rows: Type.Array(
          Type.Object({
            k: Type.Integer({ minimum: 1 }),
            tasks: Type.Object({ baseline: Count(), candidate: Count() }),
            notEstimable: Type.Object({ count: Count(), tasks: Type.Array(TaskId) }),
            passAtK: Type.Union([MetricComparisonSchema, Type.Null()]),
            passHatK: Type.Union([MetricComparisonSchema, Type.Null()]),
          }),
        ),
        perTask: Type.Object({
          tasks: Type.Array(TaskChange),
          counts: Type.Object(Object.fromEntries(ChangeKinds.map((kind) => [kind, Count()])) as Record<(typeof ChangeKinds)[number], TInteger>, {
            description: 'tasks of each kind of change',
          }),
          fixed: Type.Array(TaskId, { description: 'ids of the tasks that went from failing to passing' }),
          regressed: Type.Array(TaskId, { description: 'ids of the tasks that went from passing to failing' }),
          largest: Type.Array(TaskChange),
        }),
        bootstrap: Type.Union([Type.Object({ replicates: Count(), seed: Type.Union([Type.Integer({ minimum: 0 }), Type.String()]) }), Type.Null()]),
        permutations: Type.Object({ exactLimit: Count(), replicates: Count(), seed: Type.Union([Type.Integer({ minimum: 0 }), Type.String()]) }),
        cost: Type.Optional(Type.Union([CostComparisonSchema, Type.Null()])),
        audit: Type.Optional(
          Type.Object(
            {
              columns: Type.Object({ baseline: Type.String(), candidate: Type.String() }, { description: 'the truth column of each run' }),
              tasks: Type.Object({ baseline: Count(), candidate: Count(), both: Count() }, { description: 'tasks audited in each run, and in both' }),
            },
            {
              description:
                "with --truth-col: the success columns are a judge's verdicts and these columns the truth on audited tasks; rows[] then hold the judge-corrected values (interval, se, difference, each run's value), and benchmark, bootstrap and pValue are null",
            },
          ),
        ),
      }),
      { minItems: 1, description: 'one per candidate run' },
    ),
  },
  { $id: 'passk.compare', description: '`passk compare A B … --json`: runs against a baseline, paired by task.' },
);

export type CompareDocumentV3 = DocumentType<typeof CompareSchema>;
