import type { Interval } from '../intervals/interval.js';

/**
 * An arm counts as sparse when at most this many of its T per-task estimates are above 0 and none
 * is at 1 (or, mirrored, at most this many below 1 and none at 0): its mean then rests on one or two
 * tasks, and the score interval of the difference misses the tasks the sample did not draw. 2 is
 * the smallest count that brings the coverage study's last real miss into [94 %, 97 %] (pass^4 of
 * Kumaraswamy(0.5, 3), n 16, T 30, 1000 fresh datasets: 90.1 % with all-0/all-1 arms only, 92.0 %
 * at ≤ 1, 94.2 % at ≤ 2, 96.4 % at ≤ 3; docs/uncertainty-history.md, cells3 round). A task at 1
 * among them makes the betting bound 1, no information, so 0/1 estimates with 1 or 2 tasks at 1
 * (e.g. pass^10 of 10 trials) keep the interval as before (without that condition pass^10 of
 * uniform tasks, n 10, T 30 went from 98.5 % to 99.5 %, mean width 0.29 to 0.89).
 */
export const SPARSE_ARM_TASKS = 2;

/**
 * Bounds of the difference μ_B − μ_A of two task-averaged pass@k or pass^k where an arm is sparse:
 * at most `sparse` of its per-task estimates above 0 and none at 1, or mirrored (`isSparseArm`,
 * `SPARSE_ARM_TASKS`; 0: only an arm all at 0 or all at 1). The difference's score interval then
 * rests on variance floors and on the spread of one or two tasks, and missed the truth in up to
 * 18 % of datasets (pass^4 of Kumaraswamy(0.5, 3) tasks, n 10, T 10, nearly every task of both
 * agents at 0; n 16, T 30, a few tasks just above 0: 9.9 %).
 *
 * The sparse arm's bounds, valid for every task population (point masses included): the unbiased
 * per-task estimates X_t ∈ [0, 1] of pass@k or pass^k are independent with mean μ, so
 * W = Π_t (1 − X_t)/(1 − μ) has E W = 1 and, by Markov's inequality, P(W ≥ 1/γ) ≤ γ; W ≥ 1/γ is
 * μ ≥ U = 1 − (γ·Π_t (1 − X_t))^{1/T}. Mirrored, Π_t X_t/μ gives μ ≥ L = (γ·Π_t X_t)^{1/T}. This is
 * the capital of a bettor who stakes everything on X below (above) μ, the constant bet of the
 * betting confidence sequences for bounded means (Waudby-Smith & Ramdas 2024, "Estimating means of
 * bounded random variables by betting", JRSS-B 86(1), with λ = 1/(1 − μ)); it is the bet that
 * wins most when the values sit at 0 (1). All at 0, U = 1 − γ^{1/T}: the exact (Clopper & Pearson
 * 1934) upper bound at 0 of T, sharp for tasks at p = 0 and 1 (P(θ̂ = 0) ≤ 1 − μ, the cone round).
 * The other arm's bounds are its task-population interval (`arms`, each side with γ outside).
 * Then, by Bonferroni, μ_B − μ_A ∈ [L_B − U_A, U_B − L_A] with at most 2γ outside on each side: the
 * caller passes γ = half its tail. Taking the other arm's bound (not the trivial 0 or 1) keeps a
 * clear difference clear: against a baseline at 0 on every task, a candidate at 50 % stays
 * significantly better.
 * Returns null when no arm is sparse. `estimatesA`, `estimatesB`: each arm's per-task estimates
 * over the same T tasks; `arms.a`, `arms.b`: each arm's interval, used only where the arm is not
 * sparse (null: [0, 1]).
 * Examples (Python references test/reference/degenerate_arm_reference.py and
 * sparse_arm_reference.py): T = 10, every estimate of both arms 0, γ = 0.0125 →
 * [−(1 − 0.0125^{1/10}), 1 − 0.0125^{1/10}] = [−0.35480, 0.35480]; an arm of 30 tasks with
 * estimates 15/1820 and 70/1820 (pass^4 at 6 and 8 of 16) and 28 zeros, γ = 0.0125:
 * U = 1 − (γ·(1 − 15/1820)(1 − 70/1820))^{1/30} = 0.13727.
 */
export function degenerateArmBounds(
  estimatesA: readonly number[],
  estimatesB: readonly number[],
  arms: { readonly a: Interval | null; readonly b: Interval | null },
  tail: number,
  sparse: number = SPARSE_ARM_TASKS,
): Interval | null {
  const T = estimatesA.length;
  if (T === 0 || estimatesB.length !== T) return null;
  const a = sparseArmBounds(estimatesA, tail, sparse);
  const b = sparseArmBounds(estimatesB, tail, sparse);
  if (a === null && b === null) return null;
  const boundsA = a ?? arms.a ?? { lower: 0, upper: 1 };
  const boundsB = b ?? arms.b ?? { lower: 0, upper: 1 };
  return { lower: boundsB.lower - boundsA.upper, upper: boundsB.upper - boundsA.lower };
}

/**
 * Whether an arm of per-task estimates is sparse: at most `sparse` (`SPARSE_ARM_TASKS`; 0: all at 0
 * or all at 1) of its T estimates above 0 and none at 1, or at most `sparse` below 1 and none at 0.
 */
export function isSparseArm(estimates: readonly number[], sparse: number = SPARSE_ARM_TASKS): boolean {
  const T = estimates.length;
  let aboveZero = 0;
  let belowOne = 0;
  for (const x of estimates) {
    if (x > 0) aboveZero++;
    if (x < 1) belowOne++;
  }
  return T > 0 && ((aboveZero <= sparse && belowOne === T) || (belowOne <= sparse && aboveZero === T));
}

/**
 * [(γ·Π X_t)^{1/T}, 1 − (γ·Π (1 − X_t))^{1/T}] where the arm is sparse (`isSparseArm`; all at 0:
 * [0, 1 − γ^{1/T}]; all at 1: [γ^{1/T}, 1]); else null.
 */
function sparseArmBounds(estimates: readonly number[], tail: number, sparse: number): Interval | null {
  if (!isSparseArm(estimates, sparse)) return null;
  let logProduct = 0;
  let logComplement = 0;
  for (const x of estimates) {
    logProduct += Math.log(x);
    logComplement += Math.log1p(-x);
  }
  const T = estimates.length;
  const logTail = Math.log(tail);
  return { lower: Math.exp((logTail + logProduct) / T), upper: -Math.expm1((logTail + logComplement) / T) };
}
