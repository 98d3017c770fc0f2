import type { Interval } from '../intervals/interval.js';

/**
 * The empirical-likelihood interval of a mean (Owen 1988, "Empirical likelihood ratio confidence
 * intervals for a single functional", Biometrika 75:237–249; Owen 2001, "Empirical Likelihood", §2):
 * { μ : −2 log R(μ) ≤ critical }, R(μ) = max Π n·wᵢ over weights wᵢ ≥ 0, Σ wᵢ = 1, Σ wᵢ xᵢ = μ.
 * With zᵢ = xᵢ − μ the maximum is wᵢ = 1/(n(1 + λzᵢ)), λ the root of Σ zᵢ/(1 + λzᵢ) = 0 in
 * (−1/max z, −1/min z), and −2 log R(μ) = 2 Σ log(1 + λzᵢ). Unlike x̄ ± q·s/√n it follows the shape
 * of the data: it reaches further on the side a skewed sample leans to. It lies within
 * (min x, max x), so it says nothing where every value is equal (null then).
 * Callers pass critical = t²_{n−1, 1−α/2} (the F(1, n − 1) calibration, Owen 2001 §3.5). Equal values
 * are grouped, so the work grows with the number of distinct values: about 60 bisection steps per
 * bound, each a Newton solve for λ of a few steps over the distinct values.
 * Example (test/sim/taskAverage/empiricalLikelihood.test.ts, Python reference with scipy's brentq):
 * x = 0, 0, 0, 0.1, 0.2, 0.9 at critical t²₅(0.975) = 6.6079 → [0.0250, 0.6279] (x̄ = 0.2).
 */
export function empiricalLikelihoodInterval(values: ArrayLike<number>, critical: number): Interval | null {
  const { xs, counts, mean } = distinctValues(values);
  if (xs.length < 2) return null;
  const bound = (edge: number): number => {
    let inside = mean;
    let outside = edge;
    for (let step = 0; step < BISECTION_STEPS; step++) {
      const mid = (inside + outside) / 2;
      if (mid === inside || mid === outside) break;
      if (logLikelihoodRatio(xs, counts, mid) <= critical) inside = mid;
      else outside = mid;
    }
    return inside;
  };
  return { lower: bound(xs[0]!), upper: bound(xs[xs.length - 1]!) };
}

/** Bisection steps per bound: the bracket shrinks to 2⁻⁶⁰ of the data's range. */
const BISECTION_STEPS = 60;

/** The distinct values in increasing order, how many times each occurs, and the mean. */
function distinctValues(values: ArrayLike<number>): { xs: Float64Array; counts: Float64Array; mean: number } {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const x of sorted) sum += x;
  const xs: number[] = [];
  const counts: number[] = [];
  for (const x of sorted) {
    if (xs.length > 0 && xs[xs.length - 1] === x) counts[counts.length - 1]!++;
    else {
      xs.push(x);
      counts.push(1);
    }
  }
  return { xs: Float64Array.from(xs), counts: Float64Array.from(counts), mean: sum / sorted.length };
}

/**
 * −2 log R(μ) over distinct values xs with multiplicities: λ solves g(λ) = Σ cᵢzᵢ/(1 + λzᵢ) = 0,
 * g decreasing on (−1/max z, −1/min z), by Newton's method kept inside a shrinking bracket
 * (bisection where a step would leave it). Infinity when μ is not strictly inside (min x, max x).
 */
function logLikelihoodRatio(xs: Float64Array, counts: Float64Array, mu: number): number {
  const zMin = xs[0]! - mu;
  const zMax = xs[xs.length - 1]! - mu;
  if (!(zMin < 0 && zMax > 0)) return Infinity;
  let low = -1 / zMax;
  let high = -1 / zMin;
  let lambda = 0;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    let g = 0;
    let slope = 0;
    for (let i = 0; i < xs.length; i++) {
      const z = xs[i]! - mu;
      const r = z / (1 + lambda * z);
      g += counts[i]! * r;
      slope -= counts[i]! * r * r;
    }
    if (g > 0) low = lambda;
    else high = lambda;
    const next = lambda - g / slope;
    const bounded = next > low && next < high ? next : (low + high) / 2;
    if (Math.abs(bounded - lambda) <= 1e-15 * Math.max(1, Math.abs(lambda))) {
      lambda = bounded;
      break;
    }
    lambda = bounded;
  }
  let statistic = 0;
  for (let i = 0; i < xs.length; i++) statistic += 2 * counts[i]! * Math.log1p(lambda * (xs[i]! - mu));
  return statistic;
}

/** Newton steps at most per λ (each at least halves the bracket when it falls back to bisection). */
const NEWTON_STEPS = 200;
