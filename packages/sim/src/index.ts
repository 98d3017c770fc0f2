// Public API of @passk/sim. Modules inside the package import each other directly, not via this file.

// Errors and input checks
export { InputError, NotEstimableError } from './errors.js';
export { requireInteger, requireOpenUnit, requireUnit, requirePositive, requireNonNegative, requireCounts } from './checks.js';

// Random streams
export type { Rng } from './rng/rng.js';
export { Xoshiro128 } from './rng/xoshiro128.js';
export { streamRng, type Seed } from './rng/streams.js';

// Estimators
export { passAtK } from './estimators/passAtK.js';
export { passHatK } from './estimators/passHatK.js';
export { pluginPassAtK, pluginPassHatK } from './estimators/plugin.js';
export { binomialRatio, oneMinusBinomialRatio } from './estimators/binomialRatio.js';
export { averageOverTasks, type TaskTrials, type TaskAverageRow, type TaskMean } from './estimators/taskAverage.js';
export { bootstrapTaskAverage, type BootstrapOptions, type BootstrapRow, type BootstrapInterval } from './estimators/bootstrap.js';
export { estimateTask, type EstimateTaskOptions, type TaskEstimate, type TaskEstimateRow } from './estimators/estimateTask.js';

// Closed forms for a known p
export { independentPassAtK, independentPassHatK, rateForPassHatK } from './analytic/independent.js';

// Intervals
export { proportionInterval, type IntervalMethod, type IntervalOptions, type ProportionInterval } from './intervals/proportionInterval.js';
export { passAtKInterval, passHatKInterval } from './intervals/mappedIntervals.js';
export { betaPosterior, JEFFREYS_PRIOR, UNIFORM_PRIOR, type BetaPrior } from './intervals/betaPosterior.js';

// Special functions
export { normalCdf } from './math/normalCdf.js';
export { normalQuantile } from './math/normalQuantile.js';

// Planning
export { planDemonstration, type DemonstrateOptions, type DemonstratePlan } from './planning/demonstrate.js';
export { planPrecision, type PrecisionOptions, type PrecisionPlan, type PlanMetric } from './planning/precision.js';
export { planComparison, type CompareOptions, type ComparePlan, type ComparePlanRow } from './planning/compare.js';
