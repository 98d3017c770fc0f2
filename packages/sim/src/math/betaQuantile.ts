import { requirePositive, requireUnit } from '../checks.js';
import { requireAtMost } from '../checkArgs.js';
import { betaPowerTerm } from './betaPowerTerm.js';
import { logBetaUnchecked } from './logBeta.js';
import { normalQuantile } from './normalQuantile.js';
import { betaTails } from './regularizedBeta.js';

/** ln of the smallest positive double: below it x underflows to 0. */
const LOG_MIN_VALUE = -744.4400719213812;
const MAX_ITERATIONS = 200;

/** A point x in (0, 1) held together with y = 1 − x, each to full relative precision. */
export interface UnitPoint {
  x: number;
  y: number;
}

/**
 * Starting value of u = ln x for I_x(a, b) = t, t ≤ ½.
 * a, b ≥ 1: A&S 26.5.22 (a normal approximation refined by a Cornish–Fisher-type term),
 * x ≈ a/(a + b e^{2w}), w = z√(h + λ)/h − (1/(2b − 1) − 1/(2a − 1))(λ + 5/6 − 2/(3h)),
 * h = 2/(1/(2a − 1) + 1/(2b − 1)), λ = (z² − 3)/6, z = Φ⁻¹(1 − t).
 * Otherwise the two power-law ends I_x ≈ x^a/(a B) and 1 − I_x ≈ y^b/(b B), joined where their
 * masses split (the scheme of Numerical Recipes 3rd ed. §6.14.10, in logs).
 */
function initialLogX(t: number, a: number, b: number): number {
  if (a >= 1 && b >= 1) {
    const z = -normalQuantile(t);
    const lambda = (z * z - 3) / 6;
    const ra = 1 / (2 * a - 1);
    const rb = 1 / (2 * b - 1);
    const h = 2 / (ra + rb);
    const w = (z * Math.sqrt(h + lambda)) / h - (rb - ra) * (lambda + 5 / 6 - 2 / (3 * h));
    const logRatio = Math.log(b / a) + 2 * w; // ln(b e^{2w} / a)
    return logRatio > 30 ? -logRatio : -Math.log1p(Math.exp(logRatio));
  }
  const logB = logBetaUnchecked(a, b);
  const logLeftMass = a * Math.log(a / (a + b)) - Math.log(a) - logB; // ln I at x = a/(a + b), left end
  const logRightMass = b * Math.log(b / (a + b)) - Math.log(b) - logB;
  const leftShare = 1 / (1 + Math.exp(logRightMass - logLeftMass));
  if (t < leftShare) return (Math.log(t) + Math.log(a) + logB) / a;
  // y = (b B (1 − t))^{1/b}; x = 1 − y
  const logY = (Math.log1p(-t) + Math.log(b) + logB) / b;
  return Math.log1p(-Math.exp(Math.min(logY, -1e-16)));
}

/**
 * Solves I_x(a, b) = t for x, t in (0, 1) (t ≤ ½ unless the solution is near 0, see `solve`), by Newton's method on g(u) = ln I_{e^u}(a, b) − ln t in
 * u = ln x (g is nearly linear in the left tail, so tiny t converge as fast as moderate ones),
 * safeguarded by a bracket [lo, hi] on u and bisection when a step leaves it.
 * g′(u) = x · density / I = x^a y^b / (B(a, b) · y · I).
 */
function solveLowerTail(t: number, a: number, b: number): UnitPoint {
  const logT = Math.log(t);
  let lo = LOG_MIN_VALUE;
  let hi = 0;
  let u = initialLogX(t, a, b);
  if (!(u > lo + 40)) {
    // Deep in the left tail: if even the smallest positive double has I ≥ t, x rounds to 0.
    if (betaTails(Number.MIN_VALUE, 1, a, b).lower >= t) return { x: 0, y: 1 };
    if (!(u > lo)) u = lo + 1;
  }
  if (!(u < 0)) u = -1e-16;
  let previousNewtonStep = Infinity;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const x = Math.exp(u);
    const y = -Math.expm1(u);
    const lower = betaTails(x, y, a, b).lower;
    const g = Math.log(lower) - logT;
    if (g === 0) return { x, y };
    if (g < 0) lo = u;
    else hi = u;
    const slope = betaPowerTerm(x, y, a, b) / (y * lower);
    const newtonStep = g / slope;
    let next = u - newtonStep;
    let isNewton = true;
    if (!(next > lo && next < hi)) {
      next = 0.5 * (lo + hi);
      isNewton = false;
    }
    const change = Math.abs(next - u);
    // Converged: x (and y when x is near 1) moved by less than 1e-15 relative.
    if (change <= 1e-15 * Math.min(1, Math.abs(u))) return { x: Math.exp(next), y: -Math.expm1(next) };
    // At the noise floor of I: Newton steps stopped shrinking quadratically.
    if (isNewton && change < 1e-10 * Math.min(1, Math.abs(u)) && change > 0.5 * previousNewtonStep) {
      return { x: Math.exp(next), y: -Math.expm1(next) };
    }
    if (isNewton) previousNewtonStep = change;
    if (hi - lo <= 1e-15 * Math.min(1, Math.abs(hi))) return { x: Math.exp(next), y: -Math.expm1(next) };
    u = next;
  }
  return { x: Math.exp(u), y: -Math.expm1(u) };
}

/**
 * Within this of an edge a solution is found on that edge's own side: a solve in u = ln x places
 * y = 1 − x ≈ −u by converging u towards 0, which the flat ln I there does not allow within
 * MAX_ITERATIONS when y is tiny (a shape near 0 puts most of the mass within 10⁻³⁰⁰ of an edge:
 * I_x(5·10⁻⁵, ½) = 0.8 at x = e^{−4463}, which rounds to 0, where the solve on the upper tail
 * returned 6.2·10⁻⁷⁷). Above it (y = 4·10⁻⁹ for Student's t at df = 10⁹) that solve is exact.
 */
const EDGE = 1e-30;

/**
 * x with lower tail I_x(a, b) = lower, solving on whichever tail is at most ½ (both as given
 * exactly), except where the solution lies within EDGE of the other edge: then on that side.
 * For lower > ½ that is known before solving (I_EDGE ≥ lower); for lower ≤ ½ from the solution.
 */
function solve(lower: number, upper: number, a: number, b: number): UnitPoint {
  if (lower <= upper) {
    const point = solveLowerTail(lower, a, b);
    return point.y < EDGE ? mirror(solveLowerTail(upper, b, a)) : point;
  }
  if (lower <= betaTails(EDGE, 1 - EDGE, a, b).lower) return solveLowerTail(lower, a, b);
  return mirror(solveLowerTail(upper, b, a)); // 1 − I_x(a, b) = I_{1−x}(b, a)
}

function mirror(point: UnitPoint): UnitPoint {
  return { x: point.y, y: point.x };
}

function checkArguments(q: number, a: number, b: number): void {
  requireUnit('q', q);
  requireAtMost('a', requirePositive('a', a), MAX_SHAPE, SHAPE_REASON);
  requireAtMost('b', requirePositive('b', b), MAX_SHAPE, SHAPE_REASON);
}

/** The largest shape a quantile is solved for: the incomplete beta's continued fraction stops converging for a = b near 10¹⁶ (and all the more beyond). */
const MAX_SHAPE = 1e15;
const SHAPE_REASON = "the incomplete beta function's continued fraction converges for shapes up to about 10¹⁵";

/**
 * The quantile of Beta(a, b): the x in [0, 1] with I_x(a, b) = q (inverse of `regularizedBeta`).
 * x = I⁻¹_q(a, b): Newton's method in ln x (or ln(1 − x) for q > ½) on the log of the smaller tail,
 * safeguarded by bisection, started from A&S 26.5.22 (cf. Numerical Recipes §6.14; DiDonato &
 * Morris 1992 bracket similarly). Relative error ≲ 1e-13 in x (and in 1 − x), a, b up to 1e7.
 * Example: betaQuantile(0.25, 2, 1) = √0.25 = 0.5 (I_x(2, 1) = x²).
 */
export function betaQuantile(q: number, a: number, b: number): number {
  return betaQuantilePoint(q, a, b).x;
}

/**
 * `betaQuantile` as the point (x, 1 − x), each to full relative precision: for a quantile near 1,
 * 1 − x computed from x would keep only the digits x has beyond its leading 9s.
 * Example: betaQuantilePoint(0.25, 2, 1) = { x: 0.5, y: 0.5 }.
 */
export function betaQuantilePoint(q: number, a: number, b: number): UnitPoint {
  checkArguments(q, a, b);
  if (q === 0) return { x: 0, y: 1 };
  if (q === 1) return { x: 1, y: 0 };
  return solve(q, 1 - q, a, b);
}

/**
 * The upper quantile of Beta(a, b): the x with 1 − I_x(a, b) = q (scipy's beta.isf). Solving on the
 * upper tail directly keeps tiny q exact (1 − q would round it away).
 * Example: betaQuantileComplement(0.25, 1, 2) = 1 − √0.25 = 0.5 (1 − I_x(1, 2) = (1 − x)²).
 */
export function betaQuantileComplement(q: number, a: number, b: number): number {
  checkArguments(q, a, b);
  if (q === 0) return 1;
  if (q === 1) return 0;
  return solve(1 - q, q, a, b).x;
}
