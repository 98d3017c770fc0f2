import { logistic } from '../distributions/logistic.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import type { DependenceModelName } from './types.js';

/**
 * One within-episode dependence model as the fit sees it: its scenario-format parameter (null for
 * independent), the unconstrained coordinate x the optimiser moves (icc and stickiness = σ(x),
 * afterFailure = tanh(x); x = −∞ is the edge 0, resp. −1), the parameter's range, and starts for x.
 */
export interface DependenceModel {
  readonly name: DependenceModelName;
  readonly parameter: 'icc' | 'stickiness' | 'afterFailure' | null;
  readonly range: readonly [number, number];
  readonly fromCoordinate: (x: number) => number;
  readonly toCoordinate: (value: number) => number;
  readonly correlation: (value: number) => AttemptCorrelation;
  readonly starts: readonly number[];
}

const logit = (v: number) => Math.log(v / (1 - v));
const atanh = (v: number) => 0.5 * Math.log((1 + v) / (1 - v));

export const INDEPENDENT: DependenceModel = {
  name: 'independent',
  parameter: null,
  range: [0, 0],
  fromCoordinate: () => 0,
  toCoordinate: () => 0,
  correlation: () => ({ model: 'independent' }),
  starts: [0],
};

/** icc in [0, 1): the Pólya urn of each episode (icc < 1 − 1e-9, where the urn stays finite). */
export const EXCHANGEABLE: DependenceModel = {
  name: 'exchangeable',
  parameter: 'icc',
  range: [0, 1 - 1e-9],
  fromCoordinate: (x) => Math.min(logistic(x), 1 - 1e-9),
  toCoordinate: logit,
  correlation: (icc) => ({ model: 'exchangeable', icc }),
  starts: [-2.5, 0],
};

export const MARKOV: DependenceModel = {
  name: 'markov',
  parameter: 'stickiness',
  range: [0, 1],
  fromCoordinate: logistic,
  toCoordinate: logit,
  correlation: (stickiness) => ({ model: 'markov', stickiness }),
  starts: [-2.5, 0],
};

export const FEEDBACK: DependenceModel = {
  name: 'feedback',
  parameter: 'afterFailure',
  range: [-1, 1],
  fromCoordinate: Math.tanh,
  toCoordinate: atanh,
  correlation: (afterFailure) => ({ model: 'feedback', afterFailure }),
  starts: [-0.5, 0.5],
};

export const DEPENDENCE_MODELS: readonly DependenceModel[] = [INDEPENDENT, EXCHANGEABLE, MARKOV, FEEDBACK];

export function dependenceModel(name: DependenceModelName): DependenceModel {
  return DEPENDENCE_MODELS.find((model) => model.name === name)!;
}
