import { clopperPearsonBounds } from '../intervals/clopperPearson.js';
import type { Interval } from '../intervals/interval.js';

/**
 * Bounds of the difference μ_B − μ_A of two task-averaged pass@k or pass^k where an arm's per-task
 * estimates are all 0 or all 1 (the difference's score interval then rests on variance floors only,
 * and missed the truth in up to 18 % of datasets: pass^4 of Kumaraswamy(0.5, 3) tasks, n 10, T 10,
 * where nearly every task of both agents is at 0).
 *
 * The degenerate arm's exact bound (valid for every task population, point masses included): the
 * unbiased per-task estimate θ̂ of pass@k or pass^k lies in [0, 1] with mean μ, so μ = E θ̂ ≤ P(θ̂ > 0)
 * and P(θ̂ = 0) ≤ 1 − μ (Markov's inequality on θ̂; equality for tasks at p = 0 or 1 only, so it is
 * sharp). T independent tasks are all at 0 with probability ≤ (1 − μ)^T, ≤ γ for μ ≥ 1 − γ^{1/T}:
 * the exact (Clopper & Pearson 1934) upper bound at 0 of T (`clopperPearsonBounds`); mirrored, all T
 * at 1 gives μ ≥ γ^{1/T}, and the other side is the trivial 0 or 1. The other arm's bounds are its
 * task-population interval (`arms`, each side with γ outside). Then, by Bonferroni,
 * μ_B − μ_A ∈ [L_B − U_A, U_B − L_A] with at most 2γ outside on each side: the caller passes γ = half
 * its tail. Taking the other arm's bound (not the trivial 0 or 1) keeps a clear difference clear:
 * against a baseline at 0 on every task, a candidate at 50 % stays significantly better.
 * Returns null when no arm is all at 0 or all at 1. `estimatesA`, `estimatesB`: each arm's per-task
 * estimates over the same T tasks; `arms.a`, `arms.b`: each arm's interval, used only where the arm
 * is not degenerate (null: [0, 1]).
 * Example (Python reference test/reference/degenerate_arm_reference.py): T = 10, every estimate of
 * both arms 0, γ = 0.0125 → [−(1 − 0.0125^{1/10}), 1 − 0.0125^{1/10}] = [−0.35510, 0.35510].
 */
export function degenerateArmBounds(
  estimatesA: readonly number[],
  estimatesB: readonly number[],
  arms: { readonly a: Interval | null; readonly b: Interval | null },
  tail: number,
): Interval | null {
  const T = estimatesA.length;
  if (T === 0 || estimatesB.length !== T) return null;
  const a = exactArmBounds(estimatesA, tail);
  const b = exactArmBounds(estimatesB, tail);
  if (a === null && b === null) return null;
  const boundsA = a ?? arms.a ?? { lower: 0, upper: 1 };
  const boundsB = b ?? arms.b ?? { lower: 0, upper: 1 };
  return { lower: boundsB.lower - boundsA.upper, upper: boundsB.upper - boundsA.lower };
}

/** All at 0: [0, 1 − γ^{1/T}]; all at 1: [γ^{1/T}, 1] (Clopper–Pearson at 0 or T of T); else null. */
function exactArmBounds(estimates: readonly number[], tail: number): Interval | null {
  const T = estimates.length;
  if (estimates.every((x) => x === 0)) return { lower: 0, upper: clopperPearsonBounds(T, 0, tail).upper };
  if (estimates.every((x) => x === 1)) return { lower: clopperPearsonBounds(T, T, tail).lower, upper: 1 };
  return null;
}
