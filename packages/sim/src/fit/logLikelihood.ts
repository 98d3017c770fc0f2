import { betaRisingFactorials, mixtureLogPmf } from './mixtureLogPmf.js';
import type { MixtureParameters } from './mixtureParameters.js';
import type { TaskCell } from './taskCells.js';

/**
 * The log-likelihood of per-task counts under the (inflated) beta-binomial: tasks are
 * independent, each with its own n, so ℓ = Σ_t ln P(c_t; n_t) = Σ_cells tasks·ln P(c; n)
 * (`mixtureLogPmf`; Skellam 1948 for the beta-binomial likelihood with unequal n). The rising
 * factorials' shared parts are computed once per call (`betaRisingFactorials`, same values).
 * Example (τ-bench airline counts, n = 4, c = 0×14, 1×12, 2×10, 3×4, 4×10) at Beta(0.6418, 0.8575):
 * ℓ = −78.9754837 (sum of scipy.stats.betabinom.logpmf; tested).
 */
export function logLikelihood(cells: readonly TaskCell[], params: MixtureParameters): number {
  let sum = 0;
  const rising = betaRisingFactorials(params);
  for (const cell of cells) sum += cell.tasks * mixtureLogPmf(params, cell.n, cell.c, cell.logChoose, rising);
  return sum;
}
