import type { AttemptCorrelation } from '../scenario/types.js';

/**
 * For one task with success rate p, the probabilities that the first j attempts are all correct
 * (A_j) and all wrong (B_j), j = 1..n, under the attempt correlation model; written to
 * `allCorrect[j]` and `allWrong[j]` (index 0 holds 1).
 *
 * Formula (engine semantics, "Closed forms"): independent A_j = p^j, B_j = (1 − p)^j;
 * exchangeable {icc} with a = p(1/icc − 1), b = (1 − p)(1/icc − 1): A_j = ∏_{i<j} (a + i)/(a + b + i),
 * B_j = ∏_{i<j} (b + i)/(a + b + i) (Pólya urn; icc = 0 is independent); markov {λ}:
 * A_j = p(λ + (1 − λ)p)^{j−1}, B_j = (1 − p)(λ + (1 − λ)(1 − p))^{j−1}; feedback {η}: A_j = p^j,
 * B_j = (1 − p)^j (1 − η)^{j(j−1)/2} (the rate after i failures is 1 − (1 − p)(1 − η)^i); for η < 0
 * B_j = ∏_{i<j} (1 − p(1 + η)^i) (the rate after i failures is p(1 + η)^i).
 * Example: independent p = 0.5, n = 2 → A = B = [1, 0.5, 0.25] (tested).
 */
export function runProbabilities(correlation: AttemptCorrelation, p: number, n: number, allCorrect: Float64Array, allWrong: Float64Array): void {
  allCorrect[0] = 1;
  allWrong[0] = 1;
  let correctFactor = (_i: number) => p;
  let wrongFactor = (_i: number) => 1 - p;
  switch (correlation.model) {
    case 'independent':
      break;
    case 'exchangeable': {
      if (correlation.icc === 0) break;
      const scale = 1 / correlation.icc - 1;
      const a = p * scale;
      const b = (1 - p) * scale;
      correctFactor = (i) => (a + i) / (a + b + i);
      wrongFactor = (i) => (b + i) / (a + b + i);
      break;
    }
    case 'markov': {
      const stay = correlation.stickiness;
      correctFactor = (i) => (i === 0 ? p : stay + (1 - stay) * p);
      wrongFactor = (i) => (i === 0 ? 1 - p : stay + (1 - stay) * (1 - p));
      break;
    }
    case 'feedback': {
      const eta = correlation.afterFailure;
      const keep = 1 - eta;
      wrongFactor = eta >= 0 ? (i) => (1 - p) * keep ** i : (i) => 1 - p * (1 + eta) ** i;
      break;
    }
  }
  for (let j = 1; j <= n; j++) {
    allCorrect[j] = allCorrect[j - 1] * correctFactor(j - 1);
    allWrong[j] = allWrong[j - 1] * wrongFactor(j - 1);
  }
}
