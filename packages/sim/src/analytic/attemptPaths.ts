import { requireInteger, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { AttemptCorrelation } from '../scenario/types.js';
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

/**
 * `AttemptPaths` of one task for any correlation model and any verifier (point or Beta rates), by
 * dynamic programming over attempts (engine semantics, "Closed forms").
 *
 * Formula: the state after j attempts is (s = number correct, last outcome); the next attempt is
 * correct w.p. π(j, s, last): independent p; exchangeable (a + s)/(a + b + j) (Pólya urn);
 * markov p at j = 0, then λ·last + (1 − λ)p; feedback 1 − (1 − p)(1 − η)^{j−s}. A path with s
 * correct and j − s wrong attempts all rejected has verdict probability E[FR^s]·E[(1 − FA)^{j−s}]
 * (`verifierMoments`), so the verdicts need no state of their own. O(K²) time.
 * Example: p = 0.5, independent, FA = 0, FR = 0.5, K = 2: acceptedCorrect = [0, 0.25, 0.1875],
 * rejected = [1, 0.75, 0.5625] (tested).
 */
export function attemptPaths(
  p: number,
  correlation: AttemptCorrelation,
  verifier: VerifierMoments,
  maxAttempts: number,
): AttemptPaths {
  requireUnit('p', p);
  requireCorrelation('correlation', correlation);
  const K = requireInteger('maxAttempts', maxAttempts, 1);
  if (!(verifier?.correctRejected?.length > K && verifier.wrongRejected?.length > K)) {
    throw new InputError('verifier', `must hold moments up to ${K} (verifierMoments(..., maxAttempts))`, verifier?.correctRejected?.length);
  }
  const { correctRejected: cR, correctRejectedThenAccepted: cA, wrongRejected: wR, wrongRejectedThenAccepted: wA } = verifier;
  const success = successChance(p, correlation);
  const failure = failureChance(p, correlation);
  const lasts = correlation.model === 'markov' ? 2 : 1;

  const rejected = new Float64Array(K + 1);
  const acceptedCorrect = new Float64Array(K + 1);
  const acceptedWrong = new Float64Array(K + 1);
  const rejectedCorrect = new Float64Array(K + 1);
  const rejectedWrong = new Float64Array(K + 1);
  rejected[0] = 1;
  // mass[last][s]: P(the first j outcomes have s correct and end in `last`), verdicts not included.
  let mass = [new Float64Array(K + 1), new Float64Array(K + 1)];
  let next = [new Float64Array(K + 1), new Float64Array(K + 1)];
  mass[0][0] = 1;
  for (let j = 0; j < K; j++) {
    next[0].fill(0, 0, j + 2);
    next[1].fill(0, 0, j + 2);
    let ac = 0;
    let aw = 0;
    let rc = 0;
    let rw = 0;
    for (let last = 0; last < lasts; last++) {
      const from = mass[last];
      for (let s = 0; s <= j; s++) {
        const m = from[s];
        if (m === 0) continue;
        const w = j - s;
        const c = m * success(j, s, last);
        const f = m * failure(j, s, last);
        ac += c * cA[s] * wR[w];
        rc += c * cR[s + 1] * wR[w];
        aw += f * cR[s] * wA[w];
        rw += f * cR[s] * wR[w + 1];
        next[lasts - 1][s + 1] += c;
        next[0][s] += f;
      }
    }
    acceptedCorrect[j + 1] = ac;
    acceptedWrong[j + 1] = aw;
    rejectedCorrect[j + 1] = rc;
    rejectedWrong[j + 1] = rw;
    rejected[j + 1] = rc + rw;
    [mass, next] = [next, mass];
  }
  return { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong };
}

type Chance = (j: number, s: number, last: number) => number;

/** π(j, s, last): P(attempt j + 1 correct | j attempts so far, s of them correct, the last one `last`). */
function successChance(p: number, correlation: AttemptCorrelation): Chance {
  switch (correlation.model) {
    case 'independent':
      return () => p;
    case 'exchangeable': {
      if (correlation.icc === 0) return () => p;
      const nu = 1 / correlation.icc - 1;
      const a = p * nu;
      const ab = a + (1 - p) * nu;
      return (j, s) => (a + s) / (ab + j);
    }
    case 'markov': {
      const lambda = correlation.stickiness;
      const fresh = (1 - lambda) * p;
      return (j, _s, last) => (j === 0 ? p : last === 1 ? lambda + fresh : fresh);
    }
    case 'feedback': {
      const keep = 1 - correlation.afterFailure;
      return (j, s) => 1 - (1 - p) * Math.pow(keep, j - s);
    }
  }
}

/** 1 − π(j, s, last), written out so that it keeps its relative precision when π is near 1. */
function failureChance(p: number, correlation: AttemptCorrelation): Chance {
  const q = 1 - p;
  switch (correlation.model) {
    case 'independent':
      return () => q;
    case 'exchangeable': {
      if (correlation.icc === 0) return () => q;
      const nu = 1 / correlation.icc - 1;
      const b = q * nu;
      const ab = p * nu + b;
      return (j, s) => (b + j - s) / (ab + j);
    }
    case 'markov': {
      const lambda = correlation.stickiness;
      const fresh = (1 - lambda) * q;
      return (j, _s, last) => (j === 0 ? q : last === 0 ? lambda + fresh : fresh);
    }
    case 'feedback': {
      const keep = 1 - correlation.afterFailure;
      return (j, s) => q * Math.pow(keep, j - s);
    }
  }
}
