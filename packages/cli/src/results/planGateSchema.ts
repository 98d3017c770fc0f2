import { ProvenanceSchema } from './provenance.js';
import { Type } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import { Count, Level, NonNegative, Probability } from './intervalSchema.js';

/** A share of simulated gate runs with its Monte Carlo standard error. */
const Rate = (description: string) => Type.Object({ value: Probability(), se: NonNegative('Monte Carlo SE √(q(1 − q)/S)') }, { description });
const NullableRate = (description: string) => Type.Union([Rate(description), Type.Null()], { description });

/** A size searched (tasks or trials per task): the fewest that meets --max-false-fail, and every size tried. */
const SizeSearch = (knob: string) =>
  Type.Union(
    [
      Type.Object({
        found: Type.Union([Type.Object({ value: Count(), falseFail: Rate('false-fail rate at that size (at most 200 simulations)') }), Type.Null()], {
          description: `the fewest ${knob} found that meet --max-false-fail (thresholds as asked); null when none up to \`largest\``,
        }),
        largest: Count(`the most ${knob} searched (16 times the design's)`),
        tried: Type.Array(Type.Object({ value: Count(), falseFail: Rate('false-fail rate at that size (at most 200 simulations)') }), {
          description: 'every size simulated, smallest first',
        }),
      }),
      Type.Null(),
    ],
    { description: `the search over ${knob}; null when not searched (the design already meets the rate, or --no-search)` },
  );

/** `passk plan gate --json`: a gate design's false-fail rate, pass rates under regressions, and what fixes it. */
export const PlanGateSchema = Type.Object(
  {
    kind: Type.Literal('passk.plan.gate'),
    schemaVersion: Type.Literal(2),
    provenance: ProvenanceSchema,
    requirements: Type.Array(Type.String(), { minItems: 1, description: 'the requirements as typed (--require)' }),
    pilot: Type.String({ description: 'the pilot log the task rates are drawn from (--pilot)' }),
    baselinePilot: Type.Union([Type.String(), Type.Null()], {
      description: 'a second log of the same agent pooled with the pilot by task (--baseline-pilot); null without',
    }),
    tasks: Count('tasks of the design'),
    trials: Count('trials per task, in the baseline and in the new run'),
    confidence: Level('level of the one-sided bounds'),
    estimand: Type.Union([Type.Literal('population'), Type.Literal('benchmark')], { description: "the gate's estimand (--estimand)" }),
    prior: Type.Object(
      { a: NonNegative(), b: NonNegative(), fitted: Type.Boolean({ description: 'false: the pilot fits no Beta and Jeffreys Beta(½, ½) is used' }) },
      { description: "the task population the pilot's posteriors are taken under (moment-fitted Beta)" },
    ),
    simulations: Count('simulated pairs of runs per scenario'),
    seed: Type.Union([Type.Integer(), Type.String()]),
    falseFail: Rate('P(FAIL | no change): baseline and new run drawn from the same agent'),
    failByRequirement: Type.Array(
      Type.Object({
        requirement: Type.String(),
        fail: Rate('P(this requirement fails | no change)'),
        holdsWithoutChange: Type.Boolean({
          description:
            'false when the requirement does not hold with no change (a delta that asks for a gain; an own threshold the pilot misses): its FAILs are then right, not false',
        }),
      }),
    ),
    confirmedFalseFail: NullableRate('two-stage (--confirm): P(FAIL and the rerun FAILs too | no change); null without'),
    passUnderRegression: Type.Array(
      Type.Object({
        regression: Probability("x: the new run's mean single-attempt success x lower (every task's log-odds shifted alike)"),
        pass: Rate('P(PASS | regression x)'),
        confirmedPass: NullableRate('two-stage: P(PASS at the first run or at the rerun | regression x); null without --confirm'),
      }),
      { description: 'one row per --regression' },
    ),
    maxFalseFail: Level('the false-fail rate asked for (--max-false-fail)'),
    margin: Type.Object(
      {
        value: NonNegative('points every threshold is moved towards passing (0.001 steps); 0 when the design already meets the rate'),
        falseFail: Rate('false-fail rate with that margin'),
        passUnderRegression: Type.Array(Type.Object({ regression: Probability(), pass: Rate('P(PASS | regression x) with that margin') })),
      },
      { description: 'the smallest threshold shift that meets --max-false-fail (same simulations)' },
    ),
    fewestTasks: SizeSearch('tasks'),
    fewestTrials: SizeSearch('trials per task'),
    method: Type.String(),
  },
  {
    $id: 'passk.plan.gate',
    description: "`passk plan gate --json`: a gate design's false-fail rate, its pass rate under regressions, and the margin, tasks or trials that fix it.",
  },
);

export type PlanGateDocument = DocumentType<typeof PlanGateSchema>;
