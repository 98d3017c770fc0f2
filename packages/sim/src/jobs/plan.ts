import { requireList, requireObject } from '../checkArgs.js';
import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { auditMomentsFromPilot, auditMomentsFromRates, planAudit, type AuditMoments, type JudgeRates } from '../judged/planAudit.js';
import { taskEstimate } from '../taskAverage/taskValues.js';
import { runSteps, type Steps } from '../stepwise.js';
import { planDemonstrationSteps, type DemonstrateOptions, type DemonstratePlan } from '../planning/demonstrate.js';
import { planPrecisionSteps, type PlanMetric, type PrecisionOptions, type PrecisionPlan } from '../planning/precision.js';
import { planTaskPrecision, type TaskPrecisionPlan } from '../planning/taskPrecision.js';
import { MAX_ASSURANCE_DRAWS, taskPrecisionAssurance, tasksForAssurance, type TaskPlanAssurance } from '../planning/taskPrecisionAssurance.js';
import { DEFAULT_GAIN_SPREAD, DEFAULT_SIMULATIONS, planComparisonSteps, type CompareOptions, type ComparePlan } from '../planning/compare.js';
import { planComparisonFromPilotSteps, type PilotCompareOptions, type PilotComparePlan } from '../planning/comparePilot.js';
import { planPrecisionFromPilotSteps, type PilotPrecisionOptions, type PilotPrecisionPlan } from '../planning/precisionPilot.js';
import { planGateDesign, type GateDesignPlan } from '../planning/gateDesignSearch.js';
import type { GateDesignOptions } from '../planning/gateDesign.js';
import type { Seed } from '../rng/streams.js';
import { documentInterval, type LabelledInterval } from '../intervals/interval.js';

/** T with the keys K optional (they have defaults). */
type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * The defaults of the planning jobs (`plan.*`, and of `passk plan …`), stated once per question.
 * demonstrate: 95 % one-sided, no failure allowed. precision: pass^k, Wilson, 95 % two-sided, 80 %
 * assurance; with trials per task, tasks of a Beta population of concentration 2, 1 000 simulated
 * benchmarks for the assurance (binomial SE ≤ 1.6 points), seed "1"; from a pilot 400 simulated
 * benchmarks per size. compare: pass^k, concentration 2, 80 % power at a two-sided α of 0.05, a
 * log-odds gain spread of 0.5, 400 simulated experiments per size, seed "1", 40 bootstrap draws of a
 * pilot. gate: at most 5 % false fails, the population estimand at 95 % one-sided, pairing at 50 %
 * overlap, regressions of 2 and 5 points, 400 simulations, seed "1", no confirmation rerun, search on.
 *
 * @category Plan
 */
export const PLAN_DEFAULTS = Object.freeze({
  demonstrate: Object.freeze({ confidence: 0.95, failures: 0 }),
  precision: Object.freeze({
    metric: 'passHatK' as PlanMetric,
    interval: 'wilson' as const,
    confidence: 0.95,
    assurance: 0.8,
    concentration: 2,
    seed: '1',
    simulations: DEFAULT_SIMULATIONS,
    /** Benchmarks simulated per number of tasks for the task plan's assurance. */
    assuranceDatasets: 1000,
  }),
  compare: Object.freeze({
    metric: 'passHatK' as 'passAtK' | 'passHatK',
    concentration: 2,
    power: 0.8,
    alpha: 0.05,
    gainSpread: DEFAULT_GAIN_SPREAD,
    simulations: DEFAULT_SIMULATIONS,
    seed: '1',
    powerDraws: 40,
  }),
  audit: Object.freeze({ metric: 'passAtK' as 'passAtK' | 'passHatK', k: 1, confidence: 0.95, concentration: 2 }),
  gate: Object.freeze({
    maxFalseFail: 0.05,
    estimand: 'population' as const,
    confidence: 0.95,
    minOverlap: 0.5,
    regressions: Object.freeze([0.02, 0.05]),
    simulations: 400,
    seed: '1',
    confirm: false,
    search: true,
  }),
});

/**
 * Options of `plan.demonstrate` (`planDemonstration`'s, with defaults).
 *
 * @category Plan
 */
export type DemonstrateJobOptions = WithDefaults<DemonstrateOptions, 'confidence'>;

/**
 * Options of `plan.precision`: `planPrecision`'s (with defaults; `interval` is its `method`) and,
 * with `trials`, the tasks for the benchmark-level interval (CI (tasks)).
 *
 * @category Plan
 */
export type PrecisionJobOptions = WithDefaults<Omit<PrecisionOptions, 'method'>, 'metric' | 'confidence' | 'assurance'> & {
  /** Interval method for p (default Wilson). */
  readonly interval?: PrecisionOptions['method'];
  /** Trials per task: also plan the tasks (null without). */
  readonly trials?: number;
  /** Task heterogeneity of the task plan: p_t ~ Beta with mean `rate` and this a + b (default 2). */
  readonly concentration?: number;
  /** Seed of the simulated benchmarks of the task plan's assurance (default "1"). */
  readonly seed?: Seed;
};

/**
 * What `plan.precision` returns (the body of `passk plan precision --json`, kind `passk.plan.precision`).
 *
 * @category Plan
 */
export type PrecisionJobPlan = Omit<PrecisionPlan, 'interval'> & {
  readonly interval: LabelledInterval;
  readonly tasks: (TaskPrecisionPlan & { readonly simulated: TaskPlanAssurance | null }) | null;
};

/**
 * Options of `plan.compare` (`planComparison`'s, with defaults).
 *
 * @category Plan
 */
export type CompareJobPlanOptions = WithDefaults<CompareOptions, 'metric' | 'concentration' | 'power' | 'alpha' | 'simulations'>;

/**
 * Options of `plan.compareFromPilot` (`planComparisonFromPilot`'s, with defaults).
 *
 * @category Plan
 */
export type PilotCompareJobOptions = WithDefaults<PilotCompareOptions, 'metric' | 'power' | 'alpha' | 'simulations'>;

/**
 * Options of `plan.precisionFromPilot` (`planPrecisionFromPilot`'s, with defaults).
 *
 * @category Plan
 */
export type PilotPrecisionJobOptions = WithDefaults<PilotPrecisionOptions, 'metric' | 'confidence' | 'assurance' | 'simulations'>;

/**
 * Options of `plan.gate`: the gate design (`gateDesign`'s) and what to plan for.
 *
 * @category Plan
 */
export type GateJobOptions = WithDefaults<Omit<GateDesignOptions, 'rule'>, 'regressions' | 'simulations' | 'seed' | 'confirm'> & {
  /** The gate's rule (default: population estimand, 95 % one-sided, pairing at 50 % overlap). */
  readonly rule?: Partial<GateDesignOptions['rule']>;
  /** The false-fail rate to design for (default 0.05). */
  readonly maxFalseFail?: number;
  /** Search the fewest tasks and trials (default true). */
  readonly search?: boolean;
};

/**
 * Options of `plan.audit`: the half-width of the judge-corrected interval to reach, and either a
 * pilot's tasks (judged counts, the truth on some) or the judge's error rates and the agent's task
 * population (pass@1 only).
 *
 * @category Plan
 */
export type AuditJobOptions = {
  /** Target half-width of the judge-corrected interval. */
  readonly halfWidth: number;
  /** Two-sided confidence level (default 0.95). */
  readonly confidence?: number;
  /** The metric and its k (default pass@1; from rates, pass@1 only). */
  readonly metric?: 'passAtK' | 'passHatK';
  readonly k?: number;
  /** Tasks the judge scores (default: the pilot's; required with rates). */
  readonly tasks?: number;
} & (
  | { readonly pilot: readonly { readonly n: number; readonly c: number; readonly truth?: number }[] }
  | { readonly rates: WithDefaults<JudgeRates, 'concentration'> }
);

/**
 * What `plan.audit` returns (the body of `passk plan audit --json`, kind `passk.plan.audit`, without its `from`).
 *
 * @category Plan
 */
export interface AuditJobPlan {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  readonly tasks: number;
  readonly halfWidth: number;
  readonly confidence: number;
  readonly moments: AuditMoments;
  /** λ = Cov/σ²_f clipped to [0, 1]. */
  readonly lambda: number;
  /** Tasks to audit; null when even auditing every task does not reach the half-width. */
  readonly audited: number | null;
  /** The expected half-width with that many audited. */
  readonly achievedHalfWidth: number;
  /** Tasks to audit with the truth alone (no judge); null when more than `tasks`. */
  readonly auditOnly: number | null;
  readonly method: string;
}

/** The audit plan's method, in words. */
const AUDIT_METHOD =
  'smallest m with t_{m−2}·√V(m) ≤ half-width, V(m) = (σ²_y − 2λ′Cov + λ′²σ²_f)/m + λ′²σ²_f/(T − m), λ′ = λ(T − m)/T, λ = Cov/σ²_f clipped to [0, 1]: the variance of the prediction-powered estimate (PPI++, Angelopoulos et al. 2023, 2024)';

function audit(options: AuditJobOptions): AuditJobPlan {
  requireObject('options', options);
  const defaults = PLAN_DEFAULTS.audit;
  const metric = options.metric ?? defaults.metric;
  const k = requireInteger('k', options.k ?? defaults.k, 1);
  const confidence = options.confidence ?? defaults.confidence;
  let moments: AuditMoments;
  let tasks: number;
  if ('pilot' in options) {
    const pilot = requireList('pilot', options.pilot).map((task, i) => requireObject(`pilot[${i}]`, task) as { n: number; c: number; truth?: number });
    const used = pilot.filter((task) => task.n >= k);
    moments = auditMomentsFromPilot(
      used.map(({ n, c, truth }) => {
        const judged = taskEstimate(metric, n, c, k);
        return truth === undefined ? { judged } : { judged, truth: taskEstimate(metric, n, truth, k) };
      }),
    );
    tasks = options.tasks === undefined ? pilot.length : requireInteger('tasks', options.tasks, 3);
  } else {
    if (!('rates' in options)) throw new InputError('options', "must have a pilot (judged tasks, the truth on some) or the judge's rates");
    if (metric !== 'passAtK' || k !== 1) throw new InputError('k', 'must be 1 with pass@1 when planning from rates (a pilot plans any metric and k)', k);
    if (options.tasks === undefined) throw new InputError('tasks', 'is required with rates (the tasks the judge scores)');
    tasks = requireInteger('tasks', options.tasks, 3);
    moments = auditMomentsFromRates({ concentration: defaults.concentration, ...requireObject('rates', options.rates) } as JudgeRates);
  }
  const plan = planAudit(moments, { tasks, halfWidth: options.halfWidth, confidence });
  return {
    metric,
    k,
    tasks,
    halfWidth: options.halfWidth,
    confidence,
    moments,
    lambda: plan.lambda,
    audited: plan.audited,
    achievedHalfWidth: plan.halfWidth,
    auditOnly: plan.auditOnly,
    method: AUDIT_METHOD,
  };
}

function* demonstrateSteps(options: DemonstrateJobOptions): Steps<DemonstratePlan> {
  requireObject('options', options);
  return yield* planDemonstrationSteps({ ...PLAN_DEFAULTS.demonstrate, ...options });
}

function* precisionSteps(options: PrecisionJobOptions): Steps<PrecisionJobPlan> {
  requireObject('options', options);
  const defaults = PLAN_DEFAULTS.precision;
  const metric = options.metric ?? defaults.metric;
  const confidence = options.confidence ?? defaults.confidence;
  const assurance = options.assurance ?? defaults.assurance;
  const plan = yield* planPrecisionSteps({
    metric,
    k: options.k,
    rate: options.rate,
    halfWidth: options.halfWidth,
    method: options.interval ?? defaults.interval,
    confidence,
    assurance,
    ...(options.checkWork === undefined ? {} : { checkWork: options.checkWork }),
  });
  const tasks =
    options.trials === undefined
      ? null
      : withAssurance(
          planTaskPrecision({
            metric,
            k: options.k,
            trials: options.trials,
            mean: options.rate,
            concentration: options.concentration ?? defaults.concentration,
            halfWidth: options.halfWidth,
            confidence,
          }),
          { metric, k: options.k ?? 1, halfWidth: options.halfWidth, confidence, assurance, seed: options.seed ?? defaults.seed },
        );
  return { ...plan, interval: documentInterval(plan.interval, plan.confidence, plan.method), tasks };
}

/**
 * The task plan with how often its half-width is reached (`taskPrecisionAssurance`, at the planned
 * tasks) and the tasks that reach it with the assurance asked (`tasksForAssurance`), both simulated.
 */
function withAssurance(
  plan: TaskPrecisionPlan,
  options: { metric: PlanMetric; k: number; halfWidth: number; confidence: number; assurance: number; seed: Seed },
): TaskPrecisionPlan & { readonly simulated: TaskPlanAssurance | null } {
  const datasets = PLAN_DEFAULTS.precision.assuranceDatasets;
  const simulation = { ...options, datasets };
  // Plans too large to simulate in seconds keep their expected-spread answer alone (the text says so).
  const maxTasks = Math.floor(MAX_ASSURANCE_DRAWS / (plan.trials * datasets));
  const tasks = Math.max(2, plan.tasks);
  if (tasks > maxTasks) return { ...plan, simulated: null };
  const planned = taskPrecisionAssurance(plan, tasks, simulation);
  const assured = tasksForAssurance(plan, options.assurance, { ...simulation, maxTasks: Math.min(tasks * 64, maxTasks) });
  return { ...plan, simulated: { datasets, seed: options.seed, wanted: options.assurance, planned, assured } };
}

function* compareSteps(options: CompareJobPlanOptions): Steps<ComparePlan> {
  requireObject('options', options);
  const { metric, concentration, power, alpha, simulations, gainSpread, seed } = PLAN_DEFAULTS.compare;
  return yield* planComparisonSteps({ metric, concentration, power, alpha, simulations, gainSpread, seed, ...options });
}

function* compareFromPilotSteps(options: PilotCompareJobOptions): Steps<PilotComparePlan> {
  requireObject('options', options);
  const { metric, power, alpha, simulations, seed, powerDraws } = PLAN_DEFAULTS.compare;
  return yield* planComparisonFromPilotSteps({ metric, power, alpha, simulations, seed, powerDraws, ...options });
}

function* precisionFromPilotSteps(options: PilotPrecisionJobOptions): Steps<PilotPrecisionPlan> {
  requireObject('options', options);
  const { confidence, assurance, simulations, seed } = PLAN_DEFAULTS.precision;
  const metric = options.metric ?? 'passHatK';
  return yield* planPrecisionFromPilotSteps({ confidence, assurance, simulations, seed, ...options, metric });
}

function gate(options: GateJobOptions): GateDesignPlan {
  requireObject('options', options);
  const defaults = PLAN_DEFAULTS.gate;
  const { maxFalseFail, search, rule, ...design } = options;
  return planGateDesign(
    {
      regressions: defaults.regressions,
      simulations: defaults.simulations,
      seed: defaults.seed,
      confirm: defaults.confirm,
      ...design,
      rule: { estimand: defaults.estimand, confidence: defaults.confidence, minOverlap: defaults.minOverlap, ...rule },
    },
    { maxFalseFail: maxFalseFail ?? defaults.maxFalseFail, search: search ?? defaults.search },
  );
}

/**
 * The planning jobs step by step (for a caller that shows progress or lets an interrupt in between
 * steps; `runSteps` runs one to the end): the same functions as `plan`, each returning its steps.
 *
 * @category Plan
 */
export const planSteps = Object.freeze({
  /** `plan.demonstrate` step by step (one failure count per step). */
  demonstrate: demonstrateSteps,
  /** `plan.precision` step by step (intervals computed by the search). */
  precision: precisionSteps,
  /** `plan.compare` step by step (simulated experiments). */
  compare: compareSteps,
  /** `plan.compareFromPilot` step by step (simulated experiments). */
  compareFromPilot: compareFromPilotSteps,
  /** `plan.precisionFromPilot` step by step (simulated benchmarks). */
  precisionFromPilot: precisionFromPilotSteps,
});

/**
 * Plan an evaluation before paying for it, as `passk plan` does (docs/planning.md): each function
 * takes its options (defaults in `PLAN_DEFAULTS`) and returns its plan.
 *
 * - `plan.demonstrate({ target, k })`: clean runs needed to show pass^k ≥ target (one-sided exact binomial).
 * - `plan.precision({ rate, halfWidth, k })`: trials per task (and with `trials`, tasks) for a target half-width.
 * - `plan.compare({ k, mean, delta })`: tasks × trials for compare's verdict to detect a difference.
 * - `plan.compareFromPilot({ k, runs | single })` and `plan.precisionFromPilot({ k, halfWidth, pilot })`: the same from a pilot log.
 * - `plan.gate({ requirements, pilot, tasks, trials })`: a gate's false-fail rate and the margin, tasks or trials that fix it.
 * - `plan.audit({ halfWidth, pilot | rates })`: tasks to audit for a judge-corrected interval.
 *
 * @category Plan
 * @example
 * ```ts
 * import { plan } from '@passk/sim';
 * console.log(plan.demonstrate({ target: 0.9, k: 8 }).runs); // → 228
 * console.log(plan.precision({ metric: 'p', rate: 0.5, halfWidth: 0.1 }).trials > 0); // → true
 * ```
 */
export const plan = Object.freeze({
  /**
   * Runs needed to show pass^k ≥ target at the confidence, with the failures allowed (`planDemonstration`).
   *
   * @param options - target, k, confidence (0.95), failures (0), powerAt.
   * @returns The plan (`passk plan demonstrate --json` without its kind).
   */
  demonstrate: (options: DemonstrateJobOptions): DemonstratePlan => runSteps(demonstrateSteps(options)),
  /**
   * Trials per task for an interval of p, pass@k or pass^k no wider than the half-width (`planPrecision`), and with `trials` the tasks.
   *
   * @param options - metric, k, rate, halfWidth, interval, confidence, assurance, trials, concentration, seed.
   * @returns The plan (`passk plan precision --json` without its kind).
   */
  precision: (options: PrecisionJobOptions): PrecisionJobPlan => runSteps(precisionSteps(options)),
  /**
   * Tasks × trials for compare's verdict to detect a difference `delta` (`planComparison`).
   *
   * @param options - metric, k, mean, concentration, delta, power, alpha, trials, gainSpread, simulations, seed.
   * @returns The plan (`passk plan compare --json` without its kind).
   */
  compare: (options: CompareJobPlanOptions): ComparePlan => runSteps(compareSteps(options)),
  /**
   * Tasks × trials for compare's verdict from a pilot of two runs or one run and a delta (`planComparisonFromPilot`).
   *
   * @param options - metric, k, runs or single, power, alpha, trials, tasks, powerDraws, simulations, seed.
   * @returns The plan.
   */
  compareFromPilot: (options: PilotCompareJobOptions): PilotComparePlan => runSteps(compareFromPilotSteps(options)),
  /**
   * Tasks × trials for a benchmark-level interval from a pilot (`planPrecisionFromPilot`).
   *
   * @param options - metric, k, halfWidth, confidence, assurance, pilot, trials, tasks, simulations, seed.
   * @returns The plan.
   */
  precisionFromPilot: (options: PilotPrecisionJobOptions): PilotPrecisionPlan => runSteps(precisionFromPilotSteps(options)),
  /**
   * A gate's false-fail rate with no change, its pass rate under regressions, and the margin, tasks or trials that fix it (`planGateDesign`).
   *
   * @param options - requirements, pilot, tasks, trials, rule, regressions, simulations, seed, confirm, maxFalseFail, search.
   * @returns The design plan.
   */
  gate,
  /**
   * Tasks to audit among those a judge scores for a half-width of the judge-corrected interval (`planAudit`, PPI++).
   *
   * @param options - halfWidth, confidence, metric, k, tasks, and a pilot or the judge's rates.
   * @returns The plan (`passk plan audit --json` without its kind and `from`).
   */
  audit,
});
