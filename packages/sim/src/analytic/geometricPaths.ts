import { requireInteger, requireUnit } from '../checks.js';
import { emptyAttemptPaths, type AttemptPaths } from './attemptPaths.js';

/**
 * `AttemptPaths` of one task with independent attempts and a verifier with fixed rates: every
 * attempt is accepted-correct w.p. a, accepted-wrong w.p. b and rejected w.p. β, independently.
 *
 * Formula: a = p(1 − FR), b = (1 − p)FA, β = 1 − a − b = p·FR + (1 − p)(1 − FA);
 * rejected[j] = β^j, acceptedCorrect[j] = a·β^{j−1}, acceptedWrong[j] = b·β^{j−1},
 * rejectedCorrect[j] = p·FR·β^{j−1}, rejectedWrong[j] = (1 − p)(1 − FA)·β^{j−1}; summed over
 * j ≤ K they give docs/design.md §3's P(correct) = a(1 − β^K)/(1 − β), P(abstain) = β^K.
 * Example: p = 0.5, FA = 0.1, FR = 0.2: a = 0.4, b = 0.05, β = 0.55, acceptedCorrect[2] = 0.22 (tested).
 */
export function geometricPaths(p: number, falseAccept: number, falseReject: number, maxAttempts: number): AttemptPaths {
  requireUnit('p', p);
  requireUnit('falseAccept', falseAccept);
  requireUnit('falseReject', falseReject);
  const K = requireInteger('maxAttempts', maxAttempts, 1);
  const q = 1 - p;
  const a = p * (1 - falseReject);
  const b = q * falseAccept;
  const rc = p * falseReject;
  const rw = q * (1 - falseAccept);
  const beta = rc + rw;
  const { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong } = emptyAttemptPaths(K);
  for (let j = 1; j <= K; j++) {
    const before = Math.pow(beta, j - 1);
    rejected[j] = Math.pow(beta, j);
    acceptedCorrect[j] = a * before;
    acceptedWrong[j] = b * before;
    rejectedCorrect[j] = rc * before;
    rejectedWrong[j] = rw * before;
  }
  return { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong };
}
