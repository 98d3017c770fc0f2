import { requireCounts, requireOpenUnit, requirePositive } from '../checks.js';
import { InputError } from '../errors.js';
import { requireK } from '../checkArgs.js';
import { betaQuantile, betaQuantileComplement } from '../math/betaQuantile.js';
import type { Interval } from './interval.js';
import { atLeastOneSuccess } from '../math/atLeastOneSuccess.js';

/** Parameters of a Beta(a, b) distribution. */
export interface BetaParameters {
  readonly a: number;
  readonly b: number;
}

/** A prior for p: Beta(a, b), a, b > 0. */
export type BetaPrior = BetaParameters;

/** Jeffreys' prior Beta(½, ½) (Brown, Cai & DasGupta 2001, §4.1.2). */
export const JEFFREYS_PRIOR: BetaPrior = Object.freeze({ a: 0.5, b: 0.5 });
/** The uniform prior Beta(1, 1) (Bayes–Laplace). */
export const UNIFORM_PRIOR: BetaPrior = Object.freeze({ a: 1, b: 1 });

/** Options of `betaPosterior`: the prior, the credible level and k. */
export interface BetaPosteriorOptions {
  prior: BetaPrior;
  /** Credible level in (0, 1) of the equal-tailed intervals. */
  confidence: number;
  /** Number of attempts k for pass^k and pass@k (integer ≥ 1). */
  k: number;
}

/** Posterior mean and equal-tailed credible interval of one quantity. */
export interface PosteriorSummary extends Interval {
  mean: number;
}

/** What `betaPosterior` returns: the Beta posterior of p and the posterior means and credible intervals of p, pass@k and pass^k. */
export interface BetaPosteriorSummary {
  prior: BetaPrior;
  posterior: BetaParameters;
  confidence: number;
  k: number;
  /** The success probability p. */
  p: PosteriorSummary;
  /** pass^k = p^k. */
  passHatK: PosteriorSummary;
  /** pass@k = 1 − (1 − p)^k. */
  passAtK: PosteriorSummary;
}

/**
 * The Bayesian view of one task: prior Beta(a, b) and n trials with c successes give the posterior
 * Beta(a′, b′) = Beta(a + c, b + n − c) (conjugacy). Means from the Beta moments,
 * E[p^k] = ∏_{j<k} (a′ + j)/(a′ + b′ + j),  E[1 − (1 − p)^k] = 1 − ∏_{j<k} (b′ + j)/(a′ + b′ + j)
 * (= B(a′ + k, b′)/B(a′, b′) and 1 − B(a′, b′ + k)/B(a′, b′), docs/design.md §3); the equal-tailed credible
 * interval for p maps through the increasing transforms p^k and 1 − (1 − p)^k.
 * n = 0 is allowed (the posterior is then the prior).
 * Example: betaPosterior(30, 27, { prior: UNIFORM_PRIOR, confidence: 0.95, k: 8 }) has posterior
 * Beta(28, 4), p.mean = 28/32 = 0.875 and passHatK.mean = ∏_{j<8} (28 + j)/(32 + j) = 0.38254854044327746.
 */
export function betaPosterior(n: number, c: number, options: BetaPosteriorOptions): BetaPosteriorSummary {
  requireCounts(n, c);
  if (typeof options !== 'object' || options === null) throw new InputError('options', 'must be an object', options);
  const { prior, confidence, k } = options;
  if (typeof prior !== 'object' || prior === null) throw new InputError('prior', 'must be an object { a, b }', prior);
  const a = requirePositive('prior.a', prior.a);
  const b = requirePositive('prior.b', prior.b);
  requireOpenUnit('confidence', confidence);
  requireK('k', k);

  const aPost = a + c;
  const bPost = b + (n - c); // n − c first: exact, where b + n − c would round b away when b ≪ n
  const tail = (1 - confidence) / 2;
  const lower = betaQuantile(tail, aPost, bPost);
  const upper = betaQuantileComplement(tail, aPost, bPost);

  let allCorrect = 1; // E[p^k]
  let logAllWrong = 0; // ln E[(1 − p)^k]
  for (let j = 0; j < k; j++) {
    allCorrect *= (aPost + j) / (aPost + bPost + j);
    logAllWrong += Math.log1p(-aPost / (aPost + bPost + j));
  }
  return {
    prior: Object.freeze({ a, b }),
    posterior: Object.freeze({ a: aPost, b: bPost }),
    confidence,
    k,
    p: { mean: aPost / (aPost + bPost), lower, upper },
    passHatK: { mean: allCorrect, lower: Math.pow(lower, k), upper: Math.pow(upper, k) },
    passAtK: { mean: -Math.expm1(logAllWrong), lower: atLeastOneSuccess(lower, k), upper: atLeastOneSuccess(upper, k) },
  };
}
