import type { SimulateDocument } from '../results/simulateSchema.js';
import { requireNumber } from './requireNumber.js';

/** The budget a simulate result recommends, and why. */
export interface BestBudget {
  /** Index into `rows`, or null when no budget meets the limit. */
  readonly index: number | null;
  readonly k: number | null;
  /** 'limit': the most delivered correct with delivered wrong ≤ the limit; 'utility': the most correct − wrong. */
  readonly rule: 'limit' | 'utility';
}

/**
 * The best attempt budget k of a simulate result, from its simulated rows.
 * With a limit on wrong delivery: the k with the most delivered correct among those whose
 * delivered wrong ≤ limit (none: null). Without one: the k of the highest utility
 * U(k) = deliveredCorrect(k) − deliveredWrong(k), i.e. a wrong answer delivered costs as much as a
 * correct one earns — the k_opt of a reward with a penalty for wrong answers (Stroebl, Kapoor &
 * Narayanan 2024, "Inference Scaling fLaws"). Ties go to the smaller k (it costs less).
 * Example (the demo's default scenario, 400 replicates): limit 5 % → k = 3 (72.5 % correct, 4.8 % wrong).
 */
export function bestBudget(result: SimulateDocument, maxWrongDelivery: number | null): BestBudget {
  let index: number | null = null;
  let bestScore = -Infinity;
  for (const [i, row] of result.rows.entries()) {
    const correct = requireNumber(row.deliveredCorrect.value, `rows[${i}].deliveredCorrect.value`);
    const wrong = requireNumber(row.deliveredWrong.value, `rows[${i}].deliveredWrong.value`);
    if (maxWrongDelivery !== null && wrong > maxWrongDelivery) continue;
    const score = maxWrongDelivery === null ? correct - wrong : correct;
    if (score > bestScore) {
      bestScore = score;
      index = i;
    }
  }
  return { index, k: index === null ? null : result.rows[index]!.k, rule: maxWrongDelivery === null ? 'utility' : 'limit' };
}
