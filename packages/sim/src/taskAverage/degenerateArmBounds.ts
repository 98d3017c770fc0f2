import { clopperPearsonBounds } from '../intervals/clopperPearson.js';
import type { Interval } from '../intervals/interval.js';

/**
 * Exact bounds of the difference μ_B − μ_A of two task-averaged pass@k or pass^k where an arm's
 * per-task estimates are all 0 or all 1 (the difference's score interval then rests on variance
 * floors only, and missed the truth in up to 18 % of datasets: pass^4 of Kumaraswamy(0.5, 3) tasks,
 * n 10, T 10, where nearly every task of both agents is at 0).
 *
 * The argument (valid for every task population, point masses included): the unbiased per-task
 * estimate θ̂ of pass@k or pass^k lies in [0, 1] with mean μ, so μ = E θ̂ ≤ P(θ̂ > 0) and
 * P(θ̂ = 0) ≤ 1 − μ (Markov's inequality on θ̂; equality for tasks at p = 0 or 1 only, so the bound
 * is sharp). T independent tasks are all at 0 with probability ≤ (1 − μ)^T, which is ≤ γ for
 * μ ≥ 1 − γ^{1/T}: the exact (Clopper–Pearson, 1934) upper bound at 0 of T, `clopperPearsonBounds`.
 * Mirrored, P(θ̂ = 1) ≤ μ, so all T at 1 bounds μ ≥ γ^{1/T}. The difference inherits each arm's bound
 * because the other arm's mean lies in [0, 1]: B all at 0 gives μ_B − μ_A ≤ μ_B ≤ 1 − γ^{1/T}; A all
 * at 1 gives μ_B − μ_A ≤ 1 − μ_A ≤ 1 − γ^{1/T}; A all at 0 gives μ_B − μ_A ≥ −(1 − γ^{1/T}); B all at
 * 1 gives μ_B − μ_A ≥ γ^{1/T} − 1. The upper bound then misses only when that arm's mean is beyond
 * its exact bound and every task of it is at 0 (or 1), probability ≤ γ; so the interval of the
 * difference reaches at least to these bounds (`tail` = γ, α/2 two-sided).
 * Returns the bounds implied ([-1, 1] on a side no arm constrains), or null when no arm is all at 0
 * or all at 1. `estimatesA`, `estimatesB`: each arm's per-task estimates over the same T tasks.
 * Example (Python reference test/reference/degenerate_arm_reference.py): T = 10, every estimate of
 * both arms 0, γ = 0.025 → [−0.30849, 0.30849].
 */
export function degenerateArmBounds(estimatesA: readonly number[], estimatesB: readonly number[], tail: number): Interval | null {
  const T = estimatesA.length;
  if (T === 0 || estimatesB.length !== T) return null;
  const reach = clopperPearsonBounds(T, 0, tail).upper; // 1 − γ^{1/T}
  const allAt = (xs: readonly number[], value: number) => xs.every((x) => x === value);
  const upperBound = allAt(estimatesB, 0) || allAt(estimatesA, 1);
  const lowerBound = allAt(estimatesA, 0) || allAt(estimatesB, 1);
  if (!upperBound && !lowerBound) return null;
  return { lower: lowerBound ? -reach : -1, upper: upperBound ? reach : 1 };
}
