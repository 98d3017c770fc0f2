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
    schemaVersion: Type.Literal(2),
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
    schemaVersion: Type.Literal(2),
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
    schemaVersion: Type.Literal(2),
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
        tasks: Count('tasks needed'),
        attempts: Count('tasks × trials × 2 runs'),
        simulatedPower: SimulatedPower("the first row's power checked by simulation, with its Monte Carlo SE; null in the other rows and with --simulations 0"),
      }),
      { minItems: 1 },
    ),
    method: Type.String(),
  },
  { $id: 'passk.plan.compare', description: '`passk plan compare --json`: tasks and trials to detect a difference between two runs.' },
);

/** `passk plan audit --json`: tasks to audit for a half-width of the judge-corrected interval. */
export const PlanAuditSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.audit'),
    schemaVersion: Type.Literal(1),
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
