import type { AttemptCorrelation } from '../scenario/types.js';
import { attemptPaths, type AttemptPaths } from './attemptPaths.js';
import { geometricPaths } from './geometricPaths.js';
import { markovPaths } from './markovPaths.js';
import type { VerifierMoments } from './verifierMoments.js';

/**
 * `AttemptPaths` of one task by the cheapest exact route: the geometric closed form for
 * independent attempts with point verifier rates (`geometricPaths`, O(K)), the folded chain for
 * markov with point rates (`markovPaths`, O(K)), otherwise the general dynamic programme
 * (`attemptPaths`, O(K²)). All three agree to rounding (tested).
 * Example: p = 0.5, independent, FA = 0.1, FR = 0.2 → geometricPaths(0.5, 0.1, 0.2, K) (tested).
 */
export function taskPaths(p: number, correlation: AttemptCorrelation, verifier: VerifierMoments, maxAttempts: number): AttemptPaths {
  const point = verifier.point;
  if (point !== null) {
    const independent = correlation.model === 'independent' || (correlation.model === 'exchangeable' && correlation.icc === 0);
    if (independent) return geometricPaths(p, point.falseAccept, point.falseReject, maxAttempts);
    if (correlation.model === 'markov') {
      return markovPaths(p, correlation.stickiness, point.falseAccept, point.falseReject, maxAttempts);
    }
  }
  return attemptPaths(p, correlation, verifier, maxAttempts);
}
