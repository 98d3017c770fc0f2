import { betaBinomialLogPmfUnchecked, logChoose } from '../fit/betaBinomialLogPmf.js';
import { logBetaUnchecked } from '../math/logBeta.js';
import type { TaskMetric } from './taskValues.js';

/** Above this n the sums over c = 0..n are replaced by the delta method. */
const EXACT_LIMIT = 5_000;
/** Bound on the running term of `estimatorMoments`' sum before it is rescaled. */
const RESCALE = 1e150;

/**
 * Moments of one task's unbiased estimate when its rate is drawn from Beta(a, b):
 * with C ~ BetaBinomial(n, a, b) and g(C) the unbiased pass^k (for pass@k, 1 − pass^k of the
 * failures, which has the same variance), returns
 *   second = E[g(C)²] = Σ_v BetaBinomial(v; n, a, b)·g(v)²,  first = E[g(C)] = E[G(p)],
 *   squareOfMean = E[G(p)²],  G(p) = p^k (failure side (1 − p)^k for pass@k),
 * with E[p^j] = B(a + j, b)/B(a, b) (Johnson, Kemp & Kotz 2005 §6.7). So E[Var(g | p)] =
 * second − squareOfMean (the trial noise) and Var g(C) = second − first² (tasks and trials).
 * For n > 5 000 the delta method at the mean p̄ = a/(a + b): trial noise G′(p̄)²·p̄(1 − p̄)/n.
 */
export function estimatorMoments(metric: TaskMetric, n: number, k: number, a: number, b: number): { first: number; second: number; squareOfMean: number } {
  const [s, f] = metric === 'passHatK' ? [a, b] : [b, a];
  const logNorm = logBetaUnchecked(s, f);
  const first = Math.exp(logBetaUnchecked(s + k, f) - logNorm);
  const squareOfMean = Math.exp(logBetaUnchecked(s + 2 * k, f) - logNorm);
  if (n > EXACT_LIMIT) {
    const p = s / (s + f);
    const slope = k * p ** (k - 1);
    return { first, squareOfMean, second: squareOfMean + (slope * slope * p * (1 - p)) / n };
  }
  if (k > n) return { first, second: 0, squareOfMean };
  return { first, second: secondMoment(n, k, s, f, betaBinomialLogPmfUnchecked(n, k, s, f) - 2 * logChoose(n, k)), squareOfMean };
}

/**
 * E[g(C)²] of `estimatorMoments` by its O(n) sum from t_k = e^logFirstTerm. A function of its own,
 * without the log-gamma functions: V8 optimises this small loop after a few calls, where compiling
 * all of `estimatorMoments` took ~25 ms (on a 2-core machine), the loop running unoptimised meanwhile.
 */
function secondMoment(n: number, k: number, s: number, f: number, logFirstTerm: number): number {
  // The terms t_v = BetaBinomial(v; n, s, f)·g(v)², g(v) = C(v, k)/C(n, k), from t_k on by their ratio
  //   t_{v+1}/t_v = (n − v)(s + v)/((v + 1)(f + n − v − 1)) · ((v + 1)/(v + 1 − k))²,
  // as multiples of e^scale, scale = log t_k (t_k can be below the smallest double while later terms
  // are not): when the running term passes 1e150 it and the sum (≥ 1 in these units) are divided
  // by it and its log added to scale. Terms falling below 1e-150 of the sum no longer count (their
  // valley, where the beta-binomial is U-shaped, is polynomially deep in n, not 1e-300).
  // One division per term and no log or exp: O(n) per call.
  let scale = logFirstTerm;
  let term = 1;
  let sum = 1;
  for (let v = k; v < n; v++) {
    const up = (v + 1) / (v + 1 - k);
    term *= (((n - v) * (s + v)) / ((v + 1) * (f + (n - v - 1)))) * up * up;
    sum += term;
    if (term > RESCALE) {
      scale += Math.log(term);
      sum /= term;
      term = 1;
    }
  }
  return sum * Math.exp(scale);
}

/**
 * The moments of `estimatorMoments` at a known rate p (no prior): with C ~ Binomial(n, p) and g, G
 * as there (pass@k on the failure side, s = 1 − p; pass^k s = p),
 *   second = E[g(C)²] = Σ_{v ≥ k} Binomial(v; n, s)·(C(v, k)/C(n, k))²,  first = G = s^k,
 * so Var(θ̂ | p) = second − first² (the trial noise at p). Terms in logs (no underflow of a single
 * Binomial(k; n, s) term while later ones count); for n > 5 000 the delta method,
 * second = s^2k + (k·s^(k−1))²·s(1 − s)/n. At s = 0 or 1 the estimate has no noise (second = first²).
 * Example: n = 4, k = 2, p = ½, pass^2: g = C(C, 2)/6, E[g²] = (6·1 + 4·9 + 1·36)/(16·36) = 13/96 (tested).
 */
export function estimatorMomentsAt(metric: TaskMetric, n: number, k: number, p: number): { first: number; second: number } {
  return momentsAt(metric, n, k, p, undefined);
}

/**
 * `estimatorMomentsAt` at each of `points` (the same metric, n and k): the terms' binomial
 * coefficients ln C(n, v) and 2·(ln C(v, k) − ln C(n, k)) are computed once for all the points
 * instead of once per point (2(n − k + 1) log-binomials, not 101 times that on a grid); the same
 * values summed in the same order, so each result is `estimatorMomentsAt`'s to the bit.
 */
export function estimatorMomentsAtPoints(metric: TaskMetric, n: number, k: number, points: readonly number[]): { first: number; second: number }[] {
  let terms: LogTerms | undefined;
  return points.map((p) => momentsAt(metric, n, k, p, (terms ??= exactTerms(n, k) ? logTerms(n, k) : undefined)));
}

/** Per v = k..n (index v − k): ln C(n, v) and 2·(ln C(v, k) − ln C(n, k)), the p-free parts of `momentsAt`'s terms. */
interface LogTerms {
  readonly choose: Float64Array;
  readonly weight: Float64Array;
}

/** True when `momentsAt` sums over v (k ≤ n ≤ `EXACT_LIMIT`) and needs `logTerms`. */
function exactTerms(n: number, k: number): boolean {
  return k <= n && n <= EXACT_LIMIT;
}

/** The `LogTerms` of n and k (k ≤ n): 2(n − k + 1) log-binomials. */
function logTerms(n: number, k: number): LogTerms {
  const logNK = logChoose(n, k);
  const choose = new Float64Array(n - k + 1);
  const weight = new Float64Array(n - k + 1);
  for (let v = k; v <= n; v++) {
    choose[v - k] = logChoose(n, v);
    weight[v - k] = 2 * (logChoose(v, k) - logNK);
  }
  return { choose, weight };
}

/** `estimatorMomentsAt` with the p-free parts of its terms given (`logTerms`; computed here when undefined). */
function momentsAt(metric: TaskMetric, n: number, k: number, p: number, terms: LogTerms | undefined): { first: number; second: number } {
  const s = metric === 'passHatK' ? p : 1 - p;
  const first = s ** k;
  if (s === 0 || s === 1 || k > n) return { first, second: k > n ? 0 : first * first };
  if (n > EXACT_LIMIT) {
    const slope = k * s ** (k - 1);
    return { first, second: first * first + (slope * slope * s * (1 - s)) / n };
  }
  const { choose, weight } = terms ?? logTerms(n, k);
  const logS = Math.log(s);
  const logF = Math.log1p(-s);
  let second = 0;
  for (let v = k; v <= n; v++) second += Math.exp(choose[v - k]! + v * logS + (n - v) * logF + weight[v - k]!);
  return { first, second };
}
