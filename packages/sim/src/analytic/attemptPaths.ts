import { requireInteger, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import { feedbackRates } from './feedbackRate.js';
import { requireCorrelation } from './requireCorrelation.js';
import type { VerifierMoments } from './verifierMoments.js';

/**
 * The law of one task's attempt sequence up to its first accepted attempt, j = 1..K (index 0 of
 * the per-attempt arrays is 0). Every policy without a cost budget whose episode ends at the
 * first round holding an accepted attempt is a function of these (see `episodeOutcomes`).
 */
export interface AttemptPaths {
  /** rejected[j], j = 0..K: P(attempts 1..j all rejected); rejected[0] = 1. */
  readonly rejected: Float64Array;
  /** acceptedCorrect[j]: P(attempts 1..j − 1 rejected, attempt j correct and accepted). */
  readonly acceptedCorrect: Float64Array;
  /** acceptedWrong[j]: P(attempts 1..j − 1 rejected, attempt j wrong and accepted). */
  readonly acceptedWrong: Float64Array;
  /** rejectedCorrect[j]: P(attempts 1..j − 1 rejected, attempt j correct and rejected). */
  readonly rejectedCorrect: Float64Array;
  /** rejectedWrong[j]: P(attempts 1..j − 1 rejected, attempt j wrong and rejected). */
  readonly rejectedWrong: Float64Array;
}

/** `AttemptPaths` arrays of length K + 1, all 0 but rejected[0] = 1 (no attempt yet: nothing rejected). */
export function emptyAttemptPaths(K: number): AttemptPaths {
  const rejected = new Float64Array(K + 1);
  rejected[0] = 1;
  const zeros = () => new Float64Array(K + 1);
  return { rejected, acceptedCorrect: zeros(), acceptedWrong: zeros(), rejectedCorrect: zeros(), rejectedWrong: zeros() };
}

/**
 * `AttemptPaths` of one task for any correlation model and any verifier (point or Beta rates), by
 * dynamic programming over attempts (engine semantics, "Closed forms").
 *
 * Formula: the state after j attempts is (s = number correct, last outcome); the next attempt is
 * correct w.p. π(j, s, last): independent p; exchangeable (a + s)/(a + b + j) (Pólya urn);
 * markov p at j = 0, then λ·last + (1 − λ)p; feedback 1 − (1 − p)(1 − η)^{j−s} (η ≥ 0) or
 * p(1 + η)^{j−s} (η < 0, `feedbackRates`). A path with s
 * correct and j − s wrong attempts all rejected has verdict probability E[FR^s]·E[(1 − FA)^{j−s}]
 * (`verifierMoments`), so the verdicts need no state of their own. O(K²) time.
 * Example: p = 0.5, independent, FA = 0, FR = 0.5, K = 2: acceptedCorrect = [0, 0.25, 0.1875],
 * rejected = [1, 0.75, 0.5625] (tested).
 */
export function attemptPaths(p: number, correlation: AttemptCorrelation, verifier: VerifierMoments, maxAttempts: number): AttemptPaths {
  requireUnit('p', p);
  requireCorrelation('correlation', correlation);
  const K = requireInteger('maxAttempts', maxAttempts, 1);
  if (!(verifier?.correctRejected?.length > K && verifier.wrongRejected?.length > K)) {
    throw new InputError('verifier', `must hold moments up to ${K} (verifierMoments(..., maxAttempts))`, verifier?.correctRejected?.length);
  }
  const { correctRejected: cR, correctRejectedThenAccepted: cA, wrongRejected: wR, wrongRejectedThenAccepted: wA } = verifier;
  const chances = chanceRows(p, correlation, K);
  const lasts = correlation.model === 'markov' ? 2 : 1;

  const { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong } = emptyAttemptPaths(K);
  // mass[last][s]: P(the first j outcomes have s correct and end in `last`), verdicts not included.
  let mass = [new Float64Array(K + 1), new Float64Array(K + 1)];
  let next = [new Float64Array(K + 1), new Float64Array(K + 1)];
  mass[0][0] = 1;
  const success = [new Float64Array(K + 1), new Float64Array(K + 1)];
  const failure = [new Float64Array(K + 1), new Float64Array(K + 1)];
  for (let j = 0; j < K; j++) {
    let ac = 0;
    let aw = 0;
    let rc = 0;
    let rw = 0;
    for (let last = 0; last < lasts; last++) {
      const from = mass[last];
      const up = success[last];
      const down = failure[last];
      chances(j, last, up, down);
      for (let s = 0; s <= j; s++) {
        const w = j - s;
        const c = from[s] * up[s];
        const f = from[s] * down[s];
        const cs = cR[s];
        const ws = wR[w];
        ac += c * cA[s] * ws;
        rc += c * cR[s + 1] * ws;
        aw += f * cs * wA[w];
        rw += f * cs * wR[w + 1];
      }
    }
    acceptedCorrect[j + 1] = ac;
    acceptedWrong[j + 1] = aw;
    rejectedCorrect[j + 1] = rc;
    rejectedWrong[j + 1] = rw;
    rejected[j + 1] = rc + rw;
    // Move the outcome mass on by one attempt (written as a pull, no loop-carried stores).
    const [m0, m1] = mass;
    const [n0, n1] = next;
    const [up0, up1] = success;
    const [down0, down1] = failure;
    if (lasts === 1) {
      n0[0] = m0[0] * down0[0];
      for (let s = 1; s <= j; s++) n0[s] = m0[s - 1] * up0[s - 1] + m0[s] * down0[s];
      n0[j + 1] = m0[j] * up0[j];
    } else {
      n1[0] = 0;
      for (let s = 1; s <= j + 1; s++) n1[s] = m0[s - 1] * up0[s - 1] + m1[s - 1] * up1[s - 1];
      for (let s = 0; s <= j; s++) n0[s] = m0[s] * down0[s] + m1[s] * down1[s];
      n0[j + 1] = 0;
    }
    [mass, next] = [next, mass];
  }
  return { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong };
}

/** Fills success[s] = π(j, s, last) and failure[s] = 1 − π for s = 0..j. */
type ChanceRow = (j: number, last: number, success: Float64Array, failure: Float64Array) => void;

/**
 * π(j, s, last): P(attempt j + 1 correct | j attempts so far, s of them correct, the last one
 * `last`), and 1 − π written out so that it keeps its relative precision when π is near 1.
 */
function chanceRows(p: number, correlation: AttemptCorrelation, K: number): ChanceRow {
  const q = 1 - p;
  switch (correlation.model) {
    case 'independent':
      return (j, _last, success, failure) => {
        success.fill(p, 0, j + 1);
        failure.fill(q, 0, j + 1);
      };
    case 'exchangeable': {
      if (correlation.icc === 0) return chanceRows(p, { model: 'independent' }, K);
      const nu = 1 / correlation.icc - 1;
      const a = p * nu;
      const b = q * nu;
      const ab = a + b;
      return (j, _last, success, failure) => {
        const scale = 1 / (ab + j);
        for (let s = 0; s <= j; s++) {
          success[s] = (a + s) * scale;
          failure[s] = (b + j - s) * scale;
        }
      };
    }
    case 'markov': {
      const lambda = correlation.stickiness;
      const fresh = (1 - lambda) * p;
      const freshWrong = (1 - lambda) * q;
      return (j, last, success, failure) => {
        const pi = j === 0 ? p : last === 1 ? lambda + fresh : fresh;
        const notPi = j === 0 ? q : last === 0 ? lambda + freshWrong : freshWrong;
        success.fill(pi, 0, j + 1);
        failure.fill(notPi, 0, j + 1);
      };
    }
    case 'feedback': {
      // After w = j − s failures the rate is 1 − (1 − p)(1 − η)^w (η ≥ 0) or p(1 + η)^w (η < 0).
      const rates = feedbackRates(p, correlation.afterFailure, K);
      return (j, _last, success, failure) => {
        for (let s = 0; s <= j; s++) {
          failure[s] = rates.failure[j - s];
          success[s] = rates.success[j - s];
        }
      };
    }
  }
}
