import { requireInteger } from '../checks.js';
import type { Scenario } from '../scenario/types.js';
import { budgetCaps, type BudgetCaps } from './budgetCaps.js';

/** Which exact values a scenario has (per budget k, index k − 1), and the attempt cap of a constant-cost budget. */
export interface ExactSupport {
  /**
   * The number of attempts a cost budget lets start, when it is a plain cap (constant cost per
   * attempt): budget k then behaves as budget min(k, attemptCap). Infinity when nothing caps.
   */
  readonly attemptCap: number;
  /** deliveredCorrect, deliveredWrong, abstained exact at budget k. */
  readonly delivery: readonly boolean[];
  /** attempts, cost (and rounds) exact: the episode ends at the first round holding an accepted attempt. */
  readonly attempts: boolean;
  /** latency exact at budget k. */
  readonly latency: readonly boolean[];
  /** The budgets in attempts (`budgetCaps`), null when random amounts decide. */
  readonly caps: BudgetCaps | null;
  /** P(over a cap) and the mean overshoot exact (with `attempts`, rounds of one). */
  readonly overCap: boolean;
}

/**
 * Which closed forms exist for a scenario (engine semantics, "Closed forms"; coverage and passHat
 * always do). Delivery and attempts need budgets that are plain caps in attempts (`budgetCaps`:
 * none, or constant amounts, counted with the running sums in float64 as the engine sums them;
 * a latency cap or hard mode with rounds of one), and a selector that stops at the first round with an accepted attempt
 * (all but bestScore with a threshold).
 * Delivery is then exact for firstAccepted and oracle; for random when attempts are independent or
 * exchangeable (given q the accepted attempts are iid), and for random, majorityVote and bestScore
 * without threshold whenever the accepted attempts of a round cannot differ in correctness: rounds
 * of one attempt (sequential, batchSize 1, k = 1) or a verifier that accepts only correct (FA = 0)
 * or only wrong (FR = 1) attempts; they all deliver the first accepted attempt's correctness then.
 * Latency: constant latency (or lognormal with sigma 0) → rounds × value; lognormal → only with
 * rounds of one attempt (the max over a round has no simple closed form).
 * Example: the default scenario (sequential, firstAccepted, lognormal cost, no budget) has every value exact (tested).
 */
export function exactSupport(scenario: Scenario): ExactSupport {
  const { policy, selector, verifier, attempts } = scenario;
  const K = requireInteger('policy.maxAttempts', policy.maxAttempts, 1);
  const caps = budgetCaps(scenario);
  const stops = selector.kind !== 'bestScore' || selector.threshold === null;
  const ok = caps !== null && stops;
  const effectiveCap = caps?.complete ?? Infinity;
  const fa = verifier.perfect ? { dist: 'point', p: 0 } : verifier.falseAccept;
  const fr = verifier.perfect ? { dist: 'point', p: 0 } : verifier.falseReject;
  const uniformAccepted = (fa.dist === 'point' && fa.p === 0) || (fr.dist === 'point' && fr.p === 1);
  const model = attempts.correlation.model;
  const iidGivenTask = model === 'independent' || model === 'exchangeable';
  const constantLatency = attempts.latency.dist === 'constant' || (attempts.latency.dist === 'lognormal' && attempts.latency.sigma === 0);
  const delivery: boolean[] = [];
  const latency: boolean[] = [];
  for (let k = 1; k <= K; k++) {
    const kk = Math.min(k, effectiveCap);
    const roundsOfOne = policy.mode === 'sequential' || (policy.mode === 'batches' && policy.batchSize === 1) || kk === 1;
    let exact: boolean;
    switch (selector.kind) {
      case 'firstAccepted':
      case 'oracle':
        exact = true;
        break;
      case 'random':
        exact = iidGivenTask || roundsOfOne || uniformAccepted;
        break;
      case 'majorityVote':
        exact = roundsOfOne || uniformAccepted;
        break;
      case 'bestScore':
        exact = selector.threshold === null && (roundsOfOne || uniformAccepted);
        break;
    }
    delivery.push(ok && exact);
    latency.push(ok && (constantLatency || roundsOfOne));
  }
  return { attemptCap: effectiveCap, caps, delivery, attempts: ok, latency, overCap: ok && caps.overKnown };
}
