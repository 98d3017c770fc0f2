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

/**
 * EM stops when an iteration raises the mean log-likelihood per task by less than this (the
 * log-likelihood of T tasks by less than T·3e-8), or after MAX_ITERATIONS. Per task, not absolute:
 * a sum over T tasks rises by T times as much for the same fit, so an absolute 1e-9 was never met
 * with 100 000 tasks (all 2000 iterations, where the intervals had not moved by 1e-4 pp since the
 * 100th). Against the absolute 1e-9 the this-benchmark bounds of the public logs moved by at most
 * 0.036 pp (docs/benchmarks.md, estimate-10m, 7 December 2026).
 */
const TOLERANCE = 3e-8;
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
 * mean log-likelihood per task rises by less than 3e-8 (at most 2000 iterations). Point masses at
 * 0 and 1, two-point and U-shaped populations are fitted as they are (no Beta shape to bend), then
 * mixed with the Jeffreys prior (equal weights on this grid) at the share ε = `jeffreysShare(T)`:
 * weights (1 − ε)·ŵ + ε/M.
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
  const key = `${epsilon}|${used.map(({ n, c, size }) => `${n} ${c} ${size}`).join(',')}`;
  const known = fits.get(key);
  if (known !== undefined) return known;
  const fitted = tasks === 0 ? new Float64Array(M).fill(1 / M) : emWeights(used, tasks);
  const prior: GridPrior = Object.freeze({ points: GRID, weights: Object.freeze(Array.from(fitted, (w) => (1 - epsilon) * w + epsilon / M)) });
  if (fits.size >= FIT_LIMIT) fits.delete(fits.keys().next().value!);
  fits.set(key, prior);
  return prior;
}

/**
 * The last `FIT_LIMIT` fits of `npmlePrior`, by share and groups in their order (EM's sums follow
 * it): the same counts are often fitted again (a two-sided interval and a gate's bound, each k of a
 * bound, both sides of a comparison); the fit is frozen, so it is shared as it is.
 */
const fits = new Map<string, GridPrior>();
const FIT_LIMIT = 16;

/**
 * The EM iterations of `npmlePrior` on the groups with n > 0 (T tasks in all): per iteration and
 * group, the products w_j·L_g(p_j) are formed once and serve both the marginal Σ_j w_j·L_g(p_j)
 * and the update, over the points where L_g is not 0 (elsewhere a term is exactly 0 and changes no
 * sum), into a buffer reused between iterations; L_g comes from `gridLikelihood`'s cache. The same
 * operations in the same order as the update written out, so the weights are the same to the bit
 * (test/sim/taskAverage/gridPrior.test.ts checks this against the plain loop).
 */
function emWeights(groups: readonly CountGroup[], tasks: number): Float64Array {
  const M = GRID.length;
  const G = groups.length;
  const rows = groups.map(({ n, c }) => gridLikelihood(GRID, n, c));
  const sizes = Float64Array.from(groups, ({ size }) => size);
  // Per group, the first and one past the last point where its likelihood is not 0.
  const from = Int32Array.from(rows, (row) =>
    Math.max(
      0,
      row.findIndex((value) => value > 0),
    ),
  );
  const to = Int32Array.from(rows, (row) => M - [...row].reverse().findIndex((value) => value > 0));
  const product = new Float64Array(M);
  let weights = new Float64Array(M).fill(1 / M);
  let next = new Float64Array(M);
  let previous = -Infinity;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    next.fill(0);
    let logLik = 0;
    for (let g = 0; g < G; g++) logLik += emGroup(rows[g]!, from[g]!, to[g]!, sizes[g]!, tasks, weights, next, product);
    const swap = weights;
    weights = next;
    next = swap;
    if (logLik - previous < TOLERANCE * tasks) break;
    previous = logLik;
  }
  return weights;
}

/**
 * One group's share of an EM iteration of `emWeights`: adds w_j·L_g(p_j)·size/(T·marginal) to
 * `next` over the points start..end − 1 and returns size·ln(marginal). A small function of its own,
 * called once per group and iteration, so V8 compiles it optimised early: inside the iteration loop
 * the sums ran unoptimised until that loop's on-stack replacement was compiled (the 10M-row bench
 * file's fit, cold: 26.4 → 20.1 ms of CPU, median of 15 alternating processes, 7 December 2026).
 */
function emGroup(
  row: Float64Array,
  start: number,
  end: number,
  size: number,
  tasks: number,
  weights: Float64Array,
  next: Float64Array,
  product: Float64Array,
): number {
  let marginal = 0;
  for (let j = start; j < end; j++) {
    const term = row[j]! * weights[j]!;
    product[j] = term;
    marginal += term;
  }
  const scale = size / (tasks * marginal);
  for (let j = start; j < end; j++) next[j]! += product[j]! * scale;
  return size * Math.log(marginal);
}

/** Cached rows of `gridLikelihood` on `GRID`, by "n c"; emptied when it reaches `CACHE_LIMIT` rows. */
const gridRows = new Map<string, Float64Array>();
/** At most this many cached rows (8 MB). */
const CACHE_LIMIT = 10_000;

/**
 * Binomial(c; n, p_j) at each point; where every value underflows to 0 (n of the order of 10⁶ and
 * more, its likelihood peaked between two points), the same up to one factor, from the logs
 * c·ln p + (n − c)·ln(1 − p) less their largest: EM's weights and a posterior are unchanged by a
 * factor per task, and counts that do not underflow get exactly the values as before. On `GRID`
 * each (n, c) is computed once and kept (up to `CACHE_LIMIT` rows; read only, never changed).
 */
function gridLikelihood(points: readonly number[], n: number, c: number): Float64Array {
  if (points !== GRID) return likelihoodRow(points, n, c);
  const key = `${n} ${c}`;
  let row = gridRows.get(key);
  if (row === undefined) {
    if (gridRows.size >= CACHE_LIMIT) gridRows.clear();
    row = likelihoodRow(points, n, c);
    gridRows.set(key, row);
  }
  return row;
}

/** `gridLikelihood` computed. */
function likelihoodRow(points: readonly number[], n: number, c: number): Float64Array {
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
