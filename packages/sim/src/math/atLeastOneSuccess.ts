/**
 * 1 − (1 − p)^k: the probability that at least one of k independent tries, each successful with
 * probability p, succeeds (pass@k of a task with rate p; Kulal et al. 2019, Chen et al. 2021). The
 * one place the library computes it, as −expm1(k·log1p(−p)) (Higham 2002, "Accuracy and Stability
 * of Numerical Algorithms", §1.14.1, on log1p and expm1): for p near 0 the subtraction 1 − (1 − p)^k
 * would cancel (it returns 0 for p = 1e−17 where the value is k·1e−17); near 1 it keeps the digits of
 * the small (1 − p)^k. Exact at p = 0 (0) and p = 1 (1 for k ≥ 1); k = 0 gives 0. No argument checks
 * (callers check): p in [0, 1], k ≥ 0. Checked against 50-digit decimal arithmetic at
 * p = 1e−12, 1e−6, 0.5 and 1 − 1e−9 (test/reference/at_least_one_reference.py).
 * Example: p = 0.3, k = 10 → 1 − 0.7^10 = 0.9717524751.
 */
export function atLeastOneSuccess(p: number, k: number): number {
  if (k === 0) return 0;
  return p === 1 ? 1 : -Math.expm1(k * Math.log1p(-p));
}
