import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { openObject } from './openObject.js';
import { Count, Level, Probability, RateIntervalSchema } from './intervalSchema.js';

const DependenceModelName = Type.Union([Type.Literal('independent'), Type.Literal('exchangeable'), Type.Literal('markov'), Type.Literal('feedback')], {
  description: 'a model of the attempts of one episode given the task: independent, exchangeable (icc), markov (stickiness), feedback (afterFailure)',
});

/** A test of independence (within episodes) or of drift (with run order), with how much data it had and what it means. */
export const DependenceTestSchema = Type.Object(
  {
    method: Type.String(),
    statistic: Type.Number(),
    pValue: Probability(),
    exact: Type.Boolean({ description: 'true when the p-value is exact (full enumeration), false for a Monte Carlo or asymptotic one' }),
    tasks: Count('tasks that carried information'),
    episodes: Count(),
    attempts: Count(),
    meaning: Type.String({ description: 'what the test detects and what it cannot, in one sentence' }),
  },
  { $id: 'DependenceTest', description: 'a test with its p-value, its data and its meaning' },
);

const FittedParameter = Type.Object(
  { estimate: Type.Number(), lower: Type.Number(), upper: Type.Number(), level: Level(), method: Type.String({ description: 'e.g. profile likelihood' }) },
  { description: 'a maximum-likelihood estimate with its interval: {estimate, lower, upper, level, method}' },
);

/** `fit --json` `dependence`: the retry dependence measured from attempt-ordered episodes. */
export const DependenceSchema = Type.Object(
  {
    stopping: Type.Union([Type.Literal('fixed'), Type.Literal('untilSuccess')], {
      description: 'fixed: every planned attempt ran; untilSuccess: an episode stops at its first success',
    }),
    stoppingFrom: Type.Union([Type.Literal('format'), Type.Literal('option'), Type.Literal('inferred')], {
      description: "the harness's loop, --stopping, or inferred from the episodes",
    }),
    from: Type.String({ description: 'where the attempt order was read from' }),
    seed: Type.Union([Type.Integer(), Type.String()], { description: "the permutation test's seed" }),
    confidence: Level('two-sided level of the parameter intervals'),
    tasks: Count(),
    episodes: Count(),
    attempts: Count(),
    maxLength: Count('the longest episode'),
    test: Type.Union([DependenceTestSchema, Type.Null()], { description: 'independence within episodes beyond the task’s own p; null where no test applies' }),
    testReason: Type.Union([Type.String(), Type.Null()], { description: 'why there is no test, or null' }),
    models: Type.Array(
      Type.Object({
        model: DependenceModelName,
        parameters: Type.Record(Type.String(), FittedParameter, {
          description: 'named as in the scenario format (icc, stickiness, afterFailure) plus the task population (mean, concentration)',
        }),
        correlation: openObject('the fitted dependence as a scenario attempts.correlation (docs/scenario.md)'),
        population: Type.Object(
          { alpha: Type.Union([Type.Number(), Type.Null()]), beta: Type.Union([Type.Number(), Type.Null()]) },
          { description: 'the fitted task population p ~ Beta(alpha, beta); both null (Beta(∞, ∞)) where the tasks show no spread: every task at the mean' },
        ),
        logLikelihood: Type.Number(),
        aic: Type.Number({ description: '2·parametersCount − 2·logLikelihood' }),
        parametersCount: Count(),
        hazard: Type.Array(Probability(), { description: 'P(success at attempt j | attempts 1..j − 1 failed), j = 1..maxLength, under the model' }),
      }),
      { minItems: 1 },
    ),
    chosen: DependenceModelName,
    evidence: Type.String({ description: 'why the chosen model, e.g. its AIC against independence' }),
    hazard: Type.Array(
      Type.Object({
        attempt: Type.Integer({ minimum: 1 }),
        atRisk: Count('episodes whose earlier attempts all failed and that reached this attempt'),
        successes: Count(),
        observed: Type.Union([Probability(), Type.Null()], { description: 'successes / atRisk; null without episodes at risk' }),
        interval: Type.Union([RateIntervalSchema, Type.Null()], { description: 'Clopper–Pearson at `confidence`; null without episodes at risk' }),
      }),
      { description: 'observed success by attempt, among episodes whose earlier attempts all failed' },
    ),
    predicted: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        passAtK: Type.Record(Type.String(), Probability(), { description: 'by model: P(at least one success in k attempts of one episode)' }),
        passHatK: Type.Record(Type.String(), Probability(), { description: 'by model: P(all k attempts succeed)' }),
      }),
      { description: 'model-based, averaged over the fitted task population; k beyond maxLength too' },
    ),
  },
  { $id: 'Dependence', description: 'retry dependence measured from attempt-ordered episodes (issue #40)' },
);

/** `fit --json` `drift`: separate runs in run order, tested for drift. */
export const DriftSchema = Type.Object(
  { from: Type.String({ description: 'where the run order came from' }), test: DependenceTestSchema },
  { $id: 'Drift', description: 'drift of the success rate with run order across separate runs of each task' },
);

export type DependenceDocument = DocumentType<typeof DependenceSchema>;
export type DriftDocument = DocumentType<typeof DriftSchema>;
