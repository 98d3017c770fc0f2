import { betaQuadrature } from '../distributions/betaQuadrature.js';
import type { QuadratureRule } from '../distributions/quadratureRule.js';
import { logBetaUnchecked } from '../math/logBeta.js';
import { regularizedGammaP } from '../math/regularizedGamma.js';
import { studentTQuantile, studentTTwoSided } from '../math/studentT.js';

/**
 * The quantile q of an interval x̄ ± q·√(V/T) studentized by a floored variance V = max(s², F),
 * calibrated so that the interval covers with probability 1 − α under normality. With
 * s² = σ²·W, W ~ χ²_ν/ν independent of Z = (x̄ − μ)/√(σ²/T), and F = f·σ², f ∈ [0, 1] known, the
 * studentized mean is Z/√Y, Y = max(W, f), and q solves
 *   E[P(|Z| ≤ q√Y)] = 1 − α   (two-sided),   E[P(Z ≤ q√Y)] = 1 − α   (one-sided).
 * Integrating by parts over W (u = 2Φ(q√(x/ν)) − 1, dv the χ²_ν density, x = νf·s²):
 *   E[2Φ(q√Y) − 1] = P(|t_ν| ≤ q) + 2q√f ∫₀¹ P(χ²_ν ≤ νf s²) φ(q√f s) ds,
 * half the integral term one-sided (P(t_ν ≤ q) for the first). f = 0 gives Student's t_ν; f = 1
 * (the floor is all of σ²) gives a q below the normal quantile, since then Y ≥ 1. The integral is
 * Gauss–Legendre on 8 panels of 16 points (its integrand, a χ² distribution function, steepens
 * at s = 1/√f as ν grows); q by Newton's method inside the bracket [0, t_ν quantile] (Y ≥ W, so q ≤ t_ν).
 * Callers plug in f = F/V, the floor's share of the variance used.
 * Example: f = 1, ν = 19, 95 % two-sided: q = 1.8763 (scipy.integrate.quad of E[2Φ(q√Y) − 1];
 * test/sim/taskAverage/flooredVarianceQuantile.test.ts).
 */
export function flooredVarianceQuantile(share: number, df: number, tail: number, sides: 1 | 2): number {
  const t = studentTQuantile(1 - tail, df);
  if (!(share > 0)) return t;
  const f = Math.min(1, share);
  const root = Math.sqrt(f);
  const rule = panelRule();
  const cdf = new Float64Array(rule.nodes.length);
  for (let i = 0; i < cdf.length; i++) cdf[i] = regularizedGammaP(df / 2, (df * f * rule.nodes[i] ** 2) / 2);
  const share2 = sides === 2 ? 1 : 0.5;
  const target = sides === 2 ? 2 * tail : tail;
  const logDensity = -0.5 * Math.log(df) - logBetaUnchecked(df / 2, 0.5);
  // Newton's method on P(miss at q) − α, kept inside a bracket [lo, hi] that it narrows: the miss
  // falls as q grows, from the t_ν tail minus the integral term, with derivative −(t_ν density +
  // the integral term's), both scaled by ½ one-sided.
  let lo = 0;
  let hi = t;
  let q = t;
  for (let i = 0; i < 100; i++) {
    let integral = 0;
    let slope = 0;
    for (let j = 0; j < cdf.length; j++) {
      const s = root * rule.nodes[j];
      const term = rule.weights[j] * cdf[j] * Math.exp(-0.5 * (q * s) ** 2);
      integral += term;
      slope -= term * q * s * s;
    }
    const miss = share2 * (studentTTwoSided(q, df) - (2 * q * root * integral) / SQRT_TWO_PI) - target;
    if (miss > 0) lo = q;
    else hi = q;
    const density = 2 * Math.exp(logDensity - ((df + 1) / 2) * Math.log1p((q * q) / df));
    const derivative = -share2 * (density + (2 * root * (integral + q * slope)) / SQRT_TWO_PI);
    let next = q - miss / derivative;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - q) < 1e-13 * q || hi - lo < 1e-13 * hi) return next;
    q = next;
  }
  return q;
}

const SQRT_TWO_PI = Math.sqrt(2 * Math.PI);

const PANELS = 8;
const POINTS = 16;
let cachedRule: QuadratureRule | undefined;

/** Gauss–Legendre on [0, 1] in PANELS equal panels of POINTS points (weights sum to 1). */
function panelRule(): QuadratureRule {
  if (cachedRule !== undefined) return cachedRule;
  const base = betaQuadrature(1, 1, POINTS);
  const nodes = new Float64Array(PANELS * POINTS);
  const weights = new Float64Array(PANELS * POINTS);
  for (let p = 0; p < PANELS; p++)
    for (let i = 0; i < POINTS; i++) {
      nodes[p * POINTS + i] = (p + base.nodes[i]) / PANELS;
      weights[p * POINTS + i] = base.weights[i] / PANELS;
    }
  cachedRule = { nodes, weights };
  return cachedRule;
}
