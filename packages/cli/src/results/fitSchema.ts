import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { openObject } from './openObject.js';
import { SourceSchema } from './sourceSchema.js';
import { DependenceSchema, DriftSchema } from './dependenceSchema.js';
import { Count, Level, NonNegative, NullableSe, Probability, RateIntervalSchema, ValueSeSchema } from './intervalSchema.js';

const ByK = <T extends Parameters<typeof Type.Record>[1]>(item: T, description: string) =>
  Type.Object({ passAtK: Type.Record(Type.String(), item), passHatK: Type.Record(Type.String(), item) }, { description: `${description}, by k ("1", "2", …)` });
const ScenarioTasks = openObject('the fitted task distribution as a scenario `tasks` block (docs/scenario.md)');
const ModelName = Type.Union([Type.Literal('betaBinomial'), Type.Literal('zeroOneInflatedBetaBinomial')], { description: 'the model' });
const PredictedRate = Type.Object(
  {
    value: Type.Union([Probability(), Type.Null()], { description: 'observed unbiased task average or model prediction; null when refused' }),
    interval: Type.Union([RateIntervalSchema, Type.Null()], {
      description:
        'observed: the population interval of `passk estimate`; model: the delta-method interval joined with the moment bounds; null when refused or undefined',
    }),
  },
  { description: 'a pass rate with its interval' },
);
const PassRates = Type.Object({ passAtK: Probability(), passHatK: Probability() });
const FitParameterSchema = Type.Object(
  {
    value: Type.Union([NonNegative(), Type.Null()], {
      description: 'the estimate (≥ 0: weights, shapes, mean and correlation); null where infinite (the binomial limit) or undefined (no beta component)',
    }),
    se: NullableSe('its delta-method SE; null at a boundary or without a covariance'),
  },
  { $id: 'FitParameter', description: 'a fitted parameter with its SE: {value, se}, either null where it does not exist' },
);
const Parameters = Type.Object(
  {
    pi0: Type.Optional(FitParameterSchema),
    pi1: Type.Optional(FitParameterSchema),
    a: FitParameterSchema,
    b: FitParameterSchema,
    mean: FitParameterSchema,
    concentration: FitParameterSchema,
    taskCorrelation: FitParameterSchema,
  },
  {
    additionalProperties: false,
    description:
      'each with its delta-method SE: pi0, pi1 (zeroOneInflatedBetaBinomial only) the shares of tasks that never and always succeed; ' +
      'a, b, mean = a/(a + b) and concentration = a + b of the beta component; taskCorrelation the between-task correlation ' +
      'ρ = Var(p)/(E p·(1 − E p)) of the fitted p, 1/(a + b + 1) for the beta-binomial (two attempts of one task agree because ' +
      "tasks differ; not a scenario's exchangeable icc, which correlates the retries of one episode given p)",
  },
);

/** `passk fit FILE --json`: the task success-rate distribution fitted to a log, two models compared by AIC. */
export const FitSchema = Type.Object(
  {
    kind: Type.Literal('passk.fit'),
    schemaVersion: Type.Literal(6),
    provenance: ProvenanceSchema,
    source: SourceSchema,
    tasks: Count(),
    trials: Type.Object({ min: Count(), max: Count(), total: Count() }, { description: 'trials per task and in all' }),
    models: Type.Array(
      Type.Object({
        name: ModelName,
        parameterCount: Count('parameters counted by AIC'),
        params: Parameters,
        logLik: Type.Number(),
        aic: Type.Number({ description: '2·parameterCount − 2·logLik' }),
        boundary: Type.Array(Type.String(), { description: 'parameters at a limit, in words' }),
        converged: Type.Boolean(),
        unconstrained: Type.Object(
          {
            coordinates: Type.Array(Type.String()),
            estimate: Type.Array(Type.Number()),
            covariance: Type.Union([Type.Array(Type.Array(Type.Number())), Type.Null()], {
              description: 'inverse observed information; null when not positive definite',
            }),
            fixed: Type.Record(Type.String(), Type.Null(), { description: 'coordinates at an infinite limit: null (= ±∞)' }),
          },
          { description: "the optimiser's coordinates" },
        ),
        scenarioTasks: ScenarioTasks,
        predicted: ByK(Probability(), 'model-based pass@k and pass^k'),
        intervals: Type.Union([ByK(Type.Union([RateIntervalSchema, Type.Null()]), 'delta-method intervals (null at a prediction of 0 or 1)'), Type.Null()], {
          description: 'null without a covariance',
        }),
      }),
      { minItems: 1 },
    ),
    chosen: Type.Intersect([ModelName], { description: 'the model with the lower AIC' }),
    reason: Type.String(),
    aicDifference: Type.Number({ description: 'AIC of the other model minus the chosen one' }),
    scenarioTasks: ScenarioTasks,
    goodnessOfFit: Type.Object({
      counts: Type.Array(
        Type.Object({
          n: Count(),
          tasks: Count(),
          rows: Type.Array(
            Type.Object({
              c: Count(),
              observed: Count(),
              predicted: Type.Record(Type.String(), NonNegative(), { description: 'tasks expected by each model' }),
            }),
          ),
        }),
        { description: 'observed and expected tasks per c, for each n' },
      ),
      passRates: Type.Array(
        Type.Object({
          k: Type.Integer({ minimum: 1 }),
          estimableTasks: Count(),
          observed: Type.Object({ passAtK: ValueSeSchema, passHatK: ValueSeSchema }),
          predicted: Type.Record(Type.String(), PassRates, { description: 'by model' }),
        }),
      ),
    }),
    extrapolation: Type.Object(
      {
        ks: Type.Array(Type.Integer({ minimum: 1 })),
        method: Type.String(),
        confidence: Level(),
        check: Type.Object(
          {
            check: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('notPossible')], {
              description: 'the leave-trials-out check: the chosen model refitted to ⌊b/2⌋ trials per task (b = min n) predicts pass@b and pass^b',
            }),
            trialsFitted: Count('m = ⌊b/2⌋'),
            comparedAt: Count('b = min n'),
            statistic: Type.Union([NonNegative(), Type.Null()], { description: 'max |z| over pass@b and pass^b; null when not possible' }),
            pValue: Type.Union([Probability(), Type.Null()], { description: 'two-sided normal, Bonferroni over the two metrics; null when not possible' }),
            trialOrder: Type.Union(
              [
                Type.Object({
                  changes: Count('changes between consecutive trials of a task, summed'),
                  expected: NonNegative('their expectation in random order'),
                  statistic: Type.Number({ description: 'z; negative: neighbouring trials agree more than chance' }),
                  pValue: Probability('two-sided normal'),
                  tasks: Count('tasks with both outcomes'),
                }),
                Type.Null(),
              ],
              {
                description:
                  'the Wald–Wolfowitz runs test of the trials in run order, when the log keeps that order; below p = 0.05 the ks beyond n are refused',
              },
            ),
            reason: Type.String({ description: 'one line: the decision for the ks beyond the trials, and why' }),
          },
          { description: "the check of the chosen model's extrapolation and the rule it sets (docs/extrapolation.md)" },
        ),
      },
      { description: 'the ks beyond the largest n' },
    ),
    predictions: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        basis: Type.Union([Type.Literal('observed'), Type.Literal('model')], {
          description: "'observed': k ≤ max n, the unbiased task average; 'model': k > max n, the chosen model's prediction",
        }),
        check: Type.Union([Type.Literal('passed'), Type.Literal('widened'), Type.Literal('refused'), Type.Null()], {
          description:
            "for basis 'model': 'passed' where the check passed and the nonparametric moment bounds lie inside the delta-method interval, " +
            "'widened' where the interval was joined with them (or the check rejected or could not be made), " +
            "'refused' without a value (the trial order shows runs); null for basis 'observed'",
        }),
        passAtK: PredictedRate,
        passHatK: PredictedRate,
      }),
      { description: 'the answer per k: every k ≤ max n (up to 100) and the extrapolated ks' },
    ),
    notes: Type.Array(Type.String()),
    dependence: Type.Union([DependenceSchema, Type.Null()], {
      description: 'retry dependence, when the log has attempt-ordered episodes (--episode-col, Aider, LDB); null for a log of separate runs',
    }),
    drift: Type.Union([DriftSchema, Type.Null()], {
      description: 'drift with run order, when the log holds separate runs in a known order (--attempt-col alone, several files of one run each)',
    }),
    dependenceNote: Type.Union([Type.String(), Type.Null()], { description: 'why within-episode dependence is not measured, or null' }),
  },
  { $id: 'passk.fit', description: '`passk fit FILE --json`: the task success-rate distribution fitted to a log, two models compared by AIC.' },
);

export type FitDocument = DocumentType<typeof FitSchema>;
