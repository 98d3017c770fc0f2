import { requireOpenUnit, requirePositive } from '../checks.js';
import { betaQuantile } from './betaQuantile.js';

/**
 * The q-quantile of Student's t distribution with `df` degrees of freedom.
 * Via the beta distribution: for T ~ t_ν, ν/(ν + T²) ~ Beta(ν/2, ½), so with s = 2·min(q, 1 − q),
 * x = I⁻¹_s(ν/2, ½) and |t| = √(ν(1 − x)/x) (Abramowitz & Stegun 26.7.1, 26.5.27).
 * Example: studentQuantile(0.975, 19) = 2.093024054408263 (scipy.stats.t.ppf(0.975, 19)).
 */
export function studentQuantile(q: number, df: number): number {
  requireOpenUnit('q', q);
  requirePositive('df', df);
  if (q === 0.5) return 0;
  const s = 2 * Math.min(q, 1 - q);
  const x = betaQuantile(s, df / 2, 0.5);
  const magnitude = Math.sqrt((df * (1 - x)) / x);
  return q > 0.5 ? magnitude : -magnitude;
}
