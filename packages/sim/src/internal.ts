// Internal API of @passk/sim (`@passk/sim/internal`): every building block the CLI, the benches and the tests use.
// No stability promise: the public API is index.ts (the job functions and a few building blocks).
// Modules inside the package import each other directly, not via this file.
// What `passk estimate` needs (the errors, the pass@k and pass^k estimators, the task averages,
// the bootstrap, the intervals behind them) comes from estimateEntry.ts, re-exported whole below.

// Errors and input checks
export { requireInteger, requireOpenUnit, requireUnit, requirePositive, requireNonNegative, requireCounts } from './checks.js';

// Random streams
export type { Rng } from './rng/rng.js';
export { Xoshiro128 } from './rng/xoshiro128.js';
export { streamRng, type Seed } from './rng/streams.js';

// Estimators
export { pluginPassAtK, pluginPassHatK } from './estimators/plugin.js';
export { binomialRatio, oneMinusBinomialRatio } from './estimators/binomialRatio.js';

// Closed forms for a known p
export { independentPassAtK, independentPassHatK, rateForPassHatK } from './analytic/independent.js';

// Intervals
export { proportionInterval, type IntervalMethod, type IntervalOptions, type ProportionInterval } from './intervals/proportionInterval.js';
export { passAtKInterval, passHatKInterval } from './intervals/mappedIntervals.js';
export { betaPosterior, JEFFREYS_PRIOR, UNIFORM_PRIOR, type BetaPrior } from './intervals/betaPosterior.js';

// Special functions
export { normalCdf } from './math/normalCdf.js';

// Planning
export { demonstrationRuns, planDemonstration, planDemonstrationSteps, type DemonstrateOptions, type DemonstratePlan } from './planning/demonstrate.js';
export { planPrecision, planPrecisionSteps, type PrecisionOptions, type PrecisionPlan, type PlanMetric } from './planning/precision.js';
export {
  planComparison,
  planComparisonSteps,
  DEFAULT_GAIN_SPREAD,
  DEFAULT_SIMULATIONS,
  type CompareOptions,
  type ComparePlan,
  type ComparePlanRow,
  type PowerByGainSpread,
} from './planning/compare.js';
export {
  planComparisonFromPilot,
  planComparisonFromPilotSteps,
  type PilotCompareOptions,
  type PilotComparePlan,
  type PilotCompareRow,
} from './planning/comparePilot.js';
export type { SimulatedPowerValue } from './planning/verdictPower.js';
export type { PilotPowerInterval } from './planning/pilotPowerInterval.js';
export {
  planPrecisionFromPilot,
  planPrecisionFromPilotSteps,
  MAX_PRECISION_SEARCH_TRIALS,
  type PilotPrecisionOptions,
  type PilotPrecisionPlan,
  type PilotPrecisionRow,
} from './planning/precisionPilot.js';

// Verifiers measured against the truth
export { measureVerifier, type VerifierCounts, type VerifierMeasure, type MeasuredShare } from './verifier/measureVerifier.js';
export { measuredRate, type MeasuredRate } from './verifier/measuredRate.js';
export { verdictReader, DEFAULT_VERDICT_LABELS, type VerdictLabels, type Verdict } from './verifier/verdictLabels.js';
export { verifierFragment, type MeasuredVerifierInput, type MeasuredRates } from './verifier/verifierFragment.js';

// Scenarios
export { resolveScenario, type ResolveScenarioOptions } from './scenario/resolveScenario.js';
export { DEFAULT_SCENARIO_INPUT, defaultScenario } from './scenario/defaultScenario.js';
export { scenarioToInput } from './scenario/scenarioToInput.js';
export { scenarioJsonSchema, type JsonSchema } from './scenario/scenarioJsonSchema.js';
export { SCENARIO_FORMAT, SCENARIO_DEFS, MAX_ATTEMPTS_LIMIT } from './scenario/scenarioFormat.js';
export { SCENARIO_PATHS } from './scenario/scenarioPaths.js';
export { scenarioDocs } from './scenario/scenarioDocs.js';
export type {
  FormatNode,
  Field,
  ObjectNode,
  TaggedNode,
  Variant,
  NumberNode,
  StringNode,
  BooleanNode,
  EnumNode,
  SeedNode,
  ListNode,
  RefNode,
  Rule,
} from './scenario/formatNodes.js';
export type * from './scenario/types.js';
export type { ScenarioInput, InputOf, Defs, FieldsOf, TaggedOf, Simplify, VariantOf } from './scenario/scenarioInput.js';

// Random variates and task distributions
export { binomial } from './distributions/binomial.js';
export { beta } from './distributions/beta.js';
export { geometric } from './distributions/geometric.js';
export { lognormal } from './distributions/lognormal.js';
export { standardNormal } from './distributions/standardNormal.js';
export { taskRates } from './distributions/taskRates.js';
export { expectOver } from './distributions/expectOver.js';
export { momentPower, momentComplementPower } from './distributions/momentPower.js';

// Probability functions
export { binomialPmf } from './math/binomialPmf.js';
export { binomialCdf, binomialSf } from './math/binomialCdf.js';
export { betaQuantile } from './math/betaQuantile.js';
export { regularizedBeta } from './math/regularizedBeta.js';
export { INTERVAL_METHODS } from './intervals/proportionInterval.js';

// Monte Carlo engine
export { simulate } from './engine/simulate.js';
export { simulatePartial, type SimulateOptions } from './engine/simulatePartial.js';
export { mergePartials } from './engine/mergePartials.js';
export { summarise, type Summary, type SummaryRow, type RowBasis, type Estimate, type ExactValues, type SummaryMetric } from './engine/summarise.js';
export { observedBudget } from './uncertainty/observedBudget.js';
export { observedEpisodeRates } from './uncertainty/observedEpisodeInterval.js';
export { exactValuesFor } from './engine/exactValues.js';
export { simulatePilot, type PilotOptions, type PilotReport, type PilotRow, type PilotDesign } from './engine/simulatePilot.js';
export { PARTIAL_FORMAT, type PartialResult } from './engine/partialResult.js';
export { REPLICATES_PER_BLOCK, splitReplicates, blockCount } from './engine/replicateBlocks.js';
export { shardWork, type ShardPiece } from './engine/shardWork.js';
export { scenarioFingerprint } from './engine/scenarioFingerprint.js';
export { exactMetrics, type ExactMetrics } from './analytic/exactMetrics.js';

// Sweeps
export { parseSweepAxis, sweepGrid, type SweepAxis, type SweepPoint, type SweepValue } from './sweep/sweepGrid.js';
export { applySweepPoint } from './sweep/applySweepPoint.js';
export { requireScenarioPath, scenarioPaths } from './sweep/sweepPaths.js';
export { efficientFrontier, type FrontierPoint } from './sweep/efficientFrontier.js';
export { bestUnderConstraints, type Constraints, type ConstrainedPoint } from './sweep/bestUnderConstraints.js';
export { sweepScenarios, type SweepScenariosOptions } from './sweep/sweepScenarios.js';
export { sweepOutcomes, type SweepOutcome, type SweepOutcomes } from './sweep/sweepOutcomes.js';
// Fitting the per-task success distribution (passk fit)
export { fitTasks, type FitOptions } from './fit/fitTasks.js';
export type { TaskFit, FittedModel } from './fit/fitResult.js';
export type { FitModelName } from './fit/fitModels.js';
export type { ReportedParameter, ReportedParameterName } from './fit/reportedParameters.js';
export type { GoodnessOfFit, CountTable, CountRow, PassRateRow } from './fit/goodnessOfFit.js';
export type {
  PredictionRow,
  PredictedRate,
  PredictionBasis,
  ExtrapolationDecision,
  ExtrapolationCheck,
  LeaveTrialsOut,
} from './fit/extrapolationTypes.js';
export type { TrialOrderTest } from './fit/trialOrderTest.js';
export { fitScenarioTasks, type ScenarioTasksInput } from './fit/fitScenarioTasks.js';
export type { MixtureParameters } from './fit/mixtureParameters.js';
export { betaBinomialLogPmf } from './fit/betaBinomialLogPmf.js';
export { posteriorTasks } from './fit/posteriorTasks.js';
export { benchmarkTasks, type TaskParameters } from './engine/taskParameters.js';

// Retry dependence within episodes (issue #40)
export type * from './dependence/types.js';
export { fitDependence } from './dependence/fitDependence.js';
export { testEpisodeIndependence } from './dependence/testEpisodeIndependence.js';
export { testRunOrderDrift } from './dependence/runOrderDrift.js';
export { predictDependentPassAtK } from './dependence/predictDependentPassAtK.js';

// Comparing runs (passk compare, passk gate)
export {
  compareRuns,
  compareRunsSteps,
  type CompareRunsOptions,
  type RunComparison,
  type CompareRow,
  type MetricComparison,
  type Pairing,
  type RunEstimate,
} from './compare/compareRuns.js';
export { compareMany, compareManySteps, type ManyComparison } from './compare/compareMany.js';
export type { Run, RunTask, TaskId } from './compare/runTasks.js';
export type { CompareMetric } from './compare/compareMetric.js';
export type { PValue } from './compare/signFlipTest.js';
export type { TaskChanges, TaskChange, TaskChangeKind } from './compare/taskChanges.js';
export { holmAdjust } from './compare/holmAdjust.js';
export { signFlipTest } from './compare/signFlipTest.js';
export { differenceVerdict, type DifferenceVerdict, type TestedDifference } from './compare/differenceVerdict.js';
export { studentTQuantile, studentTTwoSided } from './math/studentT.js';
// Cost per solved task with an interval (estimate, compare, gate; issue #41)
export { ratioInterval, RATIO_INTERVAL_METHODS, type RatioEstimate, type RatioIntervalMethod } from './cost/ratioInterval.js';
export { costPerSolved, COST_INTERVAL_METHOD, type CostTask, type CostPerSolved, type CostPerSolvedOptions } from './cost/costPerSolved.js';
export { compareCosts, type CostRun, type CostComparison, type CostDelta } from './cost/costDifference.js';
export { taskAverageBound, type TaskAverageBoundMethod, type TaskAverageBoundOptions } from './taskAverage/taskAverageBound.js';
export {
  planAudit,
  auditMomentsFromRates,
  auditMomentsFromPilot,
  type AuditMoments,
  type AuditPlan,
  type JudgeRates,
} from './judged/planAudit.js';
export {
  judgeCorrectedDifference,
  type JudgedPair,
  type JudgedDifference,
  type JudgedDifferenceRow,
  type DifferenceEstimate,
} from './judged/judgeCorrectedDifference.js';
export { populationInterval, scoreBounds, type MeanIntervalOptions } from './taskAverage/populationInterval.js';
export { benchmarkInterval } from './taskAverage/benchmarkInterval.js';
export { empiricalBernsteinInterval } from './taskAverage/empiricalBernstein.js';
export { trialNoiseVariance } from './taskAverage/trialNoiseVariance.js';
export { groupValues, taskEstimate, type TaskMetric, type WeightedValue } from './taskAverage/taskValues.js';
export { planTaskPrecision, type TaskPrecisionOptions, type TaskPrecisionPlan } from './planning/taskPrecision.js';
export {
  taskPrecisionAssurance,
  tasksForAssurance,
  MAX_ASSURANCE_DRAWS,
  type TaskAssurance,
  type TaskAssuranceOptions,
  type TaskPlanAssurance,
} from './planning/taskPrecisionAssurance.js';
// Designing a gate (passk gate, passk plan gate)
export {
  holdsWithoutChange,
  judgeRequirement,
  meets,
  type GateRequirement,
  type GateRule,
  type JudgedRequirement,
  type RequirementOp,
  type UnjudgedRequirement,
} from './gate/judgeRequirement.js';
export {
  gateDesign,
  MAX_GATE_DESIGN_DRAWS,
  type GateDesign,
  type GateDesignOptions,
  type RegressionPass,
  type SimulatedRate,
} from './planning/gateDesign.js';
export { planGateDesign, type GateDesignPlan, type GateDesignSize, type GateMargin, type GateSizeSearch } from './planning/gateDesignSearch.js';
export {
  DIFFERENCE_INTERVAL_METHOD,
  degenerateDifferenceBounds,
  pairedDifferenceInterval,
  PopulationFits,
  type FittedPopulation,
  type PairedTrials,
} from './taskAverage/differenceInterval.js';
export {
  BENCHMARK_DIFFERENCE_METHOD,
  benchmarkDifferenceInterval,
  withinPopulationInterval,
  type BenchmarkSide,
} from './taskAverage/benchmarkDifferenceInterval.js';

// Types the API above refers to
export type { BetaParameters, BetaPosteriorOptions, BetaPosteriorSummary, PosteriorSummary } from './intervals/betaPosterior.js';
export type { Interval, LabelledInterval } from './intervals/interval.js';
export { blockSumsLength, ENGINE_METRICS, type EngineMetric } from './engine/engineMetrics.js';
export type { BlockRunner, EnginePath, RunnerTables } from './engine/blockRunner.js';
export type { SimulationReuse } from './engine/simulatePartial.js';
export type { FixedBenchmark } from './analytic/fixedBenchmark.js';
export type { CountGroup } from './estimators/taskAverage.js';
export type { VarianceFloor } from './taskAverage/populationInterval.js';
export type { SignFlipOptions } from './compare/signFlipTest.js';
export type { AmountInput, BetaInput, CorrelationInput, MixtureComponentInput, RateInput, SelectorInput, SuccessRateInput } from './scenario/scenarioInput.js';
export { npmlePrior, type GridPrior } from './taskAverage/gridPrior.js';
export { atomProbability, inflatedBetaFit, inflatedBetaPrior, INFLATION_TEST_LEVEL, type InflatedBetaPrior } from './taskAverage/inflatedBetaPrior.js';

// Comparisons in words and the compare job
export { COMPARE_DEFAULTS } from './compare/compareDefaults.js';
export { answerSentence, answerSentences, benchmarkClause, compareVerdict, headlineK, metricAt, metricName, verdict } from './compare/compareAnswer.js';
export { formatPoints, formatPointsInterval } from './compare/points.js';
export { formatPValue, pValuePhrase } from './compare/pValuePhrase.js';
export { compare, compareSteps, type ComparisonOptions, type ComparisonAnswer, type ComparisonResult } from './jobs/compare.js';
// The estimate entry's building blocks (see the top of this file).
export * from './estimateEntry.js';
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
export { simulate as simulateJob, summariseSimulation, SIMULATE_DEFAULTS, type SimulationOptions, type SimulationResult } from './jobs/simulate.js';
export {
  measureDependence,
  DEPENDENCE_DEFAULTS,
  type MeasureDependenceOptions,
  type MeasuredRetryDependence,
} from './jobs/dependence.js';
export { fit, FIT_DEFAULTS } from './jobs/fit.js';
export { verifier, VERIFIER_DEFAULTS } from './jobs/verifier.js';
