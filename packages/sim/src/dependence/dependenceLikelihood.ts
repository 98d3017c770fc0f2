import { logistic } from '../distributions/logistic.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import type { EpisodeData } from './episodeData.js';
import { EpisodeProbabilities } from './episodeProbabilities.js';
import { exactNodes, populationRule } from './populationRule.js';

/**
 * The coordinates the fit moves: θ = (logit mean, ln s, x) of the task population
 * p_t ~ Beta(mean·s, (1 − mean)·s) and the dependence model's coordinate x.
 */
export type Coordinates = readonly number[];

/**
 * Log-likelihood of attempt-ordered episodes under a task population and a within-episode model:
 * ℓ = Σ_t log ∫ Π_{e ∈ t} P(e | p, model) Beta(p; mean·s, (1 − mean)·s) dp, all episodes of a task
 * sharing its p (docs/design.md's two layers: the Beta is the between-task spread, the model the
 * dependence within an episode). The integral by Gauss–Jacobi quadrature (`populationRule`), exact
 * for these polynomial integrands; the sum over nodes in log space (no underflow for long tasks).
 * Example: one task, one fixed episode [true], s = ∞, mean 0.3 → log 0.3.
 */
export function dependenceLogLikelihood(data: EpisodeData, mean: number, concentration: number, correlation: AttemptCorrelation): number {
  const rule = populationRule(mean, concentration, exactNodes(data.maxTaskAttempts));
  const probabilities = new EpisodeProbabilities(data.stopping, data.maxLength);
  const n = rule.nodes.length;
  const groups = data.groups;
  const terms = groups.map(() => new Float64Array(n));
  const values = new Float64Array(data.distinct.length);
  for (let i = 0; i < n; i++) {
    probabilities.at(rule.nodes[i], correlation);
    // Each distinct episode once per node, then each group sums its episodes' values.
    data.distinct.forEach((episode, d) => (values[d] = probabilities.logProbability(episode)));
    const logWeight = Math.log(rule.weights[i]);
    groups.forEach((group, g) => {
      let sum = logWeight;
      for (let k = 0; k < group.distinct.length; k++) sum += group.multiplicity[k] * values[group.distinct[k]];
      terms[g][i] = sum;
    });
  }
  let total = 0;
  groups.forEach((group, g) => {
    total += group.count * logSumExp(terms[g]);
  });
  return total;
}

/** ℓ at coordinates θ = (logit mean, ln s, x) for a model's correlation(x). */
export function logLikelihoodAt(data: EpisodeData, theta: Coordinates, correlation: (x: number) => AttemptCorrelation): number {
  return dependenceLogLikelihood(data, logistic(theta[0]), Math.exp(theta[1]), correlation(theta[2]));
}

function logSumExp(values: Float64Array): number {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  return max + Math.log(sum);
}
