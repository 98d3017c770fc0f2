import { requireCounts, requirePositive } from '../checks.js';
import { logGammaUnchecked } from '../math/logGamma.js';
import { logRisingFactorial } from './logRisingFactorial.js';

/**
 * ln P(C = c) for C ~ BetaBinomial(n, a, b): c successes in n attempts when p ~ Beta(a, b).
 *
 * Formula: ln C(n, c) + ln B(c + a, n − c + b) − ln B(a, b)
 *   = ln C(n, c) + ln (a)_c + ln (b)_{n−c} − ln (a + b)_n   (rising factorials, `logRisingFactorial`)
 * (Johnson, Kemp & Kotz 2005, "Univariate Discrete Distributions", §6.7.2; Skellam 1948).
 * Example: n = 4, c = 2, a = 2, b = 3 → ln(6·(2·3)(3·4)/(5·6·7·8)) = ln(9/35) = −1.3581234841531944
 * (scipy.stats.betabinom.logpmf(2, 4, 2, 3); tested).
 */
export function betaBinomialLogPmf(n: number, c: number, a: number, b: number): number {
  requireCounts(n, c);
  return betaBinomialLogPmfUnchecked(n, c, requirePositive('a', a), requirePositive('b', b));
}

/** `betaBinomialLogPmf` without the input checks (0 ≤ c ≤ n integers, a, b > 0 finite). */
export function betaBinomialLogPmfUnchecked(n: number, c: number, a: number, b: number): number {
  return logChoose(n, c) + logRisingFactorial(a, c) + logRisingFactorial(b, n - c) - logRisingFactorial(a + b, n);
}

/** ln C(n, c) for integers 0 ≤ c ≤ n (internal). */
export function logChoose(n: number, c: number): number {
  if (c === 0 || c === n) return 0;
  return logGammaUnchecked(n + 1) - logGammaUnchecked(c + 1) - logGammaUnchecked(n - c + 1);
}
