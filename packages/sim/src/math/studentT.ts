import { requireOpenUnit, requirePositive } from '../checks.js';
import { InputError } from '../errors.js';
import { betaQuantilePoint } from './betaQuantile.js';
import { normalQuantile } from './normalQuantile.js';
import { regularizedBeta } from './regularizedBeta.js';

/**
 * Quantile of Student's t with `df` degrees of freedom (scipy.stats.t.ppf), for q in (0, 1).
 * From the beta relation P(|T| > t) = I_{df/(df + t²)}(df/2, ½) (Abramowitz & Stegun 26.7.1):
 * for q > ½, x = I⁻¹_{2(1 − q)}(df/2, ½) and t = √(df (1 − x)/x), with 1 − x from the solve itself
 * (x is near 1 for large df: 1 − 0.99996… would lose 5 digits); the lower half by symmetry.
 * Checked against mpmath for df from 0.1 to 1e9 (relative error ≤ 3.3e-15 for df ≥ 1 and
 * 1e-10 ≤ q ≤ 1 − 1e-10); beyond the doubles (df = 1e-4, q = 0.6) it is ±∞. Not for df below
 * about 1e-16 near q = ½, where the incomplete beta's continued fraction does not converge.
 * Example: studentTQuantile(0.975, 4) = 2.7764 (scipy.stats.t.ppf(0.975, 4) = 2.7764451).
 */
export function studentTQuantile(q: number, df: number): number {
  requireOpenUnit('q', q);
  requirePositive('df', df);
  if (q === 0.5) return 0;
  if (q === last.q && df === last.df) return last.t;
  const upper = q > 0.5 ? 1 - q : q;
  const t = largeDfQuantile(upper, df) ?? betaRouteQuantile(upper, df);
  last.q = q;
  last.df = df;
  last.t = q > 0.5 ? t : -t;
  return last.t;
}

/** The upper-tail quantile t > 0 with P(T > t) = upper (< ½), from the incomplete beta (A&S 26.7.1). */
function betaRouteQuantile(upper: number, df: number): number {
  const { x, y } = betaQuantilePoint(2 * upper, df / 2, 0.5);
  return Math.sqrt((df * y) / x);
}

/**
 * The same quantile for large df by the expansion in 1/df about the normal quantile z = −Φ⁻¹(upper)
 * (Abramowitz & Stegun 26.7.5, after Fisher and Cornish 1960):
 * t = z + g₁/df + g₂/df² + g₃/df³ + g₄/df⁴, g₁ = (z³ + z)/4, g₂ = (5z⁵ + 16z³ + 3z)/96,
 * g₃ = (3z⁷ + 19z⁵ + 17z³ − 15z)/384, g₄ = (79z⁹ + 776z⁷ + 1482z⁵ − 1920z³ − 945z)/92160.
 * Used only where the last term is below 1e-17 of t, so the terms left out are smaller still (at
 * df = 99 999 and 1 − upper = 0.975 it is 1.6e-20); otherwise undefined. Against mpmath it is
 * within 6.6e-16 where it is used, the beta route within 3.3e-15 (test/sim/math/studentT.test.ts).
 */
function largeDfQuantile(upper: number, df: number): number | undefined {
  const z = -normalQuantile(upper);
  const z2 = z * z;
  const g4 = (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / 92160;
  if (!(Math.abs(g4) / df ** 4 < 1e-17 * z)) return undefined;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
  const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/**
 * The last quantile computed: the intervals of one results file ask for the same (q, df) for every
 * k and metric (40 times for k = 1..10), and with df in the thousands the inversion of the
 * incomplete beta is slow before V8 has compiled it (15 ms of a 10-million-row estimate).
 */
const last = { q: Number.NaN, df: Number.NaN, t: Number.NaN };

/**
 * Two-sided tail P(|T| ≥ |t|) of Student's t with `df` degrees of freedom:
 * I_{df/(df + t²)}(df/2, ½) (Abramowitz & Stegun 26.7.1).
 * Example: studentTTwoSided(2.7764451, 4) = 0.05.
 */
export function studentTTwoSided(t: number, df: number): number {
  if (typeof t !== 'number' || Number.isNaN(t)) throw new InputError('t', 'must be a number (±Infinity gives 0)', t);
  requirePositive('df', df);
  if (!Number.isFinite(t)) return 0;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}
