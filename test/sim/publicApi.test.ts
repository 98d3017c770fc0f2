// The public surface of @passk/sim (issue #44): the exact runtime names of the entry, and the
// parameter and return types of every job function (checked by the compiler: `pnpm typecheck`
// compiles this file; vitest runs the runtime half). A change to the public API fails here, on
// purpose: widen it deliberately, with the list below, docs/library.md and the report's note.
// Everything else lives in `@passk/sim/internal` (no stability promise).
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sim from '../../packages/sim/src/index.js';
import * as internal from '../../packages/sim/src/internal.js';
import type {
  AuditJobOptions,
  AuditJobPlan,
  ComparisonOptions,
  ComparisonResult,
  CompareJobPlanOptions,
  ComparePlan,
  DemonstrateJobOptions,
  DemonstratePlan,
  EstimateInput,
  EstimateOptions,
  FitOptions,
  GateDesignPlan,
  GateJobOptions,
  IntervalOptions,
  MeasureDependenceOptions,
  MeasuredRetryDependence,
  PilotCompareJobOptions,
  PilotComparePlan,
  PilotPrecisionJobOptions,
  PilotPrecisionPlan,
  PrecisionJobOptions,
  PrecisionJobPlan,
  ProportionInterval,
  RateEstimateResult,
  ResolveScenarioOptions,
  Run,
  Scenario,
  ScenarioInput,
  SimulationOptions,
  SimulationResult,
  Steps,
  TaskEpisodes,
  TaskEstimateResult,
  TaskFit,
  TaskSet,
  TasksEstimateResult,
  TaskTrials,
  VerifierCounts,
  VerifierMeasure,
} from '../../packages/sim/src/index.js';

/** Every runtime name of `@passk/sim`, sorted. */
const PUBLIC_NAMES = [
  'COMPARE_DEFAULTS',
  'DEPENDENCE_DEFAULTS',
  'ESTIMATE_DEFAULTS',
  'FIT_DEFAULTS',
  'InputError',
  'NotEstimableError',
  'PLAN_DEFAULTS',
  'SIMULATE_DEFAULTS',
  'VERIFIER_DEFAULTS',
  'compare',
  'compareSteps',
  'estimate',
  'estimateSteps',
  'fit',
  'measureDependence',
  'passAtK',
  'passHatK',
  'plan',
  'planSteps',
  'proportionInterval',
  'resolveScenario',
  'runSteps',
  'simulate',
  'verifier',
];

describe('@passk/sim public surface', () => {
  it('has exactly these runtime names', () => {
    expect(Object.keys(sim).sort()).toEqual(PUBLIC_NAMES);
  });

  it('plan and planSteps hold exactly these jobs', () => {
    expect(Object.keys(sim.plan).sort()).toEqual(['audit', 'compare', 'compareFromPilot', 'demonstrate', 'gate', 'precision', 'precisionFromPilot']);
    expect(Object.keys(sim.planSteps).sort()).toEqual(['compare', 'compareFromPilot', 'demonstrate', 'precision', 'precisionFromPilot']);
  });

  it('every public name but the job simulate is the same object in @passk/sim/internal (one declaration each)', () => {
    const byName = internal as unknown as Record<string, unknown>;
    for (const name of PUBLIC_NAMES.filter((n) => n !== 'simulate')) expect(byName[name], name).toBe((sim as unknown as Record<string, unknown>)[name]);
    // internal's `simulate` is the engine's (a resolved scenario → its summary); the job is `simulateJob` there.
    expect(internal.simulateJob).toBe(sim.simulate);
  });

  it('the job functions take and return these types', () => {
    // Type-level: checked when `pnpm typecheck` compiles this file.
    expectTypeOf(sim.estimate).toBeCallableWith({ n: 30, c: 27 });
    expectTypeOf(sim.estimate).toBeCallableWith({ p: 0.9 }, { ks: [1, 2] });
    expectTypeOf(sim.estimate).toBeCallableWith({ tasks: [{ n: 4, c: 1 }] }, { bootstrap: 100, seed: 1 });
    expectTypeOf<Picks['task']>().toEqualTypeOf<TaskEstimateResult>();
    expectTypeOf<Picks['rate']>().toEqualTypeOf<RateEstimateResult>();
    expectTypeOf<Picks['tasks']>().toEqualTypeOf<TasksEstimateResult>();
    expectTypeOf<Picks['any']>().toEqualTypeOf<TaskEstimateResult | RateEstimateResult | TasksEstimateResult>();
    expectTypeOf<EstimateInput>().toEqualTypeOf<{ readonly n: number; readonly c: number } | { readonly p: number } | { readonly tasks: TaskSet }>();
    expectTypeOf(sim.estimateSteps).toBeCallableWith({ n: 30, c: 27 });

    expectTypeOf(sim.compare).parameters.toEqualTypeOf<[readonly Run[], ComparisonOptions?]>();
    expectTypeOf(sim.compare).returns.toEqualTypeOf<ComparisonResult>();
    expectTypeOf(sim.compareSteps).parameters.toEqualTypeOf<[readonly Run[], ComparisonOptions?]>();
    expectTypeOf(sim.compareSteps).returns.toEqualTypeOf<Steps<ComparisonResult>>();

    expectTypeOf(sim.plan.demonstrate).parameters.toEqualTypeOf<[DemonstrateJobOptions]>();
    expectTypeOf(sim.plan.demonstrate).returns.toEqualTypeOf<DemonstratePlan>();
    expectTypeOf(sim.plan.precision).parameters.toEqualTypeOf<[PrecisionJobOptions]>();
    expectTypeOf(sim.plan.precision).returns.toEqualTypeOf<PrecisionJobPlan>();
    expectTypeOf(sim.plan.compare).parameters.toEqualTypeOf<[CompareJobPlanOptions]>();
    expectTypeOf(sim.plan.compare).returns.toEqualTypeOf<ComparePlan>();
    expectTypeOf(sim.plan.compareFromPilot).parameters.toEqualTypeOf<[PilotCompareJobOptions]>();
    expectTypeOf(sim.plan.compareFromPilot).returns.toEqualTypeOf<PilotComparePlan>();
    expectTypeOf(sim.plan.precisionFromPilot).parameters.toEqualTypeOf<[PilotPrecisionJobOptions]>();
    expectTypeOf(sim.plan.precisionFromPilot).returns.toEqualTypeOf<PilotPrecisionPlan>();
    expectTypeOf(sim.plan.gate).parameters.toEqualTypeOf<[GateJobOptions]>();
    expectTypeOf(sim.plan.gate).returns.toEqualTypeOf<GateDesignPlan>();
    expectTypeOf(sim.plan.audit).parameters.toEqualTypeOf<[AuditJobOptions]>();
    expectTypeOf(sim.plan.audit).returns.toEqualTypeOf<AuditJobPlan>();
    expectTypeOf(sim.planSteps.demonstrate).returns.toEqualTypeOf<Steps<DemonstratePlan>>();
    expectTypeOf(sim.planSteps.precision).returns.toEqualTypeOf<Steps<PrecisionJobPlan>>();

    expectTypeOf(sim.simulate).parameters.toEqualTypeOf<[ScenarioInput?, SimulationOptions?]>();
    expectTypeOf(sim.simulate).returns.toEqualTypeOf<SimulationResult>();
    expectTypeOf(sim.fit).parameters.toEqualTypeOf<[readonly TaskTrials[], FitOptions?]>();
    expectTypeOf(sim.fit).returns.toEqualTypeOf<TaskFit>();
    expectTypeOf(sim.verifier).parameters.toEqualTypeOf<[VerifierCounts, { readonly confidence?: number }?]>();
    expectTypeOf(sim.verifier).returns.toEqualTypeOf<VerifierMeasure>();
    expectTypeOf(sim.measureDependence).parameters.toEqualTypeOf<[readonly TaskEpisodes[], MeasureDependenceOptions]>();
    expectTypeOf(sim.measureDependence).returns.toEqualTypeOf<MeasuredRetryDependence>();

    expectTypeOf(sim.passAtK).toEqualTypeOf<(n: number, c: number, k: number) => number>();
    expectTypeOf(sim.passHatK).toEqualTypeOf<(n: number, c: number, k: number) => number>();
    expectTypeOf(sim.proportionInterval).toEqualTypeOf<(n: number, c: number, options: IntervalOptions) => ProportionInterval>();
    expectTypeOf(sim.resolveScenario).toEqualTypeOf<(input: unknown, options?: ResolveScenarioOptions) => Scenario>();
    expectTypeOf(sim.runSteps).toEqualTypeOf<<T>(steps: Steps<T>) => T>();
    expectTypeOf(new sim.NotEstimableError('k', 'rule')).toMatchTypeOf<InstanceType<typeof sim.InputError>>();
    expect(typeof sim.estimate).toBe('function');
  });

  it('the defaults, as the CLI help and docs state them', () => {
    // Values as `passk … --help` prints them (the option defaults read these objects) and docs/*.md state them.
    expect(sim.ESTIMATE_DEFAULTS).toEqual({
      confidence: 0.95,
      sides: 2,
      interval: { twoSided: 'wilson', oneSided: 'clopper-pearson' },
      prior: 'jeffreys',
      bootstrap: 0,
      seed: '1',
      benchmark: true,
      maxDefaultK: 10,
      rateKs: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    expect(sim.COMPARE_DEFAULTS).toEqual({
      confidence: 0.95,
      sides: 2,
      bootstrap: 1000,
      seed: 1,
      permutations: 10_000,
      exactLimit: 30,
      minOverlap: 0.5,
      maxDefaultK: 10,
    });
    expect(sim.PLAN_DEFAULTS.demonstrate).toEqual({ confidence: 0.95, failures: 0 });
    expect(sim.PLAN_DEFAULTS.precision).toMatchObject({
      metric: 'passHatK',
      interval: 'wilson',
      confidence: 0.95,
      assurance: 0.8,
      concentration: 2,
      seed: '1',
      simulations: 400,
    });
    expect(sim.PLAN_DEFAULTS.compare).toEqual({
      metric: 'passHatK',
      concentration: 2,
      power: 0.8,
      alpha: 0.05,
      gainSpread: 0.5,
      simulations: 400,
      seed: '1',
      powerDraws: 40,
    });
    expect(sim.PLAN_DEFAULTS.audit).toEqual({ metric: 'passAtK', k: 1, confidence: 0.95, concentration: 2 });
    expect(sim.PLAN_DEFAULTS.gate).toEqual({
      maxFalseFail: 0.05,
      estimand: 'population',
      confidence: 0.95,
      minOverlap: 0.5,
      regressions: [0.02, 0.05],
      simulations: 400,
      seed: '1',
      confirm: false,
      search: true,
    });
    expect(sim.FIT_DEFAULTS).toEqual({ confidence: 0.95, seed: '1' });
    expect(sim.VERIFIER_DEFAULTS.confidence).toBe(0.95);
    expect(sim.DEPENDENCE_DEFAULTS).toEqual({ confidence: 0.95, seed: '1', permutations: 9999 });
    expect(sim.SIMULATE_DEFAULTS.pilotDesign).toBe('separateEpisodes');
    expect(sim.resolveScenario(sim.SIMULATE_DEFAULTS.scenario)).toMatchObject({ seed: 42, run: { replicates: 2000 }, policy: { maxAttempts: 8 } });
    for (const defaults of [sim.ESTIMATE_DEFAULTS, sim.COMPARE_DEFAULTS, sim.PLAN_DEFAULTS, sim.PLAN_DEFAULTS.gate, sim.FIT_DEFAULTS])
      expect(Object.isFrozen(defaults)).toBe(true);
  });
});

// The overloads of `estimate`, picked by the compiler (the function is never called).
const picks = (input: EstimateInput, options: EstimateOptions) => ({
  task: sim.estimate({ n: 1, c: 1 }, options),
  rate: sim.estimate({ p: 0.5 }, options),
  tasks: sim.estimate({ tasks: [{ n: 1, c: 1 }] }, options),
  any: sim.estimate(input, options),
});
type Picks = ReturnType<typeof picks>;
