import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import type { Scenario } from '@passk/sim/internal';
import type { DocumentType } from './documentType.js';
import { openObject } from './openObject.js';
import {
  Count,
  EstimateSchema,
  IntervalSchema,
  NonNegative,
  NullableSe,
  Probability,
  RateEstimateSchema,
  RateIntervalSchema,
  ValueSeSchema,
} from './intervalSchema.js';

// With a measured verifier, or tasks fitted to a log, each metric also carries `interval`: its value at
// the true parameters, their uncertainty and the Monte Carlo noise together (se is then the Monte Carlo part alone).
const drawnInterval = (schema: typeof IntervalSchema | typeof RateIntervalSchema) =>
  Type.Object({
    interval: Type.Optional(
      Type.Intersect([schema], {
        description:
          "only with a measured verifier or tasks fitted to a log (--tasks-from): the interval that includes the rates' or the fit's and task sample's uncertainty",
      }),
    ),
  });
const estimate = (description: string) => Type.Intersect([EstimateSchema, drawnInterval(IntervalSchema)], { description });
const rate = (description: string) => Type.Intersect([RateEstimateSchema, drawnInterval(RateIntervalSchema)], { description });

/** One attempt budget k of a simulation: each metric's Monte Carlo mean, SE and closed form. */
export const SummaryRowSchema = Type.Object(
  {
    k: Type.Integer({ minimum: 1, description: 'attempt budget: the policy with maxAttempts = k' }),
    basis: Type.Optional(
      Type.Union([Type.Literal('observed'), Type.Literal('model')], {
        description:
          'only with tasks fitted to a log (scenario.tasks.measured): observed when k ≤ the fewest trials of any task of the log (a log of episodes, tasks.measured.episodes: k ≤ its longest episode), model beyond (extrapolated by the fitted population and dependence model, not observed)',
      }),
    ),
    coverage: rate('P(some attempt of the k is correct)'),
    passHatK: rate('P(all k attempts are correct), pass^k'),
    deliveredCorrect: rate('P(the delivered answer is correct)'),
    deliveredWrong: rate('P(a wrong answer is delivered)'),
    abstained: rate('P(nothing is delivered)'),
    attempts: estimate('mean attempts made'),
    cost: estimate('mean cost of the episode (attempts and verifier)'),
    latency: estimate('mean latency of the episode'),
    costOverCap: rate('P(cost > budget.cost); null values without a cost budget'),
    costOvershoot: estimate('mean max(0, cost − budget.cost)'),
    latencyOverCap: rate('P(latency > budget.latency); null values without a deadline'),
    latencyOvershoot: estimate('mean max(0, latency − budget.latency)'),
    costPerCorrect: estimate('mean cost / mean deliveredCorrect (delta-method SE)'),
  },
  { $id: 'SummaryRow', description: 'the metrics of one attempt budget k' },
);

/** Shards a merged result lacks (`merge --allow-partial`). */
export const MissingShardsSchema = Type.Object(
  {
    count: Count('shards of the run'),
    missing: Type.Array(Count(), { description: 'shard numbers not given' }),
    incomplete: Type.Array(Count(), { description: 'shard numbers that were interrupted' }),
  },
  { description: 'present only in a result merged from an incomplete set of shards' },
);

/** One metric of the log, as `simulate --tasks-from` sets it beside the simulation. */
const ObservedMetricSchema = Type.Object(
  {
    value: Probability('unbiased per-task estimates averaged over the tasks with n ≥ k'),
    se: NullableSe('clustered SE over tasks (null with one task)'),
    interval: Type.Union([RateIntervalSchema, Type.Null()], { description: 'the task-population interval, CI (tasks) (null with one task)' }),
  },
  { $id: 'ObservedMetric', description: "the log's own value of a metric: {value, se, interval}" },
);

/** `simulate --tasks-from`: the log's own pass@k and pass^k at each k ≤ n. */
export const ObservedSchema = Type.Object(
  {
    file: Type.String({ description: 'the results file the tasks were fitted to (its name)' }),
    rows: Type.Array(
      Type.Object({
        k: Type.Integer({ minimum: 1 }),
        estimableTasks: Count('tasks with n ≥ k'),
        passAtK: ObservedMetricSchema,
        passHatK: ObservedMetricSchema,
      }),
      { description: 'one per k ≤ min(largest n, policy.maxAttempts), to set beside rows[].coverage and rows[].passHatK' },
    ),
  },
  {
    description:
      "with --tasks-from: the log's observed pass@k and pass^k with their task-population intervals; the simulation reproduces the log where rows[] lie inside them",
  },
);

const Seed = Type.Union([Type.Integer({ minimum: 0 }), Type.String()], { description: 'the seed (a string above 2^53)' });
// The scenario's own contract is the scenario declaration (docs/scenario.md); here only its type.
const ScenarioSchema = Type.Unsafe<Scenario>(openObject('the resolved scenario (docs/scenario.md)'));

/** `passk simulate --json` (and `passk merge` of simulate shards). */
export const SimulateSchema = Type.Object(
  {
    kind: Type.Literal('passk.simulate'),
    schemaVersion: Type.Literal(4),
    provenance: ProvenanceSchema,
    method: Type.Literal('monteCarlo'),
    path: Type.String({ description: 'the sampler that produced the draws (all sample the same law)' }),
    seed: Seed,
    scenario: ScenarioSchema,
    tasks: Count('tasks per replicate'),
    replicates: Type.Object({ requested: Count(), done: Count() }, { description: 'replicates asked for and simulated' }),
    episodes: Count('tasks × replicates done'),
    complete: Type.Boolean({ description: 'every replicate was simulated' }),
    stopped: Type.Boolean({ description: 'the run was interrupted' }),
    drawn: Type.Optional(
      Type.Object(
        {
          parameters: Type.Array(Type.String(), { description: 'the scenario keys drawn, e.g. verifier.falseAccept' }),
          blocks: Count('blocks of 64 replicates, one draw each'),
          prior: Type.Optional(
            Type.Literal('jeffreys', { description: "with a measured verifier: its rates' posteriors Beta(x + ½, n − x + ½) of the measured counts" }),
          ),
          taskPopulation: Type.Optional(
            Type.Literal('bootstrapRefit', {
              description:
                "with tasks fitted to a log: per block the log's tasks resampled with replacement and the population refitted (a log of episodes: with its retry-dependence model, drawn as attempts.correlation)",
            }),
          ),
        },
        {
          description: 'with a measured verifier or tasks fitted to a log: per block one draw of what was measured; rows[].*.interval include that uncertainty',
        },
      ),
    ),
    rows: Type.Array(SummaryRowSchema, { minItems: 1, description: 'one row per k = 1..maxAttempts' }),
    shards: Type.Optional(MissingShardsSchema),
    observed: Type.Optional(ObservedSchema),
    pilot: Type.Optional(
      Type.Object(
        {
          trials: Count('trials per task of the pilot'),
          design: Type.Union([Type.Literal('separateEpisodes'), Type.Literal('oneEpisode')]),
          seed: Seed,
          tasks: Count(),
          successes: Type.Array(Count(), { description: 'successes c_t of each task' }),
          meanRate: Probability('p̄ = Σ c_t/(T·n)'),
          rows: Type.Array(
            Type.Object({
              k: Type.Integer({ minimum: 1 }),
              passAtK: ValueSeSchema,
              passHatK: ValueSeSchema,
              plugin: Type.Object({ passAtK: Probability(), passHatK: Probability() }, { description: 'plug-in from the pooled rate' }),
              pooledIndependence: Type.Object({ passAtK: Probability(), passHatK: Probability() }, { description: '1 − (1 − p̄)^k and p̄^k' }),
              truth: Type.Union([Type.Object({ coverage: RateEstimateSchema, passHatK: RateEstimateSchema }), Type.Null()], {
                description: "the simulation's coverage and pass^k",
              }),
            }),
          ),
        },
        { description: 'with --pilot-trials: what the usual estimators report from a pilot, next to the truth' },
      ),
    ),
  },
  { $id: 'passk.simulate', description: '`passk simulate --json`, and `passk merge` of simulate shards: the Monte Carlo summary per attempt budget k.' },
);

export type SimulateDocument = DocumentType<typeof SimulateSchema>;

/** `passk sweep --json` (and `passk merge` of sweep shards). */
export const SweepSchema = Type.Object(
  {
    kind: Type.Literal('passk.sweep'),
    schemaVersion: Type.Literal(4),
    provenance: ProvenanceSchema,
    seed: Seed,
    scenario: ScenarioSchema,
    vary: Type.Array(Type.String(), { description: 'the --vary options as typed' }),
    commonRandomNumbers: Type.String(),
    points: Type.Array(
      Type.Object({
        values: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()]), {
          description: 'the scenario key → value of this point (null where --vary set a key to null: none, as in budget.cost=null)',
        }),
        outcome: SummaryRowSchema,
        onFrontier: Type.Boolean({ description: 'on the cost / delivered-correct frontier' }),
      }),
      { minItems: 1, description: 'one per grid point, at k = maxAttempts' },
    ),
    frontier: Type.Array(Count(), { description: 'indices of the points on the frontier' }),
    constraints: Type.Object(
      { maxCost: Type.Union([NonNegative(), Type.Null()]), maxWrongDelivery: Type.Union([Probability(), Type.Null()]) },
      { description: '--max-cost and --max-wrong-delivery' },
    ),
    best: Type.Union([Count(), Type.Null()], { description: 'index of the best point under the constraints (null when none meets them)' }),
    complete: Type.Optional(
      Type.Literal(false, { description: 'present only when grid points or shards are missing (interrupted, or merged from some shards)' }),
    ),
    shards: Type.Optional(MissingShardsSchema),
    interrupted: Type.Optional(
      Type.Object(
        { pointsDone: Count('grid points finished: points are the first pointsDone of the grid'), pointsPlanned: Count('grid points of the whole sweep') },
        { description: 'present only when Ctrl-C stopped the sweep: the frontier and the best point are among the finished points' },
      ),
    ),
  },
  {
    $id: 'passk.sweep',
    description: '`passk sweep --json`, and `passk merge` of sweep shards: one outcome per grid point, the cost frontier and the best point.',
  },
);

export type SweepDocumentV2 = DocumentType<typeof SweepSchema>;
