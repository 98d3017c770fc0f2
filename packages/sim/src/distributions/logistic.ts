/**
 * The logistic function σ(x) = 1/(1 + e^{−x}), evaluated without overflow for either sign of x.
 *
 * Formula: x ≥ 0: 1/(1 + e^{−x}); x < 0: e^{x}/(1 + e^{x}) (same value, no e^{+large}).
 * Example: logistic(0) = 0.5; logistic(2) = 0.8807970779778823 (scipy.special.expit(2)).
 */
export function logistic(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}
