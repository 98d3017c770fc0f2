import { requireCounts } from '../checks.js';
import { requireK } from '../checkArgs.js';
import { NotEstimableError } from '../errors.js';
import { oneMinusBinomialRatio } from './binomialRatio.js';

/**
 * Unbiased pass@k from n trials with c successes: 1 − C(n − c, k)/C(n, k)
 * (Chen et al. 2021, "Evaluating Large Language Models Trained on Code", eq. 1).
 * Example (seeds): n = 10, c = 3, k = 5 → 1 − 21/252 = 91.67 %.
 * k > n is not estimable from these trials: throws NotEstimableError.
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
