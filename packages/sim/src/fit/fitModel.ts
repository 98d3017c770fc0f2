import type { FitModel } from './fitModels.js';
import type { FittedModel } from './fitResult.js';
import { fitScenarioTasks } from './fitScenarioTasks.js';
import { logLikelihood } from './logLikelihood.js';
import { maximiseModel } from './maximiseModel.js';
import { mixtureParameters, UNCONSTRAINED_COORDINATES, type MixtureParameters } from './mixtureParameters.js';
import { predictedPassAtK, predictedPassHatK } from './modelPredictions.js';
import { observedCovariance } from './observedCovariance.js';
import { predictionIntervals } from './predictionIntervals.js';
import { reportedParameters } from './reportedParameters.js';
import type { TaskCell } from './taskCells.js';
import type { Interval } from '../intervals/interval.js';

const BOUNDARY_WORDS: Record<string, string> = {
  'logConcentration:+':
    'concentration = ∞: no spread of success rates in the beta component beyond binomial noise, each of its tasks has p = mean (without point masses ρ = 0)',
  'logConcentration:-': 'concentration = 0: the beta component is always or never (each of its tasks succeeds every time or never; ρ = 1)',
  'logOddsZero:-': 'π0 = 0: no excess of tasks that never succeed',
  'logOddsOne:-': 'π1 = 0: no excess of tasks that always succeed',
};

/** One model fitted to the cells: what fitTasks reports and the mixture parameters at the maximum. */
export interface ModelFit {
  model: FittedModel & { aic: number };
  params: MixtureParameters;
  /** The optimiser's full coordinate vector at the maximum and the indices of its free coordinates. */
  theta: readonly number[];
  free: readonly number[];
}

/**
 * Maximum-likelihood fit of one model to task cells (weights may be fractional: the leave-trials-out
 * check fits expected thinned counts), with delta-method SEs, predictions and their intervals at `ks`.
 */
export function fitModel(
  spec: FitModel,
  cells: readonly TaskCell[],
  count: number,
  ks: readonly number[],
  confidence: number,
  allOrNothing: boolean,
): ModelFit {
  const maximum = maximiseModel(spec, cells, allOrNothing);
  const logLikAt = (x: readonly number[]) => {
    const theta = maximum.theta.slice();
    maximum.free.forEach((index, j) => (theta[index] = x[j]));
    return logLikelihood(cells, mixtureParameters(theta));
  };
  const estimate = maximum.free.map((index) => maximum.theta[index]);
  const covariance = observedCovariance(logLikAt, estimate);
  const params = mixtureParameters(maximum.theta);
  const reported = reportedParameters(spec.reported, maximum.theta, maximum.free, covariance, { fold: spec.fold });
  const boundary = maximum.boundaries.map((index) => BOUNDARY_WORDS[`${UNCONSTRAINED_COORDINATES[index]}:${maximum.theta[index] > 0 ? '+' : '-'}`]);
  if (allOrNothing) boundary.push(BOUNDARY_WORDS['logConcentration:-']);
  if (covariance === null) {
    boundary.push('the observed information is not positive definite (a flat direction): standard errors and intervals are unavailable');
  }
  const predicted = {
    passAtK: Object.fromEntries(ks.map((k) => [String(k), predictedPassAtK(params, k)])),
    passHatK: Object.fromEntries(ks.map((k) => [String(k), predictedPassHatK(params, k)])),
  };
  const intervals = covariance === null ? null : predictionIntervals(maximum.theta, maximum.free, covariance, ks, { confidence });
  const byK = (values: Array<Interval | null>) => Object.fromEntries(ks.map((k, i) => [String(k), values[i]]));
  const fixedCoordinates = Object.fromEntries(
    UNCONSTRAINED_COORDINATES.flatMap((name, index) => (maximum.free.includes(index) ? [] : [[name, maximum.theta[index] > 0 ? Infinity : -Infinity]])),
  );
  const model: FittedModel = {
    name: spec.name,
    parameterCount: spec.parameterCount,
    params: reported,
    logLik: maximum.logLik,
    aic: 2 * spec.parameterCount - 2 * maximum.logLik,
    boundary,
    converged: maximum.converged,
    unconstrained: {
      coordinates: maximum.free.map((index) => UNCONSTRAINED_COORDINATES[index]),
      estimate,
      covariance,
      fixed: fixedCoordinates,
    },
    scenarioTasks: fitScenarioTasks(params, count),
    predicted,
    intervals: intervals === null ? null : { passAtK: byK(intervals.passAtK), passHatK: byK(intervals.passHatK) },
  };
  return { model, params, theta: maximum.theta, free: maximum.free };
}
