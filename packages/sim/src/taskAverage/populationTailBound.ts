import type { CountGroup } from '../estimators/taskAverage.js';
import { binomialRatio } from '../estimators/binomialRatio.js';
import { binomialSf } from '../math/binomialCdf.js';
import { taskEstimate, type TaskMetric } from './taskValues.js';

/** The sum of the per-task estimates is measured in whole units of 1/UNITS of the observed sum. */
const UNITS = 512;
/** Grid points in (0, 1] on which each level's slope is searched before the local refinement. */
const SLOPE_GRID = 1024;
/**
 * The most work on the sum's law, Σ over task sizes of tasks × (levels + 1) × (UNITS + 1)
 * multiply-adds per θ, before the bound is not computed: about 100 tasks of 16 trials at pass^8, or
 * 2 tasks of 480. It keeps `passk plan gate`, which computes the bound thousands of times, within
 * seconds (docs/uncertainty-history.md, tail round), the slopes to compute below 1 000, and the
 * rounding of each value to S_obs/UNITS small against S_obs. It is counted from the design (task
 * sizes and how many tasks have each, every possible level), not from the successes.
 */
const SUM_WORK_BUDGET = 5e5;

/**
 * A one-sided bound on the task-averaged pass@k or pass^k that holds for every task population,
 * whatever its shape (`taskAverageBound` uses it where the score bound is within one effective count
 * of the edge). With θ = E g(p), g(p) = pᵏ (pass^k) or 1 − (1 − p)ᵏ (pass@k), and S = Σ_t u(c_t)
 * the sum of the unbiased per-task estimates (lower side; the upper side mirrors successes and
 * failures: 1 − pass@k is pass^k of the failures, 1 − pass^k pass@k of the failures):
 * - every level set {c ≥ j} of the estimate has P(c ≥ j) = E P(Bin(n, p) ≥ j) ≤ K_j·θ with
 *   K_j = sup_p P(Bin(n, p) ≥ j)/g(p) (the line through 0 at that slope lies above every point
 *   (g(p), P(Bin(n, p) ≥ j)), so above their convex hull, which holds every population's pair);
 * - so each task's estimate lies stochastically below the law with P(u ≥ u(j)) = min(1, K_j·θ), and
 *   S below the sum P_θ of independent such draws, which grows with θ; each value is rounded up to
 *   whole units of S_obs/512, which only raises P_θ;
 * - the bound L = inf {θ : P_θ(S ≥ S_obs) > α} exceeds the truth θ₀ only where P_θ₀ ≤ α, which has
 *   probability at most α (test inversion; Lehmann & Romano, Testing Statistical Hypotheses, §3.5).
 * At one task of ten at 13 of 16 and the rest below 8, pass^8, 95 %: 0.0011943, where the best
 * bound valid for every population lies in [0.00119, 0.00120] (test/reference/valid_lower_bound_union.py).
 * null where the design needs more work than SUM_WORK_BUDGET allows, or no task has n ≥ k.
 * Python reference: test/reference/population_tail_bound.py.
 */
export function populationTailBound(groups: readonly CountGroup[], metric: TaskMetric, k: number, tail: number, side: 'lower' | 'upper'): number | null {
  if (side === 'upper') {
    const failures = groups.map(({ n, c, size }) => ({ n, c: n - c, size }));
    const lower = populationTailBound(failures, metric === 'passAtK' ? 'passHatK' : 'passAtK', k, tail, 'lower');
    return lower === null ? null : 1 - lower;
  }
  const tasks = groups.filter(({ n, size }) => n >= k && size > 0);
  if (tasks.length === 0) return null;
  const observed = tasks.reduce((sum, { n, c, size }) => sum + size * taskEstimate(metric, n, c, k), 0);
  if (observed === 0) return 0;
  const sizes = new Map<number, number>();
  for (const { n, size } of tasks) sizes.set(n, (sizes.get(n) ?? 0) + size);
  if (!withinBudget(sizes, metric, k)) return null;
  const laws: SizeLaw[] = [...sizes].map(([n, count]) => ({
    ladder: unitLadder(metric, n, k, observed).map((step) => ({ ...step, slope: levelSlope(metric, n, k, step.from) })),
    tasks: count,
  }));
  return smallestExceeding((theta) => sumReachesProbability(laws, theta), tail);
}

/** Whether the design's sum-law work, with every possible level an atom, fits SUM_WORK_BUDGET. */
function withinBudget(sizes: ReadonlyMap<number, number>, metric: TaskMetric, k: number): boolean {
  let work = 0;
  for (const [n, count] of sizes) work += count * (Math.min(n - lowestLevel(metric, k) + 1, UNITS) + 1) * (UNITS + 1);
  return work <= SUM_WORK_BUDGET;
}

/** A level of one task size: estimates at c ≥ `from` are at least `units` units. */
interface Step {
  readonly from: number;
  readonly units: number;
}

/** The distinct unit counts of the estimates at c = 0..n, highest first, each with the smallest c that reaches it. */
function unitLadder(metric: TaskMetric, n: number, k: number, observed: number): Step[] {
  const steps: Step[] = [];
  for (let c = n; c >= 0; c--) {
    const value = taskEstimate(metric, n, c, k);
    if (value === 0) break;
    const units = Math.min(UNITS, Math.ceil((value / observed) * UNITS));
    if (steps.length > 0 && steps[steps.length - 1]!.units === units) steps[steps.length - 1] = { from: c, units };
    else steps.push({ from: c, units });
  }
  return steps;
}

/** The smallest count whose estimate is above 0: k for pass^k, 1 for pass@k. */
function lowestLevel(metric: TaskMetric, k: number): number {
  return metric === 'passHatK' ? k : 1;
}

/** g(p): pass^k pᵏ or pass@k 1 − (1 − p)ᵏ. */
function metricAt(metric: TaskMetric, k: number, p: number): number {
  return metric === 'passHatK' ? Math.pow(p, k) : -Math.expm1(k * Math.log1p(-p));
}

/**
 * K_j = sup over p in (0, 1] of P(Bin(n, p) ≥ j)/g(p). At the lowest level (j = k for pass^k, 1 for
 * pass@k) it is the limit at p → 0, C(n, k) or n/k: P(Bin ≥ k) ≤ C(n, k)pᵏ (a union over k-sets), and
 * (1 − qⁿ)/(1 − qᵏ) is the mean of qⁱ over i < n against over i < k, so at most n/k. Above it, the
 * largest of a grid, refined by golden section between its neighbours.
 */
function levelSlope(metric: TaskMetric, n: number, k: number, from: number): number {
  if (from === lowestLevel(metric, k)) return metric === 'passHatK' ? 1 / binomialRatio(n, k, k) : n / k;
  const key = `${metric} ${n} ${k} ${from}`;
  const known = slopes.get(key);
  if (known !== undefined) return known;
  if (slopes.size >= SLOPE_MEMORY) slopes.clear();
  const slope = searchedSlope(metric, n, k, from);
  slopes.set(key, slope);
  return slope;
}

/**
 * Slopes computed before, by (metric, n, k, level): a gate's design is simulated with the same task
 * sizes thousands of times (`gateDesign`). A pure function's values, so the cache changes no result;
 * cleared when full.
 */
const slopes = new Map<string, number>();
const SLOPE_MEMORY = 65_536;

/** K_j above the lowest level: the largest ratio on the grid, refined by golden section between its neighbours. */
function searchedSlope(metric: TaskMetric, n: number, k: number, from: number): number {
  const ratio = (p: number): number => binomialSf(from - 1, n, p) / metricAt(metric, k, p);
  let best = 1;
  let at = SLOPE_GRID;
  for (let i = 1; i <= SLOPE_GRID; i++) {
    const value = ratio(i / SLOPE_GRID);
    if (value > best) [best, at] = [value, i];
  }
  let a = (at - 1) / SLOPE_GRID;
  let b = Math.min(1, (at + 1) / SLOPE_GRID);
  const golden = (Math.sqrt(5) - 1) / 2;
  for (let step = 0; step < 48; step++) {
    const left = b - golden * (b - a);
    const right = a + golden * (b - a);
    const [fl, fr] = [ratio(left), ratio(right)];
    best = Math.max(best, fl, fr);
    if (fl < fr) a = left;
    else b = right;
  }
  return best;
}

/** One task size's extreme law: P(u ≥ the step's value) = min(1, K·θ), and how many tasks have it. */
interface SizeLaw {
  readonly ladder: readonly (Step & { readonly slope: number })[];
  readonly tasks: number;
}

/** P_θ(S ≥ S_obs): the sum of independent draws from each size's extreme law reaches UNITS units. */
function sumReachesProbability(laws: readonly SizeLaw[], theta: number): number {
  let dist = pointMass();
  for (const { ladder, tasks } of laws) {
    const law = new Float64Array(UNITS + 1);
    let reached = 0;
    for (const { units, slope } of ladder) {
      const share = Math.max(reached, Math.min(1, slope * theta));
      law[units] += share - reached;
      reached = share;
    }
    law[0] += 1 - reached;
    for (let t = 0; t < tasks; t++) dist = addDraw(dist, law);
  }
  return dist[UNITS]!;
}

/** The law of 0 units. */
function pointMass(): Float64Array {
  const dist = new Float64Array(UNITS + 1);
  dist[0] = 1;
  return dist;
}

/** The law of a capped sum plus an independent draw from `b`, capped at UNITS: UNITS × (b's atoms) multiply-adds. */
function addDraw(a: Float64Array, b: Float64Array): Float64Array {
  const next = new Float64Array(UNITS + 1);
  const support: number[] = [];
  for (let y = 0; y <= UNITS; y++) if (b[y] !== 0) support.push(y);
  for (let x = 0; x <= UNITS; x++) {
    const mass = a[x]!;
    if (mass === 0) continue;
    for (const y of support) next[Math.min(UNITS, x + y)] += mass * b[y]!;
  }
  return next;
}

/**
 * inf {θ in [0, 1] : P(θ) > tail} from below, for P non-decreasing in θ with P(1) > tail: a bracket
 * [low, high] in x = ln θ with P(low) ≤ tail < P(high), a decade wide (or up to θ = 1), narrowed by
 * regula falsi on ln P − ln tail (nearly linear in ln θ: P ≈ 1 − (1 − Kθ)^T) with the Illinois
 * halving when one end stays twice, and a bisection step after a step that takes less than half the
 * bracket off; down to a width of 1e-10 (relative in θ). Returns e^low, never above the infimum; 0
 * where P > tail down to θ = 1e-300.
 */
function smallestExceeding(probability: (theta: number) => number, tail: number): number {
  const gap = (x: number): number => Math.log(probability(Math.exp(x))) - Math.log(tail);
  // A bracket one decade wide, from θ = 10⁻³ down or up.
  const decade = Math.log(10);
  let [low, high] = [Math.log(1e-3), Math.log(1e-2)];
  let [lowGap, highGap] = [gap(low), Number.NaN];
  while (lowGap > 0) {
    if (low < Math.log(1e-300)) return 0;
    [high, highGap] = [low, lowGap];
    low -= decade;
    lowGap = gap(low);
  }
  while (Number.isNaN(highGap)) {
    const value = gap(Math.min(high, 0));
    if (value > 0 || high >= 0) [high, highGap] = [Math.min(high, 0), value];
    else [low, lowGap, high] = [high, value, high + decade];
  }
  let kept: 'low' | 'high' | null = null;
  let bisect = !Number.isFinite(lowGap);
  while (high - low > 1e-10) {
    const width = high - low;
    let x = bisect ? (low + high) / 2 : low - (lowGap * (high - low)) / (highGap - lowGap);
    if (!(x > low && x < high)) x = (low + high) / 2;
    const value = gap(x);
    if (value > 0) {
      [high, highGap] = [x, value];
      if (kept === 'low') lowGap /= 2;
      kept = 'low';
    } else {
      [low, lowGap] = [x, value];
      if (kept === 'high') highGap /= 2;
      kept = 'high';
    }
    bisect = !Number.isFinite(lowGap) || high - low > width / 2;
  }
  return Math.exp(low);
}
