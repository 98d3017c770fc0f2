import { betaRisingFactorials, mixtureLogPmf } from './mixtureLogPmf.js';
import { mixtureParameters } from './mixtureParameters.js';
import type { TaskCell } from './taskCells.js';

/** The point-mass weights that maximise the inflated likelihood for one beta component, and that maximum. */
export interface AtomWeights {
  /** Weight of the point mass at p = 0 (0 when it does not raise the likelihood). */
  readonly pi0: number;
  /** Weight of the point mass at p = 1. */
  readonly pi1: number;
  /** The log-likelihood at (π0, π1) and the given beta component: the profile log-likelihood. */
  readonly logLik: number;
}

/** Newton steps at most; the solve took 5 (median) and at most 6 in 19 667 solves of 50 fits to mixture datasets. */
const MAX_STEPS = 100;
/** Step halvings at most in one line search (Armijo rule along the projected arc, constant 1e-4). */
const MAX_HALVINGS = 60;
const ARMIJO = 1e-4;
/** Newton steps shorter than this (in the weights) are taken without a line search. */
const NEWTON_REGION = 1e-6;
/** A step this short ends the solve: the weights are converged to rounding. */
const ROUNDING = 1e-15;
/** The Newton result stands when its optimality gap is at most this relative to 1 + |ℓ|. */
const CERTIFIED = 1e-10;

/**
 * The profile log-likelihood of the zero/one-inflated beta-binomial (`mixtureLogPmf`) at the beta
 * component θ = (logit mean, ln concentration): ℓ*(θ) = max over π0, π1 ≥ 0, π0 + π1 < 1 of
 *   ℓ(π0, π1) = Σ_{c=0} t·ln(π0 + w·B_t) + Σ_{c=n} t·ln(π1 + w·B_t) + Σ_{0<c<n} t·ln(w·B_t),
 * w = 1 − π0 − π1 and B_t the beta-binomial probability of the cell. For fixed θ every term is the
 * log of a function linear in (π0, π1), so ℓ is concave there and its maximum over the triangle is
 * found by projected Newton steps (Bertsekas 1982, "Projected Newton methods for optimization
 * problems with simple constraints", SIAM J. Control Optim. 20(2)): a weight stays at 0 while the
 * likelihood falls in its direction (the KKT condition of a concave maximum). The result is
 * checked by its optimality gap, and found by nested bisection where the gap is not below
 * rounding (with several n, a cell whose B_t is tiny: the Newton steps crawl there).
 * Maximising ℓ* over θ maximises the 4-parameter likelihood: an optimiser searches two coordinates
 * instead of four, and a weight of exactly 0 is found as such instead of as a logit drifting to −∞.
 * Internal: at least one cell with 0 < c < n (so w > 0 at the maximum); −∞ where the beta component
 * gives such a cell probability 0 (concentration 0).
 * Example: 10 tasks each at 0/4, 2/4 and 4/4 with Beta(2, 2) (B = 1/7, 9/35, 1/7): by symmetry
 * π0 = π1 = π, and ∂ℓ/∂π = 0 gives π = 4w/7, so π = 4/15, w = 7/15, ℓ = 20 ln(1/3) + 10 ln(3/25)
 * (tested; scipy's Nelder–Mead agrees).
 */
export function bestAtomWeights(cells: readonly TaskCell[], theta: readonly number[]): AtomWeights {
  const beta = mixtureParameters([theta[0]!, theta[1]!, -Infinity, -Infinity]);
  const rising = betaRisingFactorials(beta);
  // Cells at c = 0 and c = n: their task counts and beta-binomial probabilities; the rest summed.
  const zeroTasks: number[] = [];
  const zeroProbability: number[] = [];
  const oneTasks: number[] = [];
  const oneProbability: number[] = [];
  let middleTasks = 0;
  let middleLogLik = 0;
  for (const cell of cells) {
    const logPmf = mixtureLogPmf(beta, cell.n, cell.c, cell.logChoose, rising);
    if (cell.c === 0) {
      zeroTasks.push(cell.tasks);
      zeroProbability.push(Math.exp(logPmf));
    } else if (cell.c === cell.n) {
      oneTasks.push(cell.tasks);
      oneProbability.push(Math.exp(logPmf));
    } else {
      middleTasks += cell.tasks;
      middleLogLik += cell.tasks * logPmf;
    }
  }
  if (!(middleLogLik > -Infinity)) return { pi0: 0, pi1: 0, logLik: -Infinity };
  const value = (pi0: number, pi1: number): number => {
    const w = 1 - pi0 - pi1;
    if (!(w > 0) || pi0 < 0 || pi1 < 0) return -Infinity;
    let sum = middleTasks * Math.log(w) + middleLogLik;
    for (let j = 0; j < zeroTasks.length; j++) sum += zeroTasks[j]! * Math.log(pi0 + w * zeroProbability[j]!);
    for (let j = 0; j < oneTasks.length; j++) sum += oneTasks[j]! * Math.log(pi1 + w * oneProbability[j]!);
    return Number.isNaN(sum) ? -Infinity : sum;
  };
  // Gradient and Hessian of ℓ(π0, π1): a cell at c = 0 has P = π0 + w·B, ∂P/∂π0 = 1 − B, ∂P/∂π1 = −B
  // (mirrored at c = n), and the middle cells contribute t·ln w.
  const derivatives = (pi0: number, pi1: number) => {
    const w = 1 - pi0 - pi1;
    let g0 = -middleTasks / w;
    let g1 = g0;
    const curvature = middleTasks / (w * w);
    let h00 = -curvature;
    let h11 = -curvature;
    let h01 = -curvature;
    // t·d/p and (t/p)·(d/p): p² would underflow for p < 1e-154. A zero d adds nothing (also at p = 0).
    const add = (t: number, p: number, d0: number, d1: number) => {
      const r0 = d0 === 0 ? 0 : (t * d0) / p;
      const r1 = d1 === 0 ? 0 : (t * d1) / p;
      g0 += r0;
      g1 += r1;
      h00 -= d0 === 0 ? 0 : (r0 * d0) / p;
      h11 -= d1 === 0 ? 0 : (r1 * d1) / p;
      h01 -= d1 === 0 ? 0 : (r0 * d1) / p;
    };
    for (let j = 0; j < zeroTasks.length; j++) add(zeroTasks[j]!, pi0 + w * zeroProbability[j]!, 1 - zeroProbability[j]!, -zeroProbability[j]!);
    for (let j = 0; j < oneTasks.length; j++) add(oneTasks[j]!, pi1 + w * oneProbability[j]!, -oneProbability[j]!, 1 - oneProbability[j]!);
    return { g0, g1, h00, h11, h01 };
  };
  const atZero = zeroTasks.reduce((a, b) => a + b, 0);
  const atOne = oneTasks.reduce((a, b) => a + b, 0);
  const total = middleTasks + atZero + atOne;
  // Start inside, at half the shares of tasks at 0/n and n/n (a weight with no such task stays 0:
  // its derivative, −Σ t·B/P − middle/w, is negative everywhere).
  let pi0 = atZero / (2 * total);
  let pi1 = atOne / (2 * total);
  let current = value(pi0, pi1);
  for (let step = 0; step < MAX_STEPS; step++) {
    const { g0, g1, h00, h11, h01 } = derivatives(pi0, pi1);
    // Free coordinates: away from 0, or at 0 with the likelihood rising into the triangle.
    const free0 = pi0 > 0 || g0 > 0;
    const free1 = pi1 > 0 || g1 > 0;
    let d0 = 0;
    let d1 = 0;
    if (free0 && free1) {
      const det = h00 * h11 - h01 * h01;
      d0 = (-h11 * g0 + h01 * g1) / det;
      d1 = (h01 * g0 - h00 * g1) / det;
    } else if (free0) {
      d0 = -g0 / h00;
    } else if (free1) {
      d1 = -g1 / h11;
    }
    if (!(d0 * g0 + d1 * g1 > 0)) break;
    // Near the maximum ℓ is flat to rounding while the weights are not yet: steps shorter than
    // NEWTON_REGION are taken in full (projected), inside Newton's region of quadratic convergence,
    // until they are below rounding too.
    const size = Math.max(Math.abs(d0), Math.abs(d1));
    if (size < NEWTON_REGION) {
      pi0 = Math.max(0, pi0 + d0);
      pi1 = Math.max(0, pi1 + d1);
      current = value(pi0, pi1);
      if (size <= ROUNDING) break;
      continue;
    }
    // Farther out, along the projected arc t ↦ max(0, π + t·d), from the full Newton step down (a
    // weight the step would take below 0 lands on 0 exactly), until ℓ rises by at least ARMIJO times
    // what its gradient predicts for the move (Bertsekas 1982, eq. 32).
    let t = 1;
    let next0 = 0;
    let next1 = 0;
    let next = -Infinity;
    for (let halvings = 0; halvings <= MAX_HALVINGS; halvings++, t /= 2) {
      next0 = Math.max(0, pi0 + t * d0);
      next1 = Math.max(0, pi1 + t * d1);
      const predicted = g0 * (next0 - pi0) + g1 * (next1 - pi1);
      next = value(next0, next1);
      if (predicted > 0 && next >= current + ARMIJO * predicted) break;
    }
    if (!(next > current)) break;
    pi0 = next0;
    pi1 = next1;
    current = next;
  }
  // The certificate of a concave maximum over the triangle: ℓ* − ℓ(π) ≤ max over its corners v of
  // ∇ℓ(π)·(v − π) (the Frank–Wolfe gap). Newton steps from near 0 towards a weight far above a
  // tiny B_t only double it each time, and a cell with B_t below 1e-308 has none: where the gap is
  // not below rounding, the maximum is found by bisection instead (`bisectedWeights`).
  const { g0, g1 } = derivatives(pi0, pi1);
  const gap = Math.max(-g0 * pi0 - g1 * pi1, g0 * (1 - pi0) - g1 * pi1, g1 * (1 - pi1) - g0 * pi0);
  if (!(gap <= CERTIFIED * (1 + Math.abs(current)))) {
    const bisected = bisectedWeights(derivatives);
    const bisectedValue = value(bisected.pi0, bisected.pi1);
    if (bisectedValue > current || !(current > -Infinity)) return { ...bisected, logLik: bisectedValue };
  }
  return { pi0, pi1, logLik: current };
}

/**
 * The maximum of a concave ℓ(π0, π1) over the triangle from its gradient alone, by nested
 * bisection: π1*(π0) is where ∂ℓ/∂π1 changes sign (0 if it is ≤ 0 at 0), and the profile
 * ℓ(π0, π1*(π0)) is concave with derivative ∂ℓ/∂π0 there (the envelope theorem), bisected the
 * same way. Each bisection halves the interval of bit patterns of non-negative doubles, so it ends
 * on adjacent doubles after at most 64 steps at any scale (a weight of 1e-20 as well as of 0.3).
 */
function bisectedWeights(gradient: (pi0: number, pi1: number) => { g0: number; g1: number }): { pi0: number; pi1: number } {
  const inner = (pi0: number) => lastRising(below(1 - pi0), (pi1) => gradient(pi0, pi1).g1 > 0);
  const pi0 = lastRising(below(1), (x) => gradient(x, inner(x)).g0 > 0);
  return { pi0, pi1: inner(pi0) };
}

const bits = new DataView(new ArrayBuffer(8));
const bitsOf = (x: number): bigint => {
  bits.setFloat64(0, x);
  return bits.getBigUint64(0);
};
const fromBits = (b: bigint): number => {
  bits.setBigUint64(0, b);
  return bits.getFloat64(0);
};
/** The largest double below x (x > 0). */
const below = (x: number): number => fromBits(bitsOf(x) - 1n);

/**
 * For a predicate true on [0, x*) and false on (x*, hi] (a decreasing derivative that is > 0),
 * the double where it last holds, 0 when it does not hold at 0: bisection over bit patterns.
 */
function lastRising(hi: number, rising: (x: number) => boolean): number {
  if (!rising(0)) return 0;
  if (rising(hi)) return hi;
  let lo = 0n;
  let up = bitsOf(hi);
  while (up - lo > 1n) {
    const mid = (lo + up) >> 1n;
    if (rising(fromBits(mid))) lo = mid;
    else up = mid;
  }
  return fromBits(lo);
}
