import { requireCounts, requireInteger } from '../checks.js';
import { requireKs, requireObject } from '../checkArgs.js';
import { NotEstimableError } from '../errors.js';
import { betaPosterior, type BetaPrior } from '../intervals/betaPosterior.js';
import { passAtKInterval, passHatKInterval } from '../intervals/mappedIntervals.js';
import { proportionInterval, type IntervalOptions, type ProportionInterval } from '../intervals/proportionInterval.js';
import { binomialRatio, oneMinusBinomialRatio } from './binomialRatio.js';
import { pluginValues } from './plugin.js';
import type { Interval } from '../intervals/interval.js';

/** Options of `estimateTask`: the ks, the interval for p and the prior of the Bayesian view. */
export interface EstimateTaskOptions {
  /** The k values to report, each 1 ≤ k ≤ n. */
  readonly ks: readonly number[];
  /** Interval for p; pass@k and pass^k intervals are its monotone images. */
  readonly interval: IntervalOptions;
  /** Prior of the Bayesian view (Beta(a, b)). */
  readonly prior: BetaPrior;
}

/** One k of a `TaskEstimate`: unbiased and plug-in pass@k and pass^k, with intervals mapped from the interval for p. */
export interface TaskEstimateRow {
  readonly k: number;
  /** Unbiased: 1 − C(n−c, k)/C(n, k) and C(c, k)/C(n, k). */
  readonly passAtK: number;
  readonly passHatK: number;
  /** Plug-in (biased): 1 − (1 − c/n)^k and (c/n)^k. */
  readonly plugin: { readonly passAtK: number; readonly passHatK: number };
  /** The interval for p mapped through 1 − (1 − p)^k and p^k. */
  readonly passAtKInterval: Interval;
  readonly passHatKInterval: Interval;
  /** Posterior mean and equal-tailed credible interval of 1 − (1 − p)^k and p^k. */
  readonly bayes: {
    readonly passAtK: { readonly mean: number } & Interval;
    readonly passHatK: { readonly mean: number } & Interval;
  };
}

/** What `estimateTask` returns for one task of n trials with c correct: p with its interval, one row per k, and the Beta posterior view. */
export interface TaskEstimate {
  readonly n: number;
  readonly c: number;
  readonly p: ProportionInterval;
  readonly bayes: {
    readonly prior: BetaPrior;
    readonly posterior: BetaPrior;
    readonly confidence: number;
    readonly p: { readonly mean: number } & Interval;
  };
  readonly rows: readonly TaskEstimateRow[];
}

/**
 * Everything the seeds' calculator shows for one task observed n times with c successes:
 * p with its interval, and per k the unbiased and plug-in pass@k / pass^k with the intervals
 * mapped from p and the Bayesian posterior view.
 * Example (seeds): n = 30, c = 27, k = 8, Wilson 95 % two-sided → p ∈ [74.4 %, 96.5 %],
 * pass^8 = 37.9 % (plug-in 43.0 %) with interval [9.4 %, 75.5 %].
 */
export function estimateTask(n: number, c: number, options: EstimateTaskOptions): TaskEstimate {
  requireCounts(n, c);
  requireInteger('n', n, 1);
  requireObject('options', options);
  for (const k of requireKs('ks', options.ks)) {
    if (k > n) throw new NotEstimableError('k', `must be ≤ n (${n}): pass@k and pass^k with k > n are not estimable from ${n} trials`, k);
  }
  const p = proportionInterval(n, c, options.interval);
  const rows = options.ks.map((k) => {
    const posterior = betaPosterior(n, c, { prior: options.prior, confidence: options.interval.confidence, k });
    return {
      k,
      passAtK: oneMinusBinomialRatio(n, n - c, k),
      passHatK: binomialRatio(n, c, k),
      plugin: pluginValues(n, c, k),
      passAtKInterval: passAtKInterval(p, k),
      passHatKInterval: passHatKInterval(p, k),
      bayes: { passAtK: posterior.passAtK, passHatK: posterior.passHatK },
    };
  });
  const view = betaPosterior(n, c, { prior: options.prior, confidence: options.interval.confidence, k: 1 });
  return {
    n,
    c,
    p,
    bayes: { prior: view.prior, posterior: view.posterior, confidence: options.interval.confidence, p: view.p },
    rows,
  };
}
