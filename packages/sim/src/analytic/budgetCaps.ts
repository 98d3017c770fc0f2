import type { Scenario } from '../scenario/types.js';

/**
 * What the budgets of a scenario do to the attempts of an episode, when that is the same for every
 * episode: constant amounts (cost u = cost + verifier.cost and latency v per attempt, or lognormal
 * with σ = 0), so the spend and elapsed latency after j completed attempts are fixed numbers.
 */
export interface BudgetCaps {
  /**
   * Attempts that complete: budget k delivers as the policy with maxAttempts min(k, complete)
   * (soft mode: the attempts that start; hard mode: those before the cut-off one). Infinity: no cap.
   */
  readonly complete: number;
  /**
   * Hard mode: the attempt cut off at a cap (index complete + 1) and the cost and latency it adds
   * (null: the amount is paid in full, its expectation), or null when none is cut off.
   */
  readonly cut: { readonly cost: number | null; readonly latency: number | null } | null;
  /** Whether the over-cap figures below are exact (rounds of one; in rounds of several they are not derived). */
  readonly overKnown: boolean;
  /** Soft mode: the started attempt that ends above the cost cap (it is the last) and by how much, or null. */
  readonly costOver: { readonly attempt: number; readonly excess: number } | null;
  /** Soft mode: likewise for the latency cap. */
  readonly latencyOver: { readonly attempt: number; readonly excess: number } | null;
}

/** No cap can stop an episode of at most this many attempts before its end. */
const NO_CAP: BudgetCaps = { complete: Infinity, cut: null, overKnown: true, costOver: null, latencyOver: null };

/**
 * The caps of `scenario.policy.budget` in attempts, or null when they depend on random amounts
 * (lognormal cost with a cost cap, lognormal latency with a latency cap) or, for a latency cap or
 * hard mode, on rounds of several attempts (only rounds of one are covered: a round's latency is
 * the max over its attempts).
 *
 * Formula (engine semantics, "Budgets"): with S_j = Σ_{i≤j} u and L_j = j·v summed in float64 as
 * the engine sums them, attempt j starts iff S_{j−1} < cost cap and L_{j−1} < latency cap. Soft:
 * the first attempt A that cannot be followed (S_A ≥ cap or L_A ≥ deadline) is the last; it ends
 * above a cap by S_A − cap (L_A − deadline) when that is > 0. Hard: attempt j completes iff
 * S_j ≤ cap and L_j ≤ deadline; the first that does not is cut off (cost cap − S_{j−1} when the
 * cost crosses, else u; latency deadline − L_{j−1} when the latency crosses, else v).
 * Example: u = 0.3, cap 1, soft: attempts 1..4 start (S_3 = 0.9 < 1), the 4th ends at 1.2, 0.2 over;
 * hard: 3 complete, the 4th is cut off at 0.1 (tested).
 */
export function budgetCaps(scenario: Scenario): BudgetCaps | null {
  const { cost: costCap, latency: latencyCap, mode } = scenario.policy.budget;
  if (costCap === null && latencyCap === null) return NO_CAP;
  const u = constantAmount(scenario.attempts.cost);
  const v = constantAmount(scenario.attempts.latency);
  if ((costCap !== null && u === null) || (latencyCap !== null && v === null)) return null;
  const roundsOfOne = scenario.policy.batchSize === 1;
  if ((latencyCap !== null || mode === 'hard') && !roundsOfOne) return null;
  const each = (u ?? 0) + (scenario.verifier.perfect ? 0 : scenario.verifier.cost);
  const limit = scenario.policy.maxAttempts;
  const costLimit = costCap ?? Infinity;
  const latencyLimit = latencyCap ?? Infinity;
  let spend = 0;
  let elapsed = 0;
  for (let j = 1; j <= limit; j++) {
    if (!(spend < costLimit && elapsed < latencyLimit)) return { ...NO_CAP, complete: j - 1, overKnown: roundsOfOne };
    const nextSpend = spend + each;
    const nextElapsed = elapsed + (v ?? 0);
    if (mode === 'hard' && (nextSpend > costLimit || nextElapsed > latencyLimit)) {
      return {
        ...NO_CAP,
        complete: j - 1,
        cut: { cost: nextSpend > costLimit ? costLimit - spend : null, latency: nextElapsed > latencyLimit ? latencyLimit - elapsed : null },
      };
    }
    spend = nextSpend;
    elapsed = nextElapsed;
    if (mode === 'soft' && !(spend < costLimit && elapsed < latencyLimit)) {
      return {
        complete: j,
        cut: null,
        overKnown: roundsOfOne,
        costOver: spend > costLimit ? { attempt: j, excess: spend - costLimit } : null,
        latencyOver: elapsed > latencyLimit ? { attempt: j, excess: elapsed - latencyLimit } : null,
      };
    }
  }
  return { ...NO_CAP, overKnown: roundsOfOne }; // the caps never bind within maxAttempts
}

/** The value of a per-attempt amount that does not vary (constant, or lognormal with σ = 0), else null. */
function constantAmount(amount: Scenario['attempts']['cost']): number | null {
  if (amount.dist === 'constant') return amount.value;
  if (amount.dist === 'lognormal' && amount.sigma === 0) return amount.median;
  return null;
}
