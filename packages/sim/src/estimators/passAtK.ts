import { requireCounts } from '../checks.js';
import { requireK } from '../checkArgs.js';
import { NotEstimableError } from '../errors.js';
import { oneMinusBinomialRatio } from './binomialRatio.js';

/**
 * Unbiased pass@k from n trials with c successes: 1 − C(n − c, k)/C(n, k)
 * (Chen et al. 2021, "Evaluating Large Language Models Trained on Code", eq. 1).
 * Example (seeds): n = 10, c = 3, k = 5 → 1 − 21/252 = 91.67 %.
 * k > n is not estimable from these trials: throws NotEstimableError.
 *
 * @category Building blocks
 * @param n - Trials recorded for the task (integer ≥ 1).
 * @param c - Successes among them (0 ≤ c ≤ n).
 * @param k - Attempts (1 ≤ k ≤ n).
 * @returns The unbiased estimate of P(at least one of k attempts is correct).
 * @example
 * ```ts
 * import { passAtK } from '@passk/sim';
 * console.log(passAtK(10, 3, 5).toFixed(4)); // → 0.9167
 * ```
 */
export function passAtK(n: number, c: number, k: number): number {
  checkEstimable(n, c, k);
  return oneMinusBinomialRatio(n, n - c, k);
}

/** Validate (n, c, k) for the unbiased estimators; k > n throws NotEstimableError. */
export function checkEstimable(n: number, c: number, k: number): void {
  requireCounts(n, c);
  requireK('k', k);
  if (k > n) throw new NotEstimableError('k', `must be ≤ n (${n}): with k > n trials the estimate is not estimable`, k);
}
