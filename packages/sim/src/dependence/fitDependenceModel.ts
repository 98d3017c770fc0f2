import { logistic } from '../distributions/logistic.js';
import { maximiseLikelihood } from '../fit/maximiseLikelihood.js';
import { observedCovariance } from '../fit/observedCovariance.js';
import { allWrong } from '../analytic/allWrong.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { EpisodeData } from './episodeData.js';
import { logLikelihoodAt } from './dependenceLikelihood.js';
import type { DependenceModel } from './dependenceModels.js';
import { profileInterval } from './profileInterval.js';
import { exactNodes, populationRule } from './populationRule.js';
import type { FittedDependenceModel, FittedParameter } from './types.js';

const logit = (v: number) => Math.log(v / (1 - v));
/** The mean's range in the profile (logit ±20.7): 0 and 1 themselves are degenerate Betas. */
const MEAN_RANGE = [1e-9, 1 - 1e-9] as const;

/**
 * Maximum-likelihood fit of one within-episode model with the task population p_t ~ Beta(mean·s,
 * (1 − mean)·s) (`dependenceLogLikelihood`), by `maximiseLikelihood` (Nelder–Mead from several
 * starts, limits such as s = ∞ or icc = 0 taken when the likelihood rises towards them). Reported
 * parameters: `mean`, `taskCorrelation` = 1/(1 + s) (the between-task correlation, as `passk fit`
 * names it) and the model's own (icc, stickiness or afterFailure), each with its profile-likelihood
 * interval (`profileInterval`; NaN bounds for those `intervals` leaves out); AIC = 2k − 2ℓ̂ (Akaike 1974). `coordinates` and `covariance`
 * (the inverse observed information of the free coordinates, or null) serve the predictions.
 */
export function fitDependenceModel(
  data: EpisodeData,
  model: DependenceModel,
  confidence: number,
  firstRate: number,
  intervals: 'all' | 'dependence' | 'none' = 'all',
): FittedDependenceModel {
  const logLik = (theta: readonly number[]) => logLikelihoodAt(data, theta, (x) => model.correlation(model.fromCoordinate(x)));
  const free = model.parameter === null ? [0, 1] : [0, 1, 2];
  const mean0 = Math.min(0.95, Math.max(0.05, firstRate));
  const starts: number[][] = [];
  for (const s of [2, 20]) {
    for (const x of model.parameter === null ? [null] : model.starts) starts.push(x === null ? [logit(mean0), Math.log(s)] : [logit(mean0), Math.log(s), x]);
  }
  const theta0 = [0, 0, model.parameter === null ? 0 : model.starts[0]];
  const fit = maximiseLikelihood([], theta0, free, starts, logLik);
  const theta = fit.theta.slice();
  const maximum = fit.logLik;
  const z = normalQuantileOf(confidence);
  const q = z * z;
  const interior = fit.free;
  const mean = logistic(theta[0]);
  const s = Math.exp(theta[1]);
  const parameters: Record<string, FittedParameter> = {};
  const profile = (index: number, estimate: number, range: readonly [number, number], toCoordinate: (v: number) => number) => {
    if (intervals === 'none' || (intervals === 'dependence' && index !== 2)) return { estimate, lower: Number.NaN, upper: Number.NaN };
    const { lower, upper } = profileInterval(logLik, theta, maximum, free, { index, estimate, range, toCoordinate }, q);
    return { estimate, lower: Math.min(lower, estimate), upper: Math.max(upper, estimate) };
  };
  parameters.mean = profile(0, mean, MEAN_RANGE, logit);
  parameters.taskCorrelation = profile(1, 1 / (1 + s), [0, 1], (tau) => Math.log(1 / tau - 1));
  let value = 0;
  if (model.parameter !== null) {
    value = model.fromCoordinate(theta[2]);
    parameters[model.parameter] = profile(2, value, model.range, model.toCoordinate);
  }
  const covariance =
    interior.length === 0
      ? null
      : observedCovariance(
          (x) => logLik(withFree(theta, interior, x)),
          interior.map((i) => theta[i]),
        );
  const k = free.length;
  return {
    model: model.name,
    parameters,
    correlation: model.correlation(value),
    population: { alpha: s === Infinity ? Infinity : mean * s, beta: s === Infinity ? Infinity : (1 - mean) * s },
    logLikelihood: maximum,
    aic: 2 * k - 2 * maximum,
    parametersCount: k,
    hazard: modelHazard(mean, s, model.correlation(value), data.maxLength),
    coordinates: theta,
    freeCoordinates: interior.slice(),
    covariance,
  };
}

function withFree(theta: readonly number[], free: readonly number[], x: readonly number[]): number[] {
  const t = theta.slice();
  free.forEach((i, j) => (t[i] = x[j]));
  return t;
}

/**
 * Model hazard h_j = P(success at j | failures at 1..j − 1) = (W_{j−1} − W_j)/W_{j−1} with
 * W_j = E[P(attempts 1..j all fail | p)] over the population (`allWrong`, the closed form).
 */
export function modelHazard(mean: number, s: number, correlation: FittedDependenceModel['correlation'], maxLength: number): number[] {
  const rule = populationRule(mean, s, exactNodes(maxLength));
  const W = new Float64Array(maxLength + 1);
  rule.nodes.forEach((p, i) => {
    const w = allWrong(p, correlation, maxLength);
    for (let j = 0; j <= maxLength; j++) W[j] += rule.weights[i] * w[j];
  });
  return Array.from({ length: maxLength }, (_, j) => (W[j] > 0 ? (W[j] - W[j + 1]) / W[j] : Number.NaN));
}

function normalQuantileOf(confidence: number): number {
  return normalQuantile((1 + confidence) / 2);
}
