/**
 * What `passk estimate` needs (`@passk/sim/estimate`): the estimators, intervals and the few special
 * functions behind them, so the command loads these modules and their imports rather than the whole
 * library (index.ts, with the engine, fitting, planning and scenarios). Errors come from the same
 * module files as in index.ts, so `instanceof InputError` holds across both entries.
 */
export { InputError, NotEstimableError } from './errors.js';
export { requireInteger, requireOpenUnit } from './checks.js';
export { passAtK } from './estimators/passAtK.js';
export { passHatK } from './estimators/passHatK.js';
export {
  averageOverTasks,
  groupTaskCounts,
  type TaskCountGroups,
  type TaskSet,
  type TaskTrials,
  type TaskAverageRow,
} from './estimators/taskAverage.js';
export { bootstrapTaskAverage, bootstrapTaskAverageSteps, type BootstrapOptions, type BootstrapRow, type BootstrapInterval } from './estimators/bootstrap.js';
export { clusteredNormalInterval } from './estimators/clusteredNormalInterval.js';
export type { MeanAndSe } from './math/meanAndSe.js';
export { estimateTask, type EstimateTaskOptions, type TaskEstimate, type TaskEstimateRow } from './estimators/estimateTask.js';
export { independentPassAtK, independentPassHatK } from './analytic/independent.js';
export { proportionInterval, INTERVAL_METHODS, type IntervalMethod, type IntervalOptions, type ProportionInterval } from './intervals/proportionInterval.js';
export { JEFFREYS_PRIOR, UNIFORM_PRIOR, type BetaPrior } from './intervals/betaPosterior.js';
export { oneSidedMinimumCoverage, type MinimumCoverage, type MinimumCoverageOptions } from './intervals/oneSidedMinimumCoverage.js';
export { normalQuantile } from './math/normalQuantile.js';
export { taskAverageIntervals, ESTIMAND_METHODS, type TaskAverageIntervalRow, type EstimandIntervals } from './taskAverage/taskAverageIntervals.js';
export {
  judgeCorrectedMean,
  MIN_AUDITED,
  SMALL_AUDIT,
  type JudgedValue,
  type JudgeCorrectedMean,
  type JudgeCorrectedOptions,
} from './judged/judgeCorrectedMean.js';
export {
  judgeCorrectedEstimates,
  JUDGE_CORRECTED_METHOD,
  type JudgedTask,
  type JudgedRow,
  type JudgedMetric,
  type PlainEstimate,
} from './judged/judgeCorrectedEstimates.js';
export {
  estimate,
  estimateSteps,
  estimateIntervalOptions,
  taskEstimateResult,
  ESTIMATE_DEFAULTS,
  CREDIBLE,
  type EstimateInput,
  type EstimateOptions,
  type TaskEstimateResult,
  type RateEstimateResult,
  type TasksEstimateResult,
  type TasksEstimateRow,
} from './jobs/estimate.js';
export { documentInterval, type LabelledInterval } from './intervals/interval.js';
export { runSteps, type Steps } from './stepwise.js';
