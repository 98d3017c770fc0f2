import { requireInteger, requireUnit } from '../checks.js';
import { emptyAttemptPaths, type AttemptPaths } from './attemptPaths.js';

/**
 * `AttemptPaths` of one task with Markov (sticky) attempts and a verifier with fixed rates, in
 * O(K): with point rates the verdicts can be folded into the chain, whose only state is the last
 * outcome.
 *
 * Formula: c_j, w_j = P(attempts 1..j − 1 rejected, attempt j correct / wrong); c_1 = p, w_1 = 1 − p;
 * with C_j = c_j·FR and W_j = w_j(1 − FA) the rejected mass ending correct / wrong,
 * c_{j+1} = C_j(λ + (1 − λ)p) + W_j(1 − λ)p, w_{j+1} = C_j(1 − λ)(1 − p) + W_j(λ + (1 − λ)(1 − p));
 * acceptedCorrect[j] = c_j(1 − FR), acceptedWrong[j] = w_j·FA (engine semantics: markov {λ}).
 * Example: p = 0.5, λ = 0.5, FA = 0, FR = 0.5: acceptedCorrect = [0, 0.25, 0.15625] (tested).
 */
export function markovPaths(p: number, stickiness: number, falseAccept: number, falseReject: number, maxAttempts: number): AttemptPaths {
  requireUnit('p', p);
  const lambda = requireUnit('stickiness', stickiness);
  requireUnit('falseAccept', falseAccept);
  requireUnit('falseReject', falseReject);
  const K = requireInteger('maxAttempts', maxAttempts, 1);
  const q = 1 - p;
  const stayCorrect = lambda + (1 - lambda) * p;
  const toCorrect = (1 - lambda) * p;
  const stayWrong = lambda + (1 - lambda) * q;
  const toWrong = (1 - lambda) * q;
  const { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong } = emptyAttemptPaths(K);
  let c = p;
  let w = q;
  for (let j = 1; j <= K; j++) {
    acceptedCorrect[j] = c * (1 - falseReject);
    acceptedWrong[j] = w * falseAccept;
    const C = c * falseReject;
    const W = w * (1 - falseAccept);
    rejectedCorrect[j] = C;
    rejectedWrong[j] = W;
    rejected[j] = C + W;
    c = C * stayCorrect + W * toCorrect;
    w = C * toWrong + W * stayWrong;
  }
  return { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong };
}
