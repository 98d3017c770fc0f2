import { requireInteger, requireOpenUnit, requirePositive } from '../checks.js';
import { expectOver } from '../distributions/expectOver.js';
import { InputError } from '../errors.js';
import { binomialRatio, oneMinusBinomialRatio } from '../estimators/binomialRatio.js';
import { binomialPmf } from '../math/binomialPmf.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { SuccessRateDist } from '../scenario/types.js';

/** Options of `planComparison`: the metric and k, agent A's task distribution (Beta), the difference to detect, the test's level and power, and the trials per task to tabulate. */
export interface CompareOptions {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  /** Agent A's tasks: p_t ~ Beta with this mean and concentration a + b. */
  readonly mean: number;
  readonly concentration: number;
  /** Difference to detect in the task-averaged metric, B − A (non-zero). */
  readonly delta: number;
  readonly power: number;
  /** Two-sided significance level. */
  readonly alpha: number;
  /** Trials per task to tabulate (each ≥ k); default k, 2k, 4k, 8k. */
  readonly trials?: readonly number[];
}

/** One number of trials per task in a `ComparePlan`: the spread of the paired differences and the tasks needed. */
export interface ComparePlanRow {
  /** Trials per task and agent. */
  readonly trials: number;
  /** sd over tasks of the per-task difference of unbiased estimates. */
  readonly sdDifference: number;
  /** Tasks needed (both agents run on the same tasks). */
  readonly tasks: number;
  /** Attempts in all: 2 agents × tasks × trials. */
  readonly attempts: number;
}

/** What `planComparison` returns: the task-averaged metric of both agents and, per number of trials, the tasks needed to detect the difference. */
export interface ComparePlan {
  readonly metric: 'passAtK' | 'passHatK';
  readonly k: number;
  readonly taskDistribution: { readonly dist: 'beta'; readonly a: number; readonly b: number };
  /** Task-averaged metric of agent A and of agent B. */
  readonly baseline: number;
  readonly comparison: number;
  /** Log-odds shift that turns each of A's tasks into B's. */
  readonly logOddsShift: number;
  readonly alpha: number;
  readonly power: number;
  readonly rows: readonly ComparePlanRow[];
  readonly method: string;
}

/**
 * Tasks needed to detect a difference Δ in task-averaged pass^k or pass@k between two agents run
 * on the same tasks (paired z-test on per-task differences D_t = θ̂_B,t − θ̂_A,t):
 *   T = ⌈(z_{1−α/2} + z_{power})² · Var(D) / Δ²⌉      (e.g. Chow, Shao & Wang 2008, §3.1)
 * Model: A's per-task rates p ~ Beta(mean, concentration); B's rate on the same task has the
 * log-odds of A's shifted by δ, solved so that B's metric is A's + Δ. Var(D) adds the spread of
 * the true per-task difference and both agents' within-task variance of the unbiased estimator,
 * E[θ̂²] − θ² summed exactly over c ~ Binomial(n, p); expectations over p by quadrature.
 */
export function planComparison(options: CompareOptions): ComparePlan {
  const k = requireInteger('k', options.k, 1);
  const mean = requireOpenUnit('mean', options.mean);
  const concentration = requirePositive('concentration', options.concentration);
  const alpha = requireOpenUnit('alpha', options.alpha);
  const power = requireOpenUnit('power', options.power);
  const delta = options.delta;
  if (typeof delta !== 'number' || !(Math.abs(delta) > 0 && Math.abs(delta) < 1)) {
    throw new InputError('delta', 'must be a non-zero number between −1 and 1', delta);
  }
  const trialsList = options.trials ?? [k, 2 * k, 4 * k, 8 * k];
  trialsList.forEach((n) => requireInteger('trials', n, k));
  const dist: SuccessRateDist & { dist: 'beta' } = { dist: 'beta', a: mean * concentration, b: (1 - mean) * concentration };
  const metric = options.metric === 'passHatK' ? (p: number) => p ** k : (p: number) => -Math.expm1(k * Math.log1p(-p));
  const baseline = expectOver(dist, metric);
  const comparison = baseline + delta;
  if (!(comparison > 0 && comparison < 1)) {
    throw new InputError('delta', `must keep agent B's metric inside (0, 1): A's is ${baseline.toFixed(4)}`, delta);
  }
  const shiftRate = (p: number, shift: number) => 1 / (1 + ((1 - p) / p) * Math.exp(-shift));
  const shift = solveShift((s) => expectOver(dist, (p) => metric(shiftRate(p, s))) - comparison);
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  const rows = trialsList.map((n) => {
    const withinVariance = estimatorVariance(options.metric, n, k);
    const variance =
      expectOver(dist, (p) => {
        const q = shiftRate(p, shift);
        return (metric(q) - metric(p)) ** 2 + withinVariance(p) + withinVariance(q);
      }) -
      delta * delta;
    const tasks = Math.ceil((z * z * variance) / (delta * delta));
    return { trials: n, sdDifference: Math.sqrt(variance), tasks, attempts: 2 * tasks * n };
  });
  return {
    metric: options.metric,
    k,
    taskDistribution: dist,
    baseline,
    comparison,
    logOddsShift: shift,
    alpha,
    power,
    rows,
    method:
      "paired z-test on per-task differences of unbiased estimates; A's task rates ~ Beta(mean, concentration), " +
      "B's = A's shifted on the log-odds scale; Var(D) = spread of true differences + within-task estimator variance of both agents",
  };
}

/** v(p) = Var(θ̂ | p) for the unbiased estimator from n trials: Σ_c P(c) θ̂(c)² − (Σ_c P(c) θ̂(c))². */
function estimatorVariance(metric: 'passAtK' | 'passHatK', n: number, k: number): (p: number) => number {
  const values = Float64Array.from({ length: n + 1 }, (_, c) => (metric === 'passHatK' ? binomialRatio(n, c, k) : oneMinusBinomialRatio(n, n - c, k)));
  return (p) => {
    let first = 0;
    let second = 0;
    for (let c = 0; c <= n; c++) {
      const weight = binomialPmf(c, n, p);
      first += weight * values[c]!;
      second += weight * values[c]! ** 2;
    }
    return Math.max(0, second - first * first);
  };
}

/** Root of an increasing function on the log-odds scale, by bisection. */
function solveShift(f: (shift: number) => number): number {
  let low = -40;
  let high = 40;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (f(mid) < 0) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
