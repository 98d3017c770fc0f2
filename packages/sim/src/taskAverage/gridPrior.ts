import { requireCountGroups, requireList, requireNumbers, requireObject } from '../checkArgs.js';
import { requireUnit } from '../checks.js';
import { InputError } from '../errors.js';
import type { CountGroup } from '../estimators/taskAverage.js';
import { binomialPmf } from '../math/binomialPmf.js';

/**
 * A task population as a discrete distribution of the success rate p: probability `weights[j]` at
 * `points[j]` (the weights sum to 1). What `npmlePrior` fits and the this-benchmark intervals take.
 */
export interface GridPrior {
  readonly points: readonly number[];
  readonly weights: readonly number[];
}

/** Number of grid points of `npmlePrior`. */
export const GRID_POINTS = 101;

/**
 * The share of the Jeffreys prior Beta(½, ½) mixed into the fitted distribution (`npmlePrior`): a
 * measured choice (docs/uncertainty.md). The maximum-likelihood mixing distribution of T tasks has
 * at most about T/2 + 1 atoms and puts an atom at exactly p = 0 or 1 whenever enough tasks sit at
 * 0/n or n/n, where a task then has no trial noise; the Jeffreys share keeps every task's posterior
 * at least as uncertain as its own trials allow, most for few tasks: ε = min(½, 1/√T).
 */
export function jeffreysShare(tasks: number): number {
  return Math.min(0.5, 1 / Math.sqrt(Math.max(1, tasks)));
}

/** EM stops when an iteration raises the log-likelihood by less than this, or after MAX_ITERATIONS. */
const TOLERANCE = 1e-9;
const MAX_ITERATIONS = 2000;

/** The grid: p_j = sin²(πj/(2(M − 1))), j = 0..M − 1, equally spaced in Jeffreys probability, with 0 and 1. */
export const GRID: readonly number[] = Object.freeze(
  Array.from({ length: GRID_POINTS }, (_, j) => (j === 0 ? 0 : j === GRID_POINTS - 1 ? 1 : Math.sin((Math.PI * j) / (2 * (GRID_POINTS - 1))) ** 2)),
);

/**
 * The task population fitted to all tasks' counts without a parametric form: the nonparametric
 * maximum-likelihood mixing distribution (Kiefer & Wolfowitz 1956, "Consistency of the maximum
 * likelihood estimator in the presence of infinitely many incidental parameters", Ann. Math. Stat.
 * 27:887–906) restricted to a fixed grid of p (Koenker & Mizera 2014, "Convex optimization, shape
 * constraints, compound decisions, and empirical Bayes rules", JASA 109:674–685), found by EM
 * (Laird 1978, "Nonparametric maximum likelihood estimation of a mixing distribution", JASA
 * 73:805–811):
 *   w_j ← (1/T) Σ_t w_j·L_t(p_j) / Σ_i w_i·L_t(p_i),  L_t(p) = Binomial(c_t; n_t, p),
 * from equal weights on the grid `GRID` (101 points with 0 and 1, arcsine spacing) until the
 * log-likelihood rises by less than 1e-9. Point masses at 0 and 1, two-point and U-shaped
 * populations are fitted as they are (no Beta shape to bend), then mixed with the Jeffreys prior
 * (equal weights on this grid) at the share ε = `jeffreysShare(T)`: weights (1 − ε)·ŵ + ε/M.
 * Tasks with n = 0 carry no likelihood and are left out; with no task left, the Jeffreys grid alone.
 * Example (test/reference/npmle_prior_reference.py): tasks 0/4, 1/4, 4/4, 4/4 — checked against
 * the Python EM on the same grid.
 */
export function npmlePrior(groups: readonly CountGroup[], share?: number): GridPrior {
  requireCountGroups('groups', groups);
  const used = groups.filter(({ n, size }) => n > 0 && size > 0);
  const tasks = used.reduce((sum, { size }) => sum + size, 0);
  const epsilon = share === undefined ? jeffreysShare(tasks) : requireUnit('share', share);
  const M = GRID.length;
  const fitted = tasks === 0 ? new Float64Array(M).fill(1 / M) : emWeights(used, tasks);
  return Object.freeze({ points: GRID, weights: Object.freeze(Array.from(fitted, (w) => (1 - epsilon) * w + epsilon / M)) });
}

/** The EM iterations of `npmlePrior` on the groups with n > 0 (T tasks in all). */
function emWeights(groups: readonly CountGroup[], tasks: number): Float64Array {
  const M = GRID.length;
  const likelihood = groups.map(({ n, c }) => gridLikelihood(GRID, n, c));
  let weights = new Float64Array(M).fill(1 / M);
  let previous = -Infinity;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const next = new Float64Array(M);
    let logLik = 0;
    groups.forEach(({ size }, g) => {
      const row = likelihood[g]!;
      let marginal = 0;
      for (let j = 0; j < M; j++) marginal += row[j]! * weights[j]!;
      logLik += size * Math.log(marginal);
      const scale = size / (tasks * marginal);
      for (let j = 0; j < M; j++) next[j]! += row[j]! * weights[j]! * scale;
    });
    weights = next;
    if (logLik - previous < TOLERANCE) break;
    previous = logLik;
  }
  return weights;
}

/**
 * Binomial(c; n, p_j) at each point; where every value underflows to 0 (n of the order of 10⁶ and
 * more, its likelihood peaked between two points), the same up to one factor, from the logs
 * c·ln p + (n − c)·ln(1 − p) less their largest: EM's weights and a posterior are unchanged by a
 * factor per task, and counts that do not underflow get exactly the values as before.
 */
function gridLikelihood(points: readonly number[], n: number, c: number): Float64Array {
  const row = Float64Array.from(points, (p) => binomialPmf(c, n, p));
  if (row.some((value) => value > 0)) return row;
  const logs = points.map((p) => (c === 0 ? 0 : c * Math.log(p)) + (n === c ? 0 : (n - c) * Math.log1p(-p)));
  const top = Math.max(...logs);
  return Float64Array.from(logs, (value) => Math.exp(value - top));
}

/**
 * The posterior weights on the grid of a task with c successes in n trials under `prior`:
 * w_j·Binomial(c; n, p_j) / Σ_i w_i·Binomial(c; n, p_i) (the prior itself for n = 0).
 */
export function gridPosterior(prior: GridPrior, n: number, c: number): number[] {
  const row = gridLikelihood(prior.points, n, c);
  const joint = prior.points.map((_, j) => prior.weights[j]! * row[j]!);
  const total = joint.reduce((s, x) => s + x, 0);
  return joint.map((x) => x / total);
}

/** A `GridPrior`: points in [0, 1], as many weights ≥ 0 that sum to 1 (within 1e-9). */
export function requireGridPrior(where: string, value: unknown): GridPrior {
  const prior = requireObject(where, value);
  const points = requireList(`${where}.points`, prior.points, 1);
  const weights = requireList(`${where}.weights`, prior.weights, 1);
  requireNumbers(`${where}.points`, points);
  requireNumbers(`${where}.weights`, weights);
  if (weights.length !== points.length) throw new InputError(`${where}.weights`, `must have as many items as points (${points.length})`, weights.length);
  points.forEach((p, j) => requireUnit(`${where}.points[${j}]`, p));
  weights.forEach((w, j) => {
    if (!((w as number) >= 0)) throw new InputError(`${where}.weights[${j}]`, 'must be ≥ 0', w);
  });
  const total = (weights as number[]).reduce((s, w) => s + w, 0);
  if (!(Math.abs(total - 1) <= 1e-9)) throw new InputError(`${where}.weights`, 'must sum to 1', total);
  return prior as unknown as GridPrior;
}
