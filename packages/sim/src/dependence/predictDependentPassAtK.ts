import { allCorrect } from '../analytic/allCorrect.js';
import { allWrong } from '../analytic/allWrong.js';
import { InputError } from '../errors.js';
import { requireInteger, requireOpenUnit } from '../checks.js';
import { requireFinite, requireList, requireObject, requireOneOf } from '../checkArgs.js';
import { deltaMethod } from '../fit/deltaMethod.js';
import { logistic } from '../distributions/logistic.js';
import { normalQuantile } from '../math/normalQuantile.js';
import { DEPENDENCE_MODELS, dependenceModel } from './dependenceModels.js';
import { exactNodes, populationRule } from './populationRule.js';
import type { DependenceFit, DependenceModelName, DependentPassAtK, FittedDependenceModel } from './types.js';

/**
 * Model-based pass@k = 1 − E[P(attempts 1..k of one episode all fail | p)] and pass^k =
 * E[P(all k succeed | p)] over the fitted task population, from the closed forms the simulator is
 * checked against (`allWrong`, `allCorrect`), integrated exactly by Gauss–Jacobi quadrature (both
 * are polynomials of degree k in p) — for any k, beyond the observed episode length too. Intervals
 * at the fit's confidence by the delta method on the logit scale over the fit's free coordinates
 * (Casella & Berger 2002, §5.5.4); absent when the fit's information matrix is singular.
 * Example: an independent fit with every p = 0.3 (s = ∞) → pass@2 = 0.51, pass^2 = 0.09.
 */
export function predictDependentPassAtK(fit: DependenceFit, model: DependenceModelName, ks: readonly number[]): DependentPassAtK[] {
  requireObject('fit', fit);
  requireOpenUnit('fit.confidence', fit.confidence);
  requireList('fit.models', fit.models).forEach((one, i) => requireFittedModel(`fit.models[${i}]`, one));
  const fitted = fit.models.find((m) => m.model === model);
  if (fitted === undefined) throw new InputError('model', `must be one of the fitted models (${fit.models.map((m) => m.model).join(', ')})`, model);
  if (!Array.isArray(ks) || ks.length === 0) throw new InputError('ks', 'must hold at least one k', ks);
  ks.forEach((k, i) => requireInteger(`ks[${i}]`, k, 1, 100_000));
  const z = normalQuantile((1 + fit.confidence) / 2);
  return ks.map((k) => {
    const at = (theta: readonly number[]) => passAt(fitted, theta, k);
    const { passAtK, passHatK } = at(fitted.coordinates);
    const row: DependentPassAtK = { k, passAtK, passHatK };
    const covariance = fitted.covariance;
    if (covariance !== null) {
      row.passAtKInterval = logitInterval((theta) => at(theta).passAtK, fitted, covariance, z);
      row.passHatKInterval = logitInterval((theta) => at(theta).passHatK, fitted, covariance, z);
    }
    return row;
  });
}

/** A fitted model as predictions read it: a known model name, numeric coordinates (logit mean, ln s, the model's own), free indices among them, a covariance of finite numbers or null. */
function requireFittedModel(where: string, value: unknown): void {
  const fitted = requireObject(where, value);
  const name = requireOneOf(
    `${where}.model`,
    fitted.model,
    DEPENDENCE_MODELS.map((m) => m.name),
  );
  const coordinates = requireList(`${where}.coordinates`, fitted.coordinates, dependenceModel(name).parameter === null ? 2 : 3, 3);
  // ln s is +∞ where every task has the same p.
  coordinates.forEach((x, i) => {
    if (typeof x !== 'number' || Number.isNaN(x)) throw new InputError(`${where}.coordinates[${i}]`, 'must be a number (±∞ allowed)', x);
  });
  const free = requireList(`${where}.freeCoordinates`, fitted.freeCoordinates, 0, coordinates.length);
  free.forEach((index, i) => requireInteger(`${where}.freeCoordinates[${i}]`, index, 0, coordinates.length - 1));
  if (fitted.covariance === null) return;
  const rows = requireList(`${where}.covariance`, fitted.covariance, free.length, free.length);
  rows.forEach((row, i) =>
    requireList(`${where}.covariance[${i}]`, row, free.length, free.length).forEach((x, j) => requireFinite(`${where}.covariance[${i}][${j}]`, x)),
  );
}

function passAt(fitted: FittedDependenceModel, theta: readonly number[], k: number): { passAtK: number; passHatK: number } {
  const model = dependenceModel(fitted.model);
  const correlation = model.correlation(model.parameter === null ? 0 : model.fromCoordinate(theta[2]));
  const rule = populationRule(logistic(theta[0]), Math.exp(theta[1]), exactNodes(k));
  let wrong = 0;
  let right = 0;
  rule.nodes.forEach((p, i) => {
    wrong += rule.weights[i] * allWrong(p, correlation, k)[k];
    right += rule.weights[i] * allCorrect(p, correlation, k)[k];
  });
  return { passAtK: 1 - wrong, passHatK: right };
}

function logitInterval(
  f: (theta: readonly number[]) => number,
  fitted: FittedDependenceModel,
  covariance: readonly (readonly number[])[],
  z: number,
): [number, number] {
  const value = f(fitted.coordinates);
  if (!(value > 0 && value < 1)) return [value, value];
  const logitF = (theta: readonly number[]) => {
    const v = f(theta);
    return Math.log(v / (1 - v));
  };
  const { variance } = deltaMethod(logitF, fitted.coordinates, fitted.freeCoordinates, covariance);
  const centre = Math.log(value / (1 - value));
  const half = z * Math.sqrt(Math.max(0, variance));
  return [logistic(centre - half), logistic(centre + half)];
}
