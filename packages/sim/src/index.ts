// Public API of @passk/sim: one function per job (estimate, compare, plan, simulate, fit, verifier,
// measureDependence), each with its defaults (…_DEFAULTS), and the few building blocks a library user
// needs. Everything else the CLI uses is in `@passk/sim/internal` (internal.ts), without a stability
// promise. test/sim/publicApi.test.ts pins this surface: a change here fails it.

// Jobs
export {
  estimate,
  estimateSteps,
  ESTIMATE_DEFAULTS,
  type EstimateInput,
  type EstimateOptions,
  type TaskEstimateResult,
  type RateEstimateResult,
  type TasksEstimateResult,
  type TasksEstimateRow,
} from './jobs/estimate.js';
export { compare, compareSteps, COMPARE_DEFAULTS, type ComparisonOptions, type ComparisonAnswer, type ComparisonResult } from './jobs/compare.js';
export {
  plan,
  planSteps,
  PLAN_DEFAULTS,
  type DemonstrateJobOptions,
  type PrecisionJobOptions,
  type PrecisionJobPlan,
  type CompareJobPlanOptions,
  type PilotCompareJobOptions,
  type PilotPrecisionJobOptions,
  type GateJobOptions,
  type AuditJobOptions,
  type AuditJobPlan,
} from './jobs/plan.js';
export { simulate, SIMULATE_DEFAULTS, type SimulationOptions, type SimulationResult } from './jobs/simulate.js';
export { fit, FIT_DEFAULTS } from './jobs/fit.js';
export { verifier, VERIFIER_DEFAULTS } from './jobs/verifier.js';
export { measureDependence, DEPENDENCE_DEFAULTS, type MeasureDependenceOptions, type MeasuredRetryDependence } from './jobs/dependence.js';
export { runSteps, type Steps } from './stepwise.js';

// Building blocks: the estimators, the interval for a proportion, the scenario validator, the errors
export { passAtK } from './estimators/passAtK.js';
export { passHatK } from './estimators/passHatK.js';
export { proportionInterval, type IntervalMethod, type IntervalOptions, type ProportionInterval } from './intervals/proportionInterval.js';
export { resolveScenario, type ResolveScenarioOptions } from './scenario/resolveScenario.js';
export { InputError, NotEstimableError } from './errors.js';

// Types the jobs' options and results refer to
export type { Interval, LabelledInterval } from './intervals/interval.js';
export type { TaskSet, TaskTrials, TaskCountGroups } from './estimators/taskAverage.js';
export type { BootstrapInterval } from './estimators/bootstrap.js';
export type { BetaPrior } from './intervals/betaPosterior.js';
export type { Run, RunTask, TaskId } from './compare/runTasks.js';
export type { CompareRunsOptions, RunComparison, CompareRow, MetricComparison, Pairing, RunEstimate } from './compare/compareRuns.js';
export type { ManyComparison } from './compare/compareMany.js';
export type { DifferenceVerdict } from './compare/differenceVerdict.js';
export type { MeanAndSe } from './math/meanAndSe.js';
export type { PValue } from './compare/signFlipTest.js';
export type { TaskChanges, TaskChange, TaskChangeKind } from './compare/taskChanges.js';
export type { Seed } from './rng/streams.js';
export type { DemonstrateOptions, DemonstratePlan } from './planning/demonstrate.js';
export type { PrecisionOptions, PrecisionPlan, PlanMetric } from './planning/precision.js';
export type { TaskPrecisionPlan } from './planning/taskPrecision.js';
export type { TaskPlanAssurance, TaskAssurance } from './planning/taskPrecisionAssurance.js';
export type { CompareOptions as PlanCompareOptions, ComparePlan, ComparePlanRow, PowerByGainSpread } from './planning/compare.js';
export type { GainModel, PilotCompareOptions, PilotComparePlan, PilotCompareRow } from './planning/comparePilot.js';
export type { PilotPrecisionOptions, PilotPrecisionPlan, PilotPrecisionRow } from './planning/precisionPilot.js';
export type { SimulatedPowerValue } from './planning/verdictPower.js';
export type { PilotPowerInterval } from './planning/pilotPowerInterval.js';
export type { GateDesignOptions, GateDesign, RegressionPass, SimulatedRate } from './planning/gateDesign.js';
export type { GateDesignPlan, GateDesignSize, GateMargin, GateSizeSearch } from './planning/gateDesignSearch.js';
export type { GateRequirement, GateRule, RequirementOp } from './gate/judgeRequirement.js';
export type { ScenarioInput } from './scenario/scenarioInput.js';
export type * from './scenario/types.js';
export type { Summary, SummaryRow, RowBasis, Estimate, ExactValues, SummaryMetric } from './engine/summarise.js';
export type { PilotReport, PilotRow, PilotDesign } from './engine/simulatePilot.js';
export type { FitOptions } from './fit/fitTasks.js';
export type { TaskFit, FittedModel } from './fit/fitResult.js';
export type { FitModelName } from './fit/fitModels.js';
export type { ReportedParameter, ReportedParameterName } from './fit/reportedParameters.js';
export type { GoodnessOfFit, CountTable, CountRow, PassRateRow } from './fit/goodnessOfFit.js';
export type { PredictionRow, PredictedRate, PredictionBasis, ExtrapolationDecision, ExtrapolationCheck, LeaveTrialsOut } from './fit/extrapolationTypes.js';
export type { TrialOrderTest } from './fit/trialOrderTest.js';
export type { MixtureParameters } from './fit/mixtureParameters.js';
export type { VerifierCounts, VerifierMeasure, MeasuredShare } from './verifier/measureVerifier.js';
export type { MeasuredRate } from './verifier/measuredRate.js';
export type * from './dependence/types.js';
export type { CorrelationInput, SelectorInput } from './scenario/scenarioInput.js';
export type { BetaParameters } from './intervals/betaPosterior.js';
export type { EngineMetric } from './engine/engineMetrics.js';
export type { EnginePath } from './engine/blockRunner.js';
export type { ScenarioTasksInput } from './fit/fitScenarioTasks.js';
export type { CompareMetric } from './compare/compareMetric.js';
export type { CountGroup } from './estimators/taskAverage.js';
export type { VerdictLabels } from './verifier/verdictLabels.js';
export type { AuditMoments, JudgeRates } from './judged/planAudit.js';
