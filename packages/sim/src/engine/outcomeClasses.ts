/**
 * The joint law of the first-success index G and the first-failure index F among the first K
 * attempts, as 2K classes of one uniform (either G = 1 or F = 1: the first attempt decides which).
 *
 * Formula: with A_j = P(first j all correct), B_j = P(first j all wrong), the cumulative class
 * probabilities are A_K ≤ A_{K−1} ≤ … ≤ A_1 = p ≤ 1 − B_2 ≤ … ≤ 1 − B_K, so for u uniform
 * P(F > j) = P(u < A_j) and P(G > j) = P(u ≥ 1 − B_j) — exact inversion of both, jointly
 * (class c < K: G = 1, F = K + 1 − c; class c ≥ K: F = 1, G = c − K + 2; K + 1 means "none in K").
 * Example: K = 1 gives thresholds [p]: class 0 (correct: G = 1, F = 2) and class 1 (G = 2, F = 1) (tested).
 */
export function outcomeClassCumulative(allCorrect: ArrayLike<number>, allWrong: ArrayLike<number>, maxAttempts: number, out: Float64Array): void {
  const K = maxAttempts;
  for (let i = 0; i < K; i++) out[i] = allCorrect[K - i];
  for (let j = 2; j <= K; j++) out[K + j - 2] = 1 - allWrong[j];
}

/** Number of outcome classes for K attempts: 2K. */
export function outcomeClassCount(maxAttempts: number): number {
  return 2 * maxAttempts;
}

/** First-success index G (1..K + 1) of outcome class c. */
export function classFirstSuccess(c: number, maxAttempts: number): number {
  return c < maxAttempts ? 1 : c - maxAttempts + 2;
}

/** First-failure index F (1..K + 1) of outcome class c. */
export function classFirstFailure(c: number, maxAttempts: number): number {
  return c < maxAttempts ? maxAttempts + 1 - c : 1;
}
