import { logLikelihood } from './logLikelihood.js';
import { mixtureParameters } from './mixtureParameters.js';
import { nelderMead, type NelderMeadOptions } from './nelderMead.js';
import { newtonPolish } from './newtonPolish.js';
import type { TaskCell } from './taskCells.js';

/** Where the optimiser may search in each unconstrained coordinate (logit mean, ln s, η0, η1). */
const LOWER = [-30, Math.log(1e-8), -30, -30];
const UPPER = [30, Math.log(1e12), 30, 30];
/**
 * Past these the coordinate is taken to its limit and the rest refitted: concentration above 1e7
 * (1/(1 + concentration) < 1e-7) is the binomial, below 1e-6 the two-point limit; η below −16 is a weight under 1e-7.
 */
const TO_PLUS_INFINITY = [Infinity, Math.log(1e7), Infinity, Infinity];
const TO_MINUS_INFINITY = [-Infinity, Math.log(1e-6), -16, -16];
/** A boundary fit is kept when its log-likelihood is at most this below the interior one. */
const BOUNDARY_SLACK = 1e-6;

const SIMPLEX: NelderMeadOptions = { step: 0.5, valueTolerance: 1e-11, pointTolerance: 1e-6, maxEvaluations: 4000 };
const RESTARTS = 8;
/** Two optimiser runs agree when no coordinate differs by more than this (relative above 1): ten simplex tolerances. */
const AGREEMENT = 1e-5;

function samePoint(x: readonly number[], y: readonly number[]): boolean {
  return x.every((value, i) => Math.abs(value - y[i]) <= AGREEMENT * Math.max(1, Math.abs(value)));
}

export interface LikelihoodMaximum {
  /** All four coordinates θ; those not in `free` are fixed (±∞ at a boundary). */
  readonly theta: readonly number[];
  /** Indices of the coordinates that were estimated (the rest are fixed). */
  readonly free: readonly number[];
  readonly logLik: number;
  /** Coordinates moved to a limit because the likelihood kept rising towards it. */
  readonly boundaries: readonly number[];
  /** False when an optimiser run stopped on its evaluation budget. */
  readonly converged: boolean;
}

/**
 * Maximum-likelihood estimate of θ over the `free` coordinates (the others fixed at `theta0`),
 * by Nelder–Mead (`nelderMead`) from each start, restarted from its end point until a fresh simplex
 * no longer improves (guards against premature collapse, Lagarias et al. 1998) unless every start
 * ended at the same point (within 1e-5), keeping the best,
 * then sharpened by Newton steps (`newtonPolish`).
 * The search is confined to a box by a quadratic penalty; a coordinate that ends past its
 * boundary threshold is set to its limit (e.g. concentration = ∞) and the rest refitted, and the
 * boundary fit is kept when its log-likelihood is not lower (a supremum on the boundary).
 * `logLik` is the log-likelihood of the cells at θ (default `logLikelihood`; a profile
 * log-likelihood that maximises over the fixed coordinates itself, such as `bestAtomWeights`, also serves).
 * Example: 50 tasks of 2 successes in 4 trials each → concentration = ∞ (binomial), mean ½.
 */
export function maximiseLikelihood(
  cells: readonly TaskCell[],
  theta0: readonly number[],
  free: readonly number[],
  starts: readonly (readonly number[])[],
  logLik: (theta: readonly number[]) => number = (theta) => logLikelihood(cells, mixtureParameters(theta)),
): LikelihoodMaximum {
  let fit = interiorMaximum(logLik, theta0, free, starts);
  const boundaries: number[] = [];
  for (;;) {
    const moved = fit.free.filter((i) => fit.theta[i] >= TO_PLUS_INFINITY[i] || fit.theta[i] <= TO_MINUS_INFINITY[i]);
    if (moved.length === 0) break;
    const theta = fit.theta.slice();
    for (const i of moved) theta[i] = theta[i] > 0 ? Infinity : -Infinity;
    const rest = fit.free.filter((i) => !moved.includes(i));
    const restStarts = [rest.map((i) => theta[i])];
    const boundary = interiorMaximum(logLik, theta, rest, restStarts);
    if (!(boundary.logLik >= fit.logLik - BOUNDARY_SLACK)) break;
    boundaries.push(...moved);
    fit = { ...boundary, converged: boundary.converged && fit.converged };
  }
  return { ...fit, boundaries };
}

interface Maximum {
  theta: number[];
  free: readonly number[];
  logLik: number;
  converged: boolean;
}

function interiorMaximum(
  logLik: (theta: readonly number[]) => number,
  theta0: readonly number[],
  free: readonly number[],
  starts: readonly (readonly number[])[],
): Maximum {
  const full = (x: readonly number[]) => {
    const theta = theta0.slice();
    free.forEach((index, j) => (theta[index] = x[j]));
    return theta;
  };
  if (free.length === 0) {
    const theta = theta0.slice();
    return { theta, free, logLik: logLik(theta), converged: true };
  }
  const objective = (x: readonly number[]) => {
    let penalty = 0;
    const inside = x.map((value, j) => {
      const i = free[j];
      const clamped = Math.min(UPPER[i], Math.max(LOWER[i], value));
      penalty += (value - clamped) ** 2;
      return clamped;
    });
    const value = -logLik(full(inside));
    return Number.isNaN(value) ? Infinity : value + penalty;
  };
  let best: { point: number[]; value: number } | null = null;
  let converged = true;
  const firstRuns = starts.map((start) => nelderMead(objective, start, SIMPLEX));
  // Several starts that end at one point confirm it: a collapse short of the maximum would not
  // happen at the same place from each. Restarts only where they do not agree (or one start).
  const agreed = firstRuns.length > 1 && firstRuns.every((run) => samePoint(run.point, firstRuns[0].point));
  for (const first of firstRuns) {
    let run = first;
    for (let r = 0; r < (agreed ? 0 : RESTARTS); r++) {
      const again = nelderMead(objective, run.point, SIMPLEX);
      const improved = again.value < run.value - SIMPLEX.valueTolerance * (1 + Math.abs(run.value));
      if (again.value <= run.value) run = again;
      if (!improved) break;
    }
    converged &&= run.converged;
    if (best === null || run.value < best.value) best = run;
  }
  const inBox = (x: readonly number[]) => x.map((value, j) => Math.min(UPPER[free[j]], Math.max(LOWER[free[j]], value)));
  const point = newtonPolish((x) => -objective(x), inBox(best!.point));
  const theta = full(inBox(point));
  return { theta, free, logLik: logLik(theta), converged };
}
