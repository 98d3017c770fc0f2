import { studentTQuantile } from '../math/studentT.js';
import { meanAndSe, type MeanAndSe } from '../math/meanAndSe.js';
import type { Interval } from '../intervals/interval.js';

/** B − A over the same tasks, with the paired standard error and interval. */
export interface PairedDifference {
  /** Each side's task average over the compared tasks, with its own SE (sd of its per-task values / √T). */
  readonly baseline: MeanAndSe;
  readonly candidate: MeanAndSe;
  /** mean_t (θ̂_B,t − θ̂_A,t) = candidate − baseline. */
  readonly difference: number;
  /** sd_t(θ̂_B,t − θ̂_A,t)/√T; null with fewer than 2 tasks. */
  readonly se: number | null;
  /** Paired t interval d̄ ± t_{T−1}·SE, clipped to [−1, 1]; null without an SE. */
  readonly interval: Interval | null;
}

/**
 * Paired comparison over tasks: d_t = θ̂_B,t − θ̂_A,t, SE = sd(d)/√T, interval d̄ ± t_{T−1, q}·SE
 * with q = 1 − α/2 (two-sided) or 1 − α (one-sided lower bound; upper = 1): the paired t interval
 * (Student 1908; Miller 2024 §4, "paired differences"). Pairing removes the between-task spread both
 * runs share, so SE(d̄) ≤ √(SE_A² + SE_B²) when per-task values correlate positively.
 * Example (Python reference, test/fixtures/compare/reference.py): a = [1, 0.5, 0], b = [1, 1, 0.5]
 * → d̄ = 1/3, SE = 0.16667, 95 % two-sided [−0.384, 1].
 */
export function pairedDifference(a: Float64Array, b: Float64Array, confidence: number, sides: 1 | 2): PairedDifference {
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = b[i]! - a[i]!;
  const { value, se } = meanAndSe(d);
  return {
    baseline: meanAndSe(a),
    candidate: meanAndSe(b),
    difference: value,
    se,
    interval: se === null ? null : tInterval(value, se, a.length - 1, confidence, sides),
  };
}

/** estimate ± t_{df}·se (two-sided) or [estimate − t_{df}·se, 1] (one-sided), clipped to [−1, 1]. */
export function tInterval(estimate: number, se: number, df: number, confidence: number, sides: 1 | 2): Interval {
  const t = studentTQuantile(sides === 2 ? 1 - (1 - confidence) / 2 : confidence, df);
  return {
    lower: Math.max(-1, estimate - t * se),
    upper: sides === 2 ? Math.min(1, estimate + t * se) : 1,
  };
}
