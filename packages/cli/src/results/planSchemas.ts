import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import { BetaDistributionSchema, IntervalMethodSchema } from './literals.js';
import type { DocumentType } from './documentType.js';
import { openObject } from './openObject.js';
import { Count, Level, NonNegative, Probability, RateIntervalSchema } from './intervalSchema.js';

/** Power checked by simulation, with its Monte Carlo SE; null where none was simulated. */
const SimulatedPower = (description: string) => Type.Union([Type.Object({ value: Probability(), se: NonNegative() }), Type.Null()], { description });
const Metric = Type.Union([Type.Literal('passAtK'), Type.Literal('passHatK'), Type.Literal('p')], { description: 'the planned metric' });

/** `passk plan demonstrate --json`: runs needed to show pass^k ≥ target. */
export const PlanDemonstrateSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.demonstrate'),
    schemaVersion: Type.Literal(3),
    provenance: ProvenanceSchema,
    target: Probability('the pass^k to demonstrate'),
    k: Type.Integer({ minimum: 1 }),
    confidence: Level(),
    failures: Count('failures allowed'),
    requiredRate: Probability('per-attempt rate p with p^k = target'),
    failureRate: Probability('1 − requiredRate'),
    runs: Count('runs needed'),
    byFailures: Type.Array(
      Type.Object({
        failures: Count(),
        runs: Count(),
        powerAt: Type.Optional(Probability('with --power-at: the chance that this design passes at that true pass^k')),
      }),
      { description: 'runs needed for 0..failures failures' },
    ),
    power: Type.Optional(
      Type.Object(
        {
          level: Probability('the chance of passing `passHatK` is stated for (0.8)'),
          passHatK: Probability('the true pass^k at which the plan (runs, failures) passes with probability `level`'),
          at: Type.Union([Probability('the true pass^k of --power-at'), Type.Null()]),
          probability: Type.Union([Probability('the chance that the plan passes at `at`: P(F ≤ failures), F ~ Binomial(runs, 1 − at^(1/k))'), Type.Null()]),
        },
        { description: 'what the plan can show: exact binomial power (absent from documents written before it was added)' },
      ),
    ),
    ruleOfThree: Count('the rule-of-three approximation 3/(1 − p)'),
    method: Type.String(),
  },
  { $id: 'passk.plan.demonstrate', description: '`passk plan demonstrate --json`: runs needed to show pass^k ≥ a target.' },
);

/** `passk plan precision --json`: trials for an interval of a given half-width. */
export const PlanPrecisionSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.precision'),
    schemaVersion: Type.Literal(3),
    provenance: ProvenanceSchema,
    metric: Metric,
    k: Type.Integer({ minimum: 1 }),
    rate: Probability('the expected per-attempt rate'),
    halfWidth: NonNegative('the half-width asked for'),
    method: IntervalMethodSchema,
    confidence: Level(),
    trials: Count('trials needed'),
    assurance: Probability('probability asked for that the half-width is reached'),
    achievedAssurance: Probability(),
    achievedHalfWidth: NonNegative(),
    interval: Type.Intersect([RateIntervalSchema, Type.Object({ method: IntervalMethodSchema })]),
    normalApproximation: Count('trials by the normal approximation, for comparison'),
    description: Type.String(),
    tasks: Type.Union([openObject('the plan for the number of tasks'), Type.Null()], { description: 'with --trials: the plan for the number of tasks' }),
  },
  { $id: 'passk.plan.precision', description: '`passk plan precision --json`: trials for an interval of a given half-width.' },
);

/** `passk plan compare --json`: tasks and trials to detect a difference between two runs. */
export const PlanCompareSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.compare'),
    schemaVersion: Type.Literal(4),
    provenance: ProvenanceSchema,
    metric: Type.Union([Type.Literal('passAtK'), Type.Literal('passHatK')], { description: 'the compared metric' }),
    k: Type.Integer({ minimum: 1 }),
    taskDistribution: BetaDistributionSchema,
    baseline: Probability(),
    comparison: Probability(),
    logOddsShift: Type.Number(),
    gainSpread: NonNegative('spread of the gain across tasks'),
    powerByGainSpread: Type.Array(
      Type.Object({
        gainSpread: NonNegative(),
        power: Probability(),
        simulatedPower: SimulatedPower('power checked by simulation, with its Monte Carlo SE; null with --simulations 0'),
      }),
    ),
    simulation: Type.Union([Type.Object({ datasets: Count(), seed: Type.Union([Type.Integer(), Type.String()]), test: Type.String() }), Type.Null()], {
      description: 'the power check by simulation; null with --simulations 0',
    }),
    alpha: Level(),
    power: Level(),
    rows: Type.Array(
      Type.Object({
        trials: Count('trials per task'),
        sdDifference: NonNegative(),
        zTestTasks: Count("tasks the paired z-test needs: the search's starting guess"),
        tasks: Count("tasks needed: the fewest whose simulated power of compare's verdict reaches --power (the z-test's with --simulations 0)"),
        attempts: Count('tasks × trials × 2 runs'),
        simulatedPower: SimulatedPower(
          "the power of compare's verdict (interval of B − A excludes 0 and the permutation test rejects) at these tasks, simulated, with its Monte Carlo SE; null with --simulations 0",
        ),
      }),
      { minItems: 1 },
    ),
    method: Type.String(),
  },
  { $id: 'passk.plan.compare', description: '`passk plan compare --json`: tasks and trials to detect a difference between two runs.' },
);

/** The interval of a pilot plan's power from the pilot's sampling error (null with --power-draws 0, or where no tasks were found). */
const PowerInterval = Type.Union(
  [
    Type.Object({
      lower: Probability('lower bound'),
      upper: Probability('upper bound'),
      level: Level('e.g. 0.8'),
      method: Type.String(),
      draws: Count("bootstrap draws of the pilot's tasks"),
      experiments: Count('experiments simulated on each draw'),
      sdBetweenDraws: NonNegative('sd of the simulated power across draws'),
      sdMonteCarlo: NonNegative("the part of it that is the draws' Monte Carlo noise (removed from the bounds)"),
      meanOfDraws: Probability("mean of the draws' simulated powers; the bounds are its spread below and above, placed around simulatedPower"),
    }),
    Type.Null(),
  ],
  { description: "the power's interval from the pilot's sampling error: its tasks bootstrapped, the power simulated on each draw; null with --power-draws 0" },
);

/** How B's rate on a task relates to A's in a one-run plan. */
const GainModel = (description: string) =>
  Type.Union([Type.Literal('shift'), Type.Literal('independent')], {
    description: `${description}. shift: B's log-odds = A's on the same task + the shift; independent: B's rate is A's population shifted, drawn unrelated to A's rate on the task`,
  });

/** `passk plan compare --pilot --json`: tasks × trials for compare's verdict, from a pilot's resampled tasks. */
export const PlanComparePilotSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.compare-pilot'),
    schemaVersion: Type.Literal(4),
    provenance: ProvenanceSchema,
    mode: Type.Union([Type.Literal('pair'), Type.Literal('oneRun')], { description: 'pair: two pilot runs; oneRun: one pilot run and --delta' }),
    sources: Type.Array(Type.Object({ name: Type.String(), file: Type.String(), tasks: Count('tasks read') }), { minItems: 1 }),
    pairedTasks: Type.Union([Count('tasks in both pilot runs (the ones resampled)'), Type.Null()], { description: 'null with one run' }),
    metric: Type.Union([Type.Literal('passAtK'), Type.Literal('passHatK')], { description: 'the compared metric' }),
    k: Type.Integer({ minimum: 1 }),
    alpha: Level(),
    power: Level(),
    pilot: Type.Object({
      tasks: Count('pilot tasks resampled'),
      trials: Type.Object({ min: Count(), max: Count() }, { description: 'fewest and most trials of a pilot task' }),
      baseline: Probability("A's task-averaged metric in the pilot"),
      comparison: Probability("B's (A's + --delta with one run)"),
      sdDifference: Type.Union([NonNegative(), Type.Null()], { description: 'sd over pilot tasks of the per-task difference; null with one run' }),
    }),
    gain: Type.Union(
      [
        Type.Object({
          delta: Type.Number(),
          logOddsShift: Type.Number(),
          gainSpread: NonNegative(),
          gainSpreadFrom: Type.Union([Type.Literal('pilot'), Type.Literal('option')], {
            description:
              "pilot: no --gain-spread, one log-odds shift on every task (the gain in the metric varies with each pilot task's rate); option: --gain-spread as given",
          }),
          model: GainModel('the gain model that sized rows and fixedTasks (--gain-model; default independent, the conservative end)'),
          alternative: Type.Object(
            {
              model: GainModel('the other gain model'),
              rows: Type.Array(
                Type.Object({
                  trials: Count('trials per task'),
                  tasks: Type.Union([Count(), Type.Null()], {
                    description: 'the tasks its power search found (not re-simulated); null when none up to the limit',
                  }),
                }),
              ),
            },
            { description: "the other gain model's tasks needed at each row's trials, for comparison" },
          ),
        }),
        Type.Null(),
      ],
      {
        description:
          "one run: B's log-odds = logit p + logOddsShift + gainSpread·Z per task, p A's rate on the task (shift) or on another pilot task (independent); null with two runs",
      },
    ),
    rows: Type.Array(
      Type.Object({
        trials: Count('trials per task'),
        tasks: Type.Union([Count(), Type.Null()], {
          description: 'the fewest tasks whose simulated power reaches --power; null when none up to the limit does',
        }),
        attempts: Type.Union([Count(), Type.Null()], { description: 'tasks × trials × 2 runs' }),
        simulatedPower: Type.Object(
          { value: Probability(), se: NonNegative() },
          { description: "the simulated power of compare's verdict at these tasks, with its Monte Carlo SE" },
        ),
        powerInterval: PowerInterval,
        trialsFrom: Type.Union([Type.Literal('subsample'), Type.Literal('posterior')], {
          description: "subsample: of each task's recorded trials; posterior: its recorded trials plus binomial draws from its posterior rate for the rest",
        }),
        cost: Type.Union([NonNegative(), Type.Null()], {
          description: "the design's cost: tasks × trials × (A's + B's mean cost per attempt; one run: A's × (1 + cost ratio)); null without costs",
        }),
      }),
      { minItems: 1 },
    ),
    fixedTasks: Type.Union(
      [
        Type.Object({
          tasks: Count(),
          trials: Type.Union([Count(), Type.Null()]),
          simulatedPower: Type.Object({ value: Probability(), se: NonNegative() }),
          powerInterval: PowerInterval,
        }),
        Type.Null(),
      ],
      { description: 'with --tasks: the fewest trials per task reaching --power at that many tasks (null when none up to 1000 does)' },
    ),
    costs: Type.Union(
      [
        Type.Object({
          perAttempt: Type.Array(Type.Object({ name: Type.String(), cost: NonNegative(), from: Type.String() })),
          costRatio: Type.Union([NonNegative(), Type.Null()], {
            description: "one run: B's cost per attempt as a multiple of A's (--cost-ratio, default 1); null with two runs",
          }),
          assumption: Type.String({ description: "where B's cost per attempt comes from, in one line (as the text prints it)" }),
          cheapest: Type.Union([Type.Object({ trials: Count(), tasks: Count(), cost: NonNegative() }), Type.Null()]),
        }),
        Type.Null(),
      ],
      {
        description:
          'mean cost per attempt of each pilot run (its cost column, or tokens × --price-in/--price-out) and the cheapest design; null without costs',
      },
    ),
    simulation: Type.Object({ datasets: Count(), seed: Type.Union([Type.Integer(), Type.String()]), test: Type.String() }),
    method: Type.String(),
  },
  {
    $id: 'passk.plan.compare-pilot',
    description: "`passk plan compare --pilot --json`: tasks × trials for compare's verdict to reach the power asked, from a pilot's resampled tasks.",
  },
);

/** `passk plan precision --pilot --json`: tasks × trials for CI (tasks) to reach a half-width with the assurance asked, from a pilot. */
export const PlanPrecisionPilotSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.precision-pilot'),
    schemaVersion: Type.Literal(2),
    provenance: ProvenanceSchema,
    source: Type.Object({ name: Type.String(), file: Type.String(), tasks: Count('tasks read') }, { description: 'the pilot log' }),
    metric: Type.Union([Type.Literal('passAtK'), Type.Literal('passHatK')], { description: 'the planned metric' }),
    k: Type.Integer({ minimum: 1 }),
    halfWidth: Probability('the half-width asked for, (upper − lower)/2 of CI (tasks)'),
    confidence: Level('two-sided'),
    assurance: Level('the chance asked for that CI (tasks) is at most ±halfWidth'),
    pilot: Type.Object({
      tasks: Count('pilot tasks resampled'),
      trials: Type.Object({ min: Count(), max: Count() }, { description: 'fewest and most trials of a pilot task' }),
      estimate: Probability("the pilot's task-averaged metric (tasks with n ≥ k)"),
      sdTasks: NonNegative('sd over pilot tasks of the per-task estimate'),
    }),
    rows: Type.Array(
      Type.Object({
        trials: Count('trials per task'),
        tasks: Type.Union([Count(), Type.Null()], {
          description: 'the fewest tasks whose simulated assurance reaches --assurance; null when none up to the limit does',
        }),
        attempts: Type.Union([Count(), Type.Null()], { description: 'tasks × trials' }),
        simulatedAssurance: Type.Object(
          { value: Probability(), se: NonNegative() },
          { description: 'share of simulated benchmarks with CI (tasks) at most ±halfWidth, re-simulated at these tasks, with its Monte Carlo SE' },
        ),
        trialsFrom: Type.Union([Type.Literal('subsample'), Type.Literal('posterior')], {
          description: "subsample: of each task's recorded trials; posterior: binomial from the task's posterior rate",
        }),
        cost: Type.Union([NonNegative(), Type.Null()], { description: "tasks × trials × the pilot's mean cost per attempt; null without costs" }),
      }),
      { minItems: 1 },
    ),
    fixedTasks: Type.Union(
      [
        Type.Object({
          tasks: Count(),
          trials: Type.Union([Count(), Type.Null()]),
          simulatedAssurance: Type.Object({ value: Probability(), se: NonNegative() }),
        }),
        Type.Null(),
      ],
      { description: 'with --tasks: the fewest trials per task reaching --assurance at that many tasks (null when none up to 1000 does)' },
    ),
    costs: Type.Union(
      [
        Type.Object({
          perAttempt: NonNegative("the pilot's mean cost per attempt"),
          from: Type.String({ description: 'where the cost comes from (cost column, or tokens × prices)' }),
          cheapest: Type.Union([Type.Object({ trials: Count(), tasks: Count(), cost: NonNegative() }), Type.Null()]),
        }),
        Type.Null(),
      ],
      { description: "the pilot's mean cost per attempt and the cheapest design; null without costs" },
    ),
    simulation: Type.Object({ datasets: Count('simulated benchmarks per size'), seed: Type.Union([Type.Integer(), Type.String()]) }),
    method: Type.String(),
  },
  {
    $id: 'passk.plan.precision-pilot',
    description: '`passk plan precision --pilot --json`: tasks × trials for CI (tasks) to be at most ±H with the assurance asked, from a pilot.',
  },
);

/** `passk plan audit --json`: tasks to audit for a half-width of the judge-corrected interval. */
export const PlanAuditSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.audit'),
    schemaVersion: Type.Literal(2),
    provenance: ProvenanceSchema,
    metric: Type.Union([Type.Literal('passAtK'), Type.Literal('passHatK')], { description: 'the planned metric' }),
    k: Type.Integer({ minimum: 1 }),
    tasks: Count('tasks the judge scores (T)'),
    halfWidth: Probability('the half-width asked for'),
    confidence: Level('two-sided'),
    from: Type.Union([
      Type.Object(
        { pilot: Type.String({ description: 'the pilot log' }), column: Type.String({ description: 'its truth column' }), audited: Count(), of: Count() },
        { description: 'moments measured on a pilot log with some audit' },
      ),
      Type.Object(
        {
          mean: Probability('mean per-attempt success rate'),
          concentration: Type.Number({ exclusiveMinimum: 0, description: 'a + b of the Beta task population' }),
          trials: Count('attempts per task'),
          falseAccept: Probability(),
          falseReject: Probability(),
        },
        { description: "moments from the judge's error rates and the agent's task population (pass@1)" },
      ),
    ]),
    moments: Type.Object(
      {
        truthVariance: NonNegative('σ²_y of the truth-based per-task estimates'),
        judgedVariance: NonNegative('σ²_f of the judge-based ones'),
        covariance: Type.Number({ minimum: -1, maximum: 1, description: 'Cov(y, f)' }),
      },
      { description: 'the moments the plan is computed from' },
    ),
    lambda: Probability('the power-tuning weight the correction converges to'),
    audited: Type.Union([Count(), Type.Null()], { description: 'tasks to audit; null when even auditing every task does not reach the half-width' }),
    achievedHalfWidth: NonNegative('expected half-width at that many (at every task when out of reach)'),
    auditOnly: Type.Union([Count(), Type.Null()], { description: 'tasks to audit for the same half-width with no judge; null when more than tasks' }),
    method: Type.String(),
  },
  { $id: 'passk.plan.audit', description: '`passk plan audit --json`: tasks to audit for a half-width of the judge-corrected interval.' },
);

export type PlanAuditDocument = DocumentType<typeof PlanAuditSchema>;
export type PlanDemonstrateDocument = DocumentType<typeof PlanDemonstrateSchema>;
export type PlanPrecisionDocument = DocumentType<typeof PlanPrecisionSchema>;
export type PlanCompareDocument = DocumentType<typeof PlanCompareSchema>;
export type PlanComparePilotDocument = DocumentType<typeof PlanComparePilotSchema>;
export type PlanPrecisionPilotDocument = DocumentType<typeof PlanPrecisionPilotSchema>;
