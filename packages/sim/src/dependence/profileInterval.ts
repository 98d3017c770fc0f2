import { nelderMead, type NelderMeadOptions } from '../fit/nelderMead.js';
import type { Interval } from '../intervals/interval.js';

/** Box of the optimiser's coordinates (logit mean, ln s, x), as in fit/maximiseLikelihood. */
const LOWER = [-30, Math.log(1e-8), -30];
const UPPER = [30, Math.log(1e12), 30];
const SIMPLEX: NelderMeadOptions = { step: 0.3, valueTolerance: 1e-9, pointTolerance: 1e-5, maxEvaluations: 2000 };
/** The bound is found to this share of the distance between the estimate and the range's end … */
const TOLERANCE = 2 ** -16;
/** … or after this many profiles (each a Nelder–Mead fit of the other coordinates). */
const MAX_STEPS = 40;

/** One parameter as the profile sees it: its coordinate index, its range and the maps between them. */
export interface ProfiledParameter {
  readonly index: number;
  readonly estimate: number;
  readonly range: readonly [number, number];
  readonly toCoordinate: (value: number) => number;
}

/**
 * Profile-likelihood interval of one parameter: {v : 2(ℓ̂ − max_{other coordinates} ℓ(v, ·)) ≤
 * χ²₁(confidence)} (Pawitan 2001, "In All Likelihood", §3.4), found by regula falsi on the
 * parameter's own scale between the estimate and each end of its range; a bound is the range's end
 * when the profile never drops that far (e.g. icc's lower bound 0). The other coordinates are
 * maximised by Nelder–Mead from their values at the nearest point inside the interval so far.
 * Invariant to reparametrisation and respects the range, so it behaves at boundaries where a Wald
 * interval does not (the coverage is measured in bench/dependenceStudy.mjs).
 */
export function profileInterval(
  logLik: (theta: readonly number[]) => number,
  theta: readonly number[],
  maximum: number,
  free: readonly number[],
  parameter: ProfiledParameter,
  chiSquareQuantile: number,
): Interval {
  const others = free.filter((i) => i !== parameter.index);
  let warm = others.map((i) => clampTo(i, theta[i]));
  let lastPoint = warm;
  const profile = (value: number) => {
    const fixed = theta.slice();
    fixed[parameter.index] = parameter.toCoordinate(value);
    const full = (x: readonly number[]) => {
      const t = fixed.slice();
      others.forEach((i, j) => (t[i] = x[j]));
      return t;
    };
    if (others.length === 0) return logLik(fixed);
    const objective = (x: readonly number[]) => {
      let penalty = 0;
      const inside = x.map((v, j) => {
        const c = clampTo(others[j], v);
        penalty += (v - c) ** 2;
        return c;
      });
      const value = -logLik(full(inside));
      return Number.isNaN(value) ? Infinity : value + penalty;
    };
    // From the nearest point already profiled, then once more from where that ended (a fresh
    // simplex guards against a premature collapse; Lagarias et al. 1998).
    let best = nelderMead(objective, warm, SIMPLEX);
    const again = nelderMead(objective, best.point, SIMPLEX);
    if (again.value < best.value) best = again;
    lastPoint = best.point;
    return -best.value;
  };
  const drop = chiSquareQuantile / 2;
  const bound = (end: number) => {
    warm = others.map((i) => clampTo(i, theta[i]));
    if (end === parameter.estimate) return end;
    // g(v) = ℓ̂ − profile(v) − χ²/2: negative inside the interval, positive beyond the bound.
    let gOut = maximum - profile(end) - drop;
    if (!(gOut > 0)) return end;
    let inside = parameter.estimate;
    let gIn = -drop;
    let out = end;
    let insideWarm = others.map((i) => clampTo(i, theta[i]));
    const width = Math.abs(end - parameter.estimate);
    // Illinois regula falsi (Dowell & Jarratt 1971): secant steps that keep the bracket, halving the
    // weight of an end that stays; bisection while the far end is infinite. ~6 profiles, not ~16.
    let side = 0;
    for (let step = 0; step < MAX_STEPS && Math.abs(out - inside) > TOLERANCE * width; step++) {
      const secant = Number.isFinite(gOut) ? inside - (gIn * (out - inside)) / (gOut - gIn) : (inside + out) / 2;
      const middle = Math.min(Math.max(secant, Math.min(inside, out) + 1e-3 * Math.abs(out - inside)), Math.max(inside, out) - 1e-3 * Math.abs(out - inside));
      warm = insideWarm;
      const g = maximum - profile(middle) - drop;
      if (Math.abs(g) < 1e-6) return middle;
      if (g > 0) {
        out = middle;
        gOut = g;
        if (side === 1) gIn /= 2;
        side = 1;
      } else {
        inside = middle;
        gIn = g;
        insideWarm = lastPoint;
        if (side === -1) gOut /= 2;
        side = -1;
      }
    }
    return (inside + out) / 2;
  };
  return { lower: bound(parameter.range[0]), upper: bound(parameter.range[1]) };
}

function clampTo(index: number, value: number): number {
  return Math.min(UPPER[index], Math.max(LOWER[index], value));
}
