import { requireInteger, requirePositive, requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { RateSpec } from '../scenario/types.js';

/**
 * Moments of a verifier's rejection probabilities, i = 0..n, for a task whose rates are points or
 * drawn from their Betas independently of p and of the attempts. Probabilities of a run of
 * verdicts depend on the rates only through these: a path with s correct and w wrong attempts all
 * rejected has probability E[FR^s]·E[(1 − FA)^w] times that of its outcomes.
 */
export interface VerifierMoments {
  /** correctRejected[i] = E[FR^i]. */
  readonly correctRejected: Float64Array;
  /** correctRejectedThenAccepted[i] = E[FR^i·(1 − FR)]. */
  readonly correctRejectedThenAccepted: Float64Array;
  /** wrongRejected[i] = E[(1 − FA)^i]. */
  readonly wrongRejected: Float64Array;
  /** wrongRejectedThenAccepted[i] = E[(1 − FA)^i·FA]. */
  readonly wrongRejectedThenAccepted: Float64Array;
  /** The two rates when both are points (verdicts then independent given the outcomes), else null. */
  readonly point: { readonly falseAccept: number; readonly falseReject: number } | null;
}

/**
 * E[X^i] and E[X^i(1 − X)] for i = 0..n of the rejection probabilities X = FR (a correct attempt)
 * and X = 1 − FA (a wrong one).
 *
 * Formula: point x → x^i and x^i(1 − x); X ~ Beta(a, b) → E[X^i] = ∏_{j<i} (a + j)/(a + b + j)
 * and E[X^i(1 − X)] = E[X^i]·b/(a + b + i) (B(a + i, b + 1)/B(a, b); Johnson, Kotz & Balakrishnan,
 * "Continuous Univariate Distributions" vol. 2, ch. 25); FA ~ Beta(a, b) ⇒ 1 − FA ~ Beta(b, a).
 * Example: falseReject Beta(2, 6): E[FR] = 0.25, E[FR(1 − FR)] = 1/6, E[FR²] = 1/12 (tested).
 */
export function verifierMoments(falseAccept: RateSpec, falseReject: RateSpec, n: number): VerifierMoments {
  requireInteger('n', n, 0);
  const fa = requireRate('falseAccept', falseAccept);
  const fr = requireRate('falseReject', falseReject);
  const correct = moments(fr, n);
  const wrong = moments(fa.dist === 'point' ? { dist: 'point', p: 1 - fa.p } : { dist: 'beta', a: fa.b, b: fa.a }, n);
  return {
    correctRejected: correct.power,
    correctRejectedThenAccepted: correct.powerTimesComplement,
    wrongRejected: wrong.power,
    wrongRejectedThenAccepted: wrong.powerTimesComplement,
    point: fa.dist === 'point' && fr.dist === 'point' ? { falseAccept: fa.p, falseReject: fr.p } : null,
  };
}

function requireRate(where: string, rate: RateSpec): RateSpec {
  if (rate?.dist === 'point') requireUnit(`${where}.p`, rate.p);
  else if (rate?.dist === 'beta') {
    requirePositive(`${where}.a`, rate.a);
    requirePositive(`${where}.b`, rate.b);
  } else throw new InputError(`${where}.dist`, 'must be point or beta', (rate as { dist?: unknown } | null)?.dist);
  return rate;
}

function moments(rate: RateSpec, n: number): { power: Float64Array; powerTimesComplement: Float64Array } {
  const power = new Float64Array(n + 1);
  const powerTimesComplement = new Float64Array(n + 1);
  if (rate.dist === 'point') {
    const x = rate.p;
    for (let i = 0; i <= n; i++) {
      power[i] = Math.pow(x, i);
      powerTimesComplement[i] = power[i] * (1 - x);
    }
    return { power, powerTimesComplement };
  }
  const { a, b } = rate;
  power[0] = 1;
  for (let i = 0; i <= n; i++) {
    if (i > 0) power[i] = (power[i - 1] * (a + i - 1)) / (a + b + i - 1);
    powerTimesComplement[i] = (power[i] * b) / (a + b + i);
  }
  return { power, powerTimesComplement };
}
