import { meanAndSe, type MeanAndSe } from '../math/meanAndSe.js';

/** B − A over the same tasks, with the paired standard error. */
export interface PairedDifference {
  /** Each side's task average over the compared tasks, with its own SE (sd of its per-task values / √T). */
  readonly baseline: MeanAndSe;
  readonly candidate: MeanAndSe;
  /** mean_t (θ̂_B,t − θ̂_A,t) = candidate − baseline. */
  readonly difference: number;
  /** sd_t(θ̂_B,t − θ̂_A,t)/√T; null with fewer than 2 tasks. */
  readonly se: number | null;
}

/**
 * Paired comparison over tasks: d_t = θ̂_B,t − θ̂_A,t, d̄ and SE = sd(d)/√T (Miller 2024, "Adding
 * Error Bars to Evals", arXiv:2411.00640, §4, "paired differences"). Pairing removes the
 * between-task spread both runs share, so SE(d̄) ≤ √(SE_A² + SE_B²) when per-task values correlate
 * positively. The interval of the difference is not d̄ ± t·SE (it has zero width when every d_t is
 * equal and under-covers near 0 and 1) but `pairedDifferenceInterval`.
 * Example (Python reference, test/fixtures/compare/reference.py): a = [1, 0.5, 0], b = [1, 1, 0.5]
 * → d̄ = 1/3, SE = 0.16667.
 */
export function pairedDifference(a: Float64Array, b: Float64Array): PairedDifference {
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = b[i]! - a[i]!;
  const { value, se } = meanAndSe(d);
  return { baseline: meanAndSe(a), candidate: meanAndSe(b), difference: value, se };
}
