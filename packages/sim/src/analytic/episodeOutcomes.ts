import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import type { PolicySpec } from '../scenario/types.js';
import type { AttemptPaths } from './attemptPaths.js';

/** Expected outcomes of one task's episode per attempt budget k (index k = 1..K; index 0 unused). */
export interface EpisodeOutcomes {
  readonly deliveredCorrect: Float64Array;
  readonly deliveredWrong: Float64Array;
  readonly abstained: Float64Array;
  /** E[attempts started]. */
  readonly attempts: Float64Array;
  /** E[rounds started] (latency in rounds). */
  readonly rounds: Float64Array;
}

/** The policy shape and how the delivered attempt is chosen. */
export interface EpisodeOptions {
  readonly mode: PolicySpec['mode'];
  /** Attempts per round in mode batches (ignored otherwise: 1 for sequential, k for parallel). */
  readonly batchSize: number;
  readonly onNoAccept: PolicySpec['onNoAccept'];
  /**
   * firstAccepted: the episode delivers its first accepted attempt (also what random, majority
   * vote and best score deliver whenever they cannot tell accepted attempts apart).
   * oracle: a correct started attempt if any, else like firstAccepted.
   */
  readonly delivery: 'firstAccepted' | 'oracle';
}

/**
 * Expected delivery, attempts and rounds of one task's episode for every budget k = 1..K, for a
 * policy without cost budget that ends at the first round holding an accepted attempt
 * (engine semantics, "Policy"). Rounds have size b (1 sequential, k parallel, batchSize batches).
 *
 * Formula: with R = ⌈k/b⌉ rounds, round r starting after b(r − 1) attempts, all rejected w.p.
 * rejected[b(r − 1)]: attempts = Σ_r rejected[b(r − 1)]·min(b, k − b(r − 1)), rounds = Σ_r rejected[b(r − 1)].
 * firstAccepted: correct = Σ_{j≤k} acceptedCorrect[j] (+ rejectedCorrect[k] with deliverLast), wrong
 * alike, abstain = rejected[k] (0 with deliverLast). oracle (all started wrong ⇒ like firstAccepted):
 * with n_r = min(br, k) and ρ(i) = E[(1 − FA)^i], P(all started wrong, a wrong accepted) =
 * Σ_{r≤R} allWrong[n_r]·(ρ(b(r − 1)) − ρ(n_r)), P(all wrong, none accepted) = allWrong[k]·ρ(k);
 * correct = 1 − both (parallel: 1 − allWrong[k] = coverage@k).
 * Example: sequential firstAccepted abstain, p = 0.5 independent, FA = 0.1, FR = 0.2, k = 2:
 * correct = 0.4 + 0.22 = 0.62, wrong = 0.05 + 0.0275 = 0.0775, abstain = 0.3025, attempts = 1.55 (tested).
 */
export function episodeOutcomes(paths: AttemptPaths, allWrong: Float64Array, wrongRejected: Float64Array, options: EpisodeOptions): EpisodeOutcomes {
  const K = paths.rejected.length - 1;
  requireInteger('paths.rejected.length', K + 1, 2);
  if (!(allWrong.length > K)) throw new InputError('allWrong', `must have length > ${K}`, allWrong.length);
  if (!(wrongRejected.length > K)) throw new InputError('wrongRejected', `must have length > ${K}`, wrongRejected.length);
  const { mode, onNoAccept, delivery } = options;
  const fixedSize = mode === 'sequential' ? 1 : mode === 'batches' ? requireInteger('batchSize', options.batchSize, 1) : 0;
  const last = onNoAccept === 'deliverLast';
  const { rejected, acceptedCorrect, acceptedWrong, rejectedCorrect, rejectedWrong } = paths;

  // Prefix sums over full rounds of size fixedSize (unused in parallel, where k is one round).
  const fullRounds = fixedSize > 0 ? Math.floor(K / fixedSize) : 0;
  const reachPrefix = new Float64Array(fullRounds + 1); // Σ_{r'≤r} rejected[b(r' − 1)]
  const oraclePrefix = new Float64Array(fullRounds + 1); // Σ_{r'≤r} allWrong[br']·(ρ(b(r' − 1)) − ρ(br'))
  for (let r = 1; r <= fullRounds; r++) {
    const start = fixedSize * (r - 1);
    const end = fixedSize * r;
    reachPrefix[r] = reachPrefix[r - 1] + rejected[start];
    oraclePrefix[r] = oraclePrefix[r - 1] + allWrong[end] * (wrongRejected[start] - wrongRejected[end]);
  }

  const out: EpisodeOutcomes = {
    deliveredCorrect: new Float64Array(K + 1),
    deliveredWrong: new Float64Array(K + 1),
    abstained: new Float64Array(K + 1),
    attempts: new Float64Array(K + 1),
    rounds: new Float64Array(K + 1),
  };
  let firstCorrect = 0;
  let firstWrong = 0;
  for (let k = 1; k <= K; k++) {
    firstCorrect += acceptedCorrect[k];
    firstWrong += acceptedWrong[k];
    const b = fixedSize > 0 ? fixedSize : k;
    const R = Math.ceil(k / b);
    const lastStart = b * (R - 1); // attempts before the last round
    const earlierReach = fixedSize > 0 ? reachPrefix[R - 1] : 0;
    out.attempts[k] = b * earlierReach + (k - lastStart) * rejected[lastStart];
    out.rounds[k] = earlierReach + rejected[lastStart];
    if (delivery === 'firstAccepted') {
      out.deliveredCorrect[k] = firstCorrect + (last ? rejectedCorrect[k] : 0);
      out.deliveredWrong[k] = firstWrong + (last ? rejectedWrong[k] : 0);
      out.abstained[k] = last ? 0 : rejected[k];
    } else {
      const earlierOracle = fixedSize > 0 ? oraclePrefix[R - 1] : 0;
      const wrongAccepted = earlierOracle + allWrong[k] * (wrongRejected[lastStart] - wrongRejected[k]);
      const noneAccepted = allWrong[k] * wrongRejected[k];
      out.deliveredCorrect[k] = 1 - wrongAccepted - noneAccepted;
      out.deliveredWrong[k] = wrongAccepted + (last ? noneAccepted : 0);
      out.abstained[k] = last ? 0 : noneAccepted;
    }
  }
  return out;
}
