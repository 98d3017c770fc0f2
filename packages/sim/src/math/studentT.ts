import { requireOpenUnit, requirePositive } from '../checks.js';
import { betaQuantile } from './betaQuantile.js';
import { regularizedBeta } from './regularizedBeta.js';

/**
 * Quantile of Student's t with `df` degrees of freedom (scipy.stats.t.ppf), for q in (0, 1).
 * From the beta relation P(|T| > t) = I_{df/(df + t²)}(df/2, ½) (Abramowitz & Stegun 26.7.1):
 * for q > ½, x = I⁻¹_{2(1 − q)}(df/2, ½) and t = √(df (1 − x)/x); the lower half by symmetry.
 * Example: studentTQuantile(0.975, 4) = 2.7764 (scipy.stats.t.ppf(0.975, 4) = 2.7764451).
 */
export function studentTQuantile(q: number, df: number): number {
  requireOpenUnit('q', q);
  requirePositive('df', df);
  if (q === 0.5) return 0;
  const upper = q > 0.5 ? 1 - q : q;
  const x = betaQuantile(2 * upper, df / 2, 0.5);
  const t = Math.sqrt((df * (1 - x)) / x);
  return q > 0.5 ? t : -t;
}

/**
 * Two-sided tail P(|T| ≥ |t|) of Student's t with `df` degrees of freedom:
 * I_{df/(df + t²)}(df/2, ½) (Abramowitz & Stegun 26.7.1).
 * Example: studentTTwoSided(2.7764451, 4) = 0.05.
 */
export function studentTTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}
