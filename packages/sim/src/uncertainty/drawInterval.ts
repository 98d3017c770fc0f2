import { studentTQuantile } from '../math/studentT.js';
import { logistic } from '../distributions/logistic.js';
import type { LabelledInterval } from '../intervals/interval.js';
import type { LogitMoments } from './drawLogit.js';

/** Two-sided level of the intervals of a simulation with measured parameters. */
export const DRAW_INTERVAL_LEVEL = 0.95;

/**
 * The variance part of the methods as results name them: the parameter part from the closed form at
 * each block's draw (no Monte Carlo noise in it), or, where no closed form exists, from the spread
 * between blocks, with the degrees of freedom of its t quantile. The method's text is what was drawn
 * (`DRAWN_WORDS`), then this, then the scale (`DRAW_INTERVAL_SCALES`).
 */
export const DRAW_INTERVAL_METHODS = {
  closedForm: { variance: 'closed form over ≤ 100 draws + Monte Carlo', t: 't(draws − 1)' },
  betweenBlocks: { variance: 'variance between blocks (ANOVA) + Monte Carlo', t: 't(blocks − 1)' },
} as const;

/**
 * The scale the interval is normal on, as the method names it: the logit of a probability (delta
 * method), the probability itself when the value sits at 0 or 1 (the logit is infinite there), or
 * the metric's own scale for a metric that is not a probability (cost, latency, attempts); with a
 * closed form at each draw, the logit scale with the parameter part from the draws' logits.
 */
export const DRAW_INTERVAL_SCALES = {
  logit: 'normal on the logit scale (delta method)',
  logitDraws: "normal on the logit scale (mean and variance of the draws' logits; delta method for Monte Carlo)",
  bound: 'normal, cut to [0, 1] (value at 0 or 1, no logit)',
  plain: 'normal',
} as const;

/** What a block draws, as the interval's method names it: a measured verifier's rates, a fitted task population, a fitted retry-dependence model with its tasks. */
export const DRAWN_WORDS = {
  verifier: 'measured rates drawn per block (Jeffreys posteriors)',
  tasks: "task population refitted per block to a bootstrap resample of the log's tasks",
  dependence: "dependence model and tasks redrawn per block (refitted to a bootstrap resample of the log's tasks)",
} as const;

/**
 * The interval for a metric's value at the true (unknown) parameters, from a simulation in which
 * every block of replicates drew the measured parameters from their posteriors: normal with
 * variance V = V_θ + SE²_MC (parameter variance + Monte Carlo variance of the estimate), on the logit
 * scale for a probability, on the metric's own scale otherwise.
 *
 * Formula, with q = t_{0.975, B−1} and v the value:
 * - a probability (`range` [0, 1]) with 0 < v < 1: logistic(logit v ± q·√V/(v(1 − v))): the delta
 *   method, Var(logit v̂) ≈ Var(v̂)/(v(1 − v))² (Casella & Berger 2002, "Statistical Inference",
 *   §5.5.4; the logit interval of a proportion in Brown, Cai & DasGupta 2001, Statist. Sci. 16),
 *   transformed back; it stays inside (0, 1) and is asymmetric near the bounds, where a normal on the
 *   probability scale reached past them and was cut (coverage measured: docs/what-ifs.md,
 *   docs/verifiers.md). Where √V is not small beside min(v, 1 − v) the logit half-width is several
 *   units and the far bound reaches far (first order only: the skew there is not fully carried);
 * - a probability with 0 < v < 1 and the draws' logits given (`logitDraws`: their mean z̄ and variance
 *   Var_b logit f(θ_b), from the closed form f at each block's draw, `exactSpreadOverDraws`):
 *   logistic(z̄ ± q·√(Var_b logit f(θ_b) + SE²_MC/(v(1 − v))²)): a normal fitted to the draws' logits
 *   (mean and variance of the transformed draws, no linearisation; the normal interval of a bootstrap
 *   on a transformed scale, Efron & Tibshirani 1993, "An Introduction to the Bootstrap", §12–13), the
 *   Monte Carlo part by the delta method (conservative: z̄ has no Monte Carlo noise). Centred on z̄,
 *   not logit v: near 0 or 1 the draws' logits are skewed (some draws far closer to the bound than v),
 *   and a spread measured around z̄ laid around logit v reached far to the wrong side (Aider's log,
 *   docs/what-ifs.md). The delta method linearises the logit at v, which near a bound misstates how far
 *   the draws spread (measured: coverage@10 of the first dependent truth, docs/what-ifs.md); where
 *   block values carry Monte Carlo noise (between blocks) it stays;
 * - a probability at v = 0 or 1 (every replicate of every block agreed; the logit is infinite):
 *   v ± q·√V cut to [0, 1], so [0, q·√V] or [1 − q·√V, 1] (a point when V = 0);
 * - any other metric (cost, latency, attempts): v ± q·√V cut to `range`.
 * V = 0 gives the point [v, v] (with the draws' logits: the point logistic(z̄)). V_θ = Var_θ E[metric | θ] comes from the closed form at
 * the B blocks' draws (`exactSpreadOverDraws`) or from the variance components of the blocks
 * (`varianceComponents`); t with B − 1 degrees of freedom for V_θ estimated from B draws; `blocks` is
 * that B; `drawn` names what the blocks drew (`DRAWN_WORDS`). Its coverage is measured, not assumed:
 * bench/measuredVerifierCoverage.mjs, bench/decisions/whatIfCoverage.mjs.
 * Example: value 0.5, V_θ = 0.0009, SE_MC = 0.004, B = 157 → logistic(0 ± 1.9753·0.030265/0.25) =
 * [0.44050, 0.55950]; value 0.05, same V → [0.01473, 0.15632] where the probability scale gave
 * [0, 0.10978]; value 0.97, draws' logits mean 3.2 and variance 0.25, SE_MC = 0.002, B = 100 →
 * [0.90012, 0.98525] (test/reference/draw_interval.py).
 */
export function drawInterval(
  value: number,
  parameterVariance: number,
  monteCarloVariance: number,
  blocks: number,
  range: { min: number; max: number },
  method: keyof typeof DRAW_INTERVAL_METHODS = 'betweenBlocks',
  drawn: string = DRAWN_WORDS.verifier,
  logitDraws: LogitMoments | null = null,
): LabelledInterval {
  const quantile = studentTQuantile(0.5 + DRAW_INTERVAL_LEVEL / 2, blocks - 1);
  const sd = Math.sqrt(parameterVariance + monteCarloVariance);
  const probability = range.min === 0 && range.max === 1;
  const inside = probability && value > 0 && value < 1;
  const scale = !probability ? 'plain' : !inside ? 'bound' : logitDraws === null ? 'logit' : 'logitDraws';
  const { variance, t } = DRAW_INTERVAL_METHODS[method];
  const labelled = (lower: number, upper: number): LabelledInterval => ({
    lower,
    upper,
    level: DRAW_INTERVAL_LEVEL,
    method: `${drawn}; ${variance}; ${DRAW_INTERVAL_SCALES[scale]}, ${t}`,
  });
  if (scale === 'logitDraws') {
    const slope = value * (1 - value);
    const logitSd = Math.sqrt(logitDraws!.variance + monteCarloVariance / (slope * slope));
    const centre = logitDraws!.mean;
    return labelled(logistic(centre - quantile * logitSd), logistic(centre + quantile * logitSd));
  }
  if (sd === 0) return labelled(value, value);
  if (scale === 'logit') {
    const centre = Math.log(value / (1 - value));
    const half = (quantile * sd) / (value * (1 - value));
    return labelled(logistic(centre - half), logistic(centre + half));
  }
  const half = quantile * sd;
  return labelled(Math.max(range.min, value - half), Math.min(range.max, value + half));
}
