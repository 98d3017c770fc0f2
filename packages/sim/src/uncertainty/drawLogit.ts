import { meanAndSe } from '../math/meanAndSe.js';

/**
 * The logit of a probability a closed form takes at one draw of the measured parameters, kept
 * within what an estimate from `episodes` episodes can show: ln(p/(1 − p)) clamped to
 * [−ln(2N + 1), ln(2N + 1)], N = episodes. Those bounds are the empirical logit
 * ln((x + ½)/(N − x + ½)) of x = 0 and x = N successes out of N (Haldane 1955, Ann. Hum. Genet. 20;
 * Anscombe 1956, Biometrika 43; Cox & Snell 1989, "Analysis of Binary Data", §2.1.6): a draw at
 * exactly 0 or 1 (or within 1/(2N + 2) of it, where no simulation of N episodes resolves it) counts as
 * that far out, not as ±∞, so one such draw widens the interval without making it the whole of (0, 1).
 * Example: N = 100: p = 0.5 → 0; p = 1 → ln 201 = 5.3033; p = 0.999 → ln 999 = 6.9067, clamped to 5.3033.
 */
export function drawLogit(p: number, episodes: number): number {
  const bound = Math.log(2 * episodes + 1);
  if (!(p > 0)) return -bound;
  if (!(p < 1)) return bound;
  return Math.min(bound, Math.max(-bound, Math.log(p / (1 - p))));
}

/** The mean and sample variance of the draws' logits (`logitMoments`). */
export interface LogitMoments {
  readonly mean: number;
  readonly variance: number;
}

/**
 * The mean and sample variance of the draws' logits: z̄ = Σ_b z_b/B and Var_b logit f(θ_b) =
 * Σ_b (z_b − z̄)²/(B − 1), with z_b = drawLogit(f(θ_b), episodes) (meanAndSe: SE = s/√B, so
 * s² = SE²·B); null with fewer than 2 values.
 * Example: [0.9, 0.95, 0.99, 0.999] with N = 1000 → mean 4.160885, variance 4.354688; [0.2, 1, 0.6]
 * with N = 50 (1 → ln 101) → variance 9.491430 (numpy, test/reference/draw_interval.py).
 */
export function logitMoments(values: readonly number[], episodes: number): LogitMoments | null {
  if (values.length < 2) return null;
  const { value, se } = meanAndSe(values.map((p) => drawLogit(p, episodes)));
  return { mean: value, variance: se! * se! * values.length };
}
