import { allWrong } from '../analytic/allWrong.js';
import { feedbackStep } from '../analytic/feedbackRate.js';
import { PATTERN_ATTEMPTS_LIMIT, patternProbabilities } from '../engine/outcomePatterns.js';
import type { AttemptCorrelation } from '../scenario/types.js';
import type { EpisodeStopping } from './types.js';

/**
 * log P(episode | p) for every episode of one data set at one success rate p, from the same code
 * the simulator and its closed forms use, so that a fitted model and `simulate` agree by
 * construction: 'fixed' episodes of up to PATTERN_ATTEMPTS_LIMIT attempts from the engine's pattern
 * law (`patternProbabilities`: the product of drawOutcomes' conditional rates), longer ones by that
 * product directly; 'untilSuccess' episodes from the closed form of P(attempts 1..j all fail)
 * W_j (`allWrong`, against which the simulator is tested): F^{j−1}S has probability W_{j−1} − W_j,
 * F^L has W_L. The stop at
 * the first success depends only on observed outcomes, so the likelihood of the observed prefix is
 * the full likelihood (the stopping rule is ignorable; Berger & Wolpert 1988, "The Likelihood
 * Principle", §4.2).
 * Example: independent p = 0.5, fixed [true, false] → log 0.25; untilSuccess [false, true] → log 0.25.
 */
export class EpisodeProbabilities {
  private readonly stopping: EpisodeStopping;
  private readonly maxLength: number;
  /** Per length L ≤ PATTERN_ATTEMPTS_LIMIT: the 2^L pattern probabilities at the current p. */
  private readonly tables = new Map<number, Float64Array>();
  private correlation: AttemptCorrelation = { model: 'independent' };
  private p = 0;
  private wrong: Float64Array | null = null;

  constructor(stopping: EpisodeStopping, maxLength: number) {
    this.stopping = stopping;
    this.maxLength = maxLength;
  }

  /** Moves to rate p under `correlation` (recomputes the tables). */
  at(p: number, correlation: AttemptCorrelation): this {
    this.p = p;
    this.correlation = correlation;
    if (this.stopping === 'untilSuccess') this.wrong = allWrong(p, correlation, this.maxLength);
    else for (const [length, table] of this.tables) patternProbabilities(correlation, p, length, table);
    return this;
  }

  /** log P(episode | p) at the current p. */
  logProbability(episode: readonly boolean[]): number {
    const L = episode.length;
    if (this.stopping === 'untilSuccess') {
      const W = this.wrong!;
      return Math.log(episode[L - 1] ? W[L - 1] - W[L] : W[L]);
    }
    if (L > PATTERN_ATTEMPTS_LIMIT) return sequenceLogProbability(this.correlation, this.p, episode);
    let table = this.tables.get(L);
    if (table === undefined) {
      table = new Float64Array(2 ** L);
      patternProbabilities(this.correlation, this.p, L, table);
      this.tables.set(L, table);
    }
    let m = 0;
    for (let j = 0; j < L; j++) if (episode[j]) m |= 1 << j;
    return Math.log(table[m]);
  }
}

/**
 * log P(X_1..X_L = outcomes | p) as the product of the conditional rates of `drawOutcomes`
 * (docs/design.md §3): independent p; exchangeable (a + s)/(ν + j), ν = 1/icc − 1, a = pν;
 * markov p, then λ·x_{j−1} + (1 − λ)p; feedback p, moved by `feedbackStep` after each failure.
 */
export function sequenceLogProbability(correlation: AttemptCorrelation, p: number, outcomes: readonly boolean[]): number {
  let log = 0;
  let successes = 0;
  let rate = p;
  const nu = correlation.model === 'exchangeable' && correlation.icc > 0 ? 1 / correlation.icc - 1 : 0;
  for (let j = 0; j < outcomes.length; j++) {
    let q = p;
    if (nu > 0) q = (p * nu + successes) / (nu + j);
    else if (correlation.model === 'markov' && j > 0) q = correlation.stickiness * (outcomes[j - 1] ? 1 : 0) + (1 - correlation.stickiness) * p;
    else if (correlation.model === 'feedback') q = rate;
    log += Math.log(outcomes[j] ? q : 1 - q);
    if (outcomes[j]) successes++;
    else if (correlation.model === 'feedback') rate = feedbackStep(rate, correlation.afterFailure);
  }
  return log;
}
