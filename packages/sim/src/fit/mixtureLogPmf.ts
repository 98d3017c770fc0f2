import { logChoose } from './betaBinomialLogPmf.js';
import { LogRisingFactorials, logRisingFactorial } from './logRisingFactorial.js';
import type { MixtureParameters } from './mixtureParameters.js';

/**
 * ln P(c; n) under the zero/one-inflated beta-binomial (`MixtureParameters`), 0 ≤ c ≤ n, n ≥ 1.
 *
 * Formula: ln(π0·1[c = 0] + π1·1[c = n] + w·BB(c; n, a, b)), BB in rising factorials
 * (`betaBinomialLogPmf`), summed in log space; the beta component's limits exactly:
 * concentration ∞ → ln C(n, c) + c ln mean + (n − c) ln(1 − mean) (binomial), concentration 0 →
 * ln(1 − mean) at c = 0, ln mean at c = n, −∞ between.
 * Example: π0 = 0.2, π1 = 0.1, w = 0.7, Beta(2, 3), n = 4: P(0) = 0.2 + 0.7·3/14 = 0.35, so
 * ln 0.35 = −1.0498221244986778 (scipy: log(0.2 + 0.7*betabinom.pmf(0, 4, 2, 3)); tested).
 * Internal: the caller validates n and c (and may pass ln C(n, c) when it has it).
 */
export function mixtureLogPmf(params: MixtureParameters, n: number, c: number, logChooseNC = logChoose(n, c), rising: BetaRisingFactorials | null = null): number {
  let log = params.logWeight + betaComponentLogPmf(params, n, c, logChooseNC, rising);
  if (c === 0) log = logAdd(log, params.logPi0);
  if (c === n) log = logAdd(log, params.logPi1);
  return log;
}

/**
 * The rising factorials of one parameter point's a, b and a + b, for the many (n, c) of a
 * likelihood (`LogRisingFactorials`: the same values as `logRisingFactorial`, bit for bit). null
 * at the limits s = 0 and s = ∞, which need none.
 */
export interface BetaRisingFactorials {
  readonly a: LogRisingFactorials;
  readonly b: LogRisingFactorials;
  readonly s: LogRisingFactorials;
}

export function betaRisingFactorials(params: MixtureParameters): BetaRisingFactorials | null {
  const s = params.concentration;
  if (s === Infinity || s === 0) return null;
  return { a: new LogRisingFactorials(params.mean * s), b: new LogRisingFactorials(Math.exp(params.logOneMinusMean) * s), s: new LogRisingFactorials(s) };
}

/** ln BB(c; n, mean·s, (1 − mean)·s) with its limits at s = ∞ (binomial) and s = 0 (two points). */
function betaComponentLogPmf(params: MixtureParameters, n: number, c: number, logChooseNC: number, rising: BetaRisingFactorials | null): number {
  const s = params.concentration;
  if (s === Infinity) {
    const successes = c === 0 ? 0 : c * params.logMean;
    const failures = c === n ? 0 : (n - c) * params.logOneMinusMean;
    return logChooseNC + successes + failures;
  }
  if (s === 0) {
    if (c === 0) return params.logOneMinusMean;
    return c === n ? params.logMean : -Infinity;
  }
  if (rising !== null) return logChooseNC + rising.a.at(c) + rising.b.at(n - c) - rising.s.at(n);
  const a = params.mean * s;
  const b = Math.exp(params.logOneMinusMean) * s;
  return logChooseNC + logRisingFactorial(a, c) + logRisingFactorial(b, n - c) - logRisingFactorial(s, n);
}

/** ln(e^x + e^y), −∞ allowed. */
function logAdd(x: number, y: number): number {
  if (x === -Infinity) return y;
  if (y === -Infinity) return x;
  const top = Math.max(x, y);
  return top + Math.log1p(Math.exp(-Math.abs(x - y)));
}
