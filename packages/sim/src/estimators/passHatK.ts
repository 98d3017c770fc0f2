import { binomialRatio } from './binomialRatio.js';
import { checkEstimable } from './passAtK.js';

/**
 * Unbiased pass^k from n trials with c successes: C(c, k)/C(n, k)
 * (Yao et al. 2024, τ-bench, https://arxiv.org/abs/2406.12045).
 * Example (seeds): n = 10, c = 7, k = 3 → 35/120 = 29.17 %.
 * k > n is not estimable from these trials: throws NotEstimableError.
 *
 * @category Building blocks
 * @param n - Trials recorded for the task (integer ≥ 1).
 * @param c - Successes among them (0 ≤ c ≤ n).
 * @param k - Attempts (1 ≤ k ≤ n).
 * @returns The unbiased estimate of P(all k attempts are correct).
 * @example
 * ```ts
 * import { passHatK } from '@passk/sim';
 * console.log(passHatK(10, 7, 3).toFixed(4)); // → 0.2917
 * ```
 */
export function passHatK(n: number, c: number, k: number): number {
  checkEstimable(n, c, k);
  return binomialRatio(n, c, k);
}
