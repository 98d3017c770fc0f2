import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { openObject } from './openObject.js';
import { SourceSchema } from './sourceSchema.js';
import { IntervalSchema, ValueSeSchema } from './intervalSchema.js';

const ByK = <T extends Parameters<typeof Type.Record>[1]>(item: T, description: string) =>
  Type.Object({ passAtK: Type.Record(Type.String(), item), passHatK: Type.Record(Type.String(), item) }, { description: `${description}, by k ("1", "2", …)` });
const ScenarioTasks = openObject('the fitted task distribution as a scenario `tasks` block (docs/scenario.md)');
const ModelName = Type.Union([Type.Literal('betaBinomial'), Type.Literal('zeroOneInflatedBetaBinomial')], { description: 'the model' });
const PassRates = Type.Object({ passAtK: Type.Number(), passHatK: Type.Number() });

/** `passk fit FILE --json`: the task success-rate distribution fitted to a log, two models compared by AIC. */
export const FitSchema = Type.Object(
  {
    kind: Type.Literal('passk.fit'),
    schemaVersion: Type.Literal(2),
    source: SourceSchema,
    tasks: Type.Integer(),
    trials: Type.Object({ min: Type.Integer(), max: Type.Integer(), total: Type.Integer() }, { description: 'trials per task and in all' }),
    models: Type.Array(
      Type.Object({
        name: ModelName,
        parameterCount: Type.Integer({ description: 'parameters counted by AIC' }),
        params: Type.Record(Type.String(), ValueSeSchema, { description: 'a, b, mean, concentration, icc (and pi0, pi1), each with its delta-method SE' }),
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
        predicted: ByK(Type.Number(), 'model-based pass@k and pass^k'),
        intervals: Type.Union([ByK(Type.Union([IntervalSchema, Type.Null()]), 'delta-method intervals (null at a prediction of 0 or 1)'), Type.Null()], {
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
          n: Type.Integer(),
          tasks: Type.Integer(),
          rows: Type.Array(
            Type.Object({
              c: Type.Integer(),
              observed: Type.Integer(),
              predicted: Type.Record(Type.String(), Type.Number(), { description: 'tasks expected by each model' }),
            }),
          ),
        }),
        { description: 'observed and expected tasks per c, for each n' },
      ),
      passRates: Type.Array(
        Type.Object({
          k: Type.Integer(),
          estimableTasks: Type.Integer(),
          observed: Type.Object({ passAtK: ValueSeSchema, passHatK: ValueSeSchema }),
          predicted: Type.Record(Type.String(), PassRates, { description: 'by model' }),
        }),
      ),
    }),
    extrapolation: Type.Object(
      { ks: Type.Array(Type.Integer()), method: Type.String(), confidence: Type.Number() },
      { description: 'the ks beyond the largest n' },
    ),
    notes: Type.Array(Type.String()),
  },
  { $id: 'passk.fit', description: '`passk fit FILE --json`: the task success-rate distribution fitted to a log, two models compared by AIC.' },
);

export type FitDocument = DocumentType<typeof FitSchema>;
