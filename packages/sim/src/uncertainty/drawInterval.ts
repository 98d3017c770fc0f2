import { studentTQuantile } from '../math/studentT.js';
import type { LabelledInterval } from '../intervals/interval.js';

/** Two-sided level of the intervals of a simulation with measured parameters. */
export const DRAW_INTERVAL_LEVEL = 0.95;

/**
 * The variance part of the methods as results name them: the parameter part from the closed form at
 * each block's draw (no Monte Carlo noise in it), or, where no closed form exists, from the spread
 * between blocks. The method's text is what was drawn (`DRAWN_WORDS`), then this.
 */
export const DRAW_INTERVAL_METHODS = {
  closedForm: 'closed form over ≤ 100 draws + Monte Carlo; normal, t(draws − 1)',
  betweenBlocks: 'variance between blocks (ANOVA) + Monte Carlo; normal, t(blocks − 1)',
} as const;

/** What a block draws, as the interval's method names it: a measured verifier's rates, a fitted task population, a fitted retry-dependence model with its tasks. */
export const DRAWN_WORDS = {
  verifier: 'measured rates drawn per block (Jeffreys posteriors)',
  tasks: "task population refitted per block to a bootstrap resample of the log's tasks",
  dependence: "dependence model and tasks redrawn per block (refitted to a bootstrap resample of the log's tasks)",
} as const;

/**
 * The interval for a metric's value at the true (unknown) parameters, from a simulation in which
 * every block of replicates drew the measured parameters from their posteriors: the estimate ± the
 * quantile times √(parameter variance + Monte Carlo variance of the estimate), cut to `range`.
 *
 * Formula: value ± t_{0.975, B−1}·√(V_θ + SE²_MC) (the posterior of the metric taken as normal, its
 * variance V_θ = Var_θ E[metric | θ] from the closed form at the B blocks' draws, `exactSpreadOverDraws`,
 * or from the variance components of the blocks, `varianceComponents`; t with B − 1 degrees of
 * freedom for V_θ estimated from B draws; `blocks` is that B; `drawn` names what the blocks drew, `DRAWN_WORDS`). Its coverage is measured, not
 * assumed: bench/measuredVerifierCoverage.mjs, docs/verifiers.md.
 * Example: value 0.5, V_θ = 0.0009, SE_MC = 0.004, B = 157 → 0.5 ± 1.9753·0.030265 = [0.4402, 0.5598] (scipy.stats.t.ppf).
 */
export function drawInterval(
  value: number,
  parameterVariance: number,
  monteCarloVariance: number,
  blocks: number,
  range: { min: number; max: number },
  method: keyof typeof DRAW_INTERVAL_METHODS = 'betweenBlocks',
  drawn: string = DRAWN_WORDS.verifier,
): LabelledInterval {
  const half = studentTQuantile(0.5 + DRAW_INTERVAL_LEVEL / 2, blocks - 1) * Math.sqrt(parameterVariance + monteCarloVariance);
  return {
    lower: Math.max(range.min, value - half),
    upper: Math.min(range.max, value + half),
    level: DRAW_INTERVAL_LEVEL,
    method: `${drawn}; ${DRAW_INTERVAL_METHODS[method]}`,
  };
}
