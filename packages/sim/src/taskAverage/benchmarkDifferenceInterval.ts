import { studentTQuantile } from '../math/studentT.js';
import { InputError } from '../errors.js';
import { requireCountGroups, requireFinite, requireK, requireMeanIntervalOptions, requireMetric, requireObject } from '../checkArgs.js';
import type { CountGroup } from '../estimators/taskAverage.js';
import { npmlePrior, requireGridPrior, type GridPrior } from './gridPrior.js';
import { benchmarkMoments } from './benchmarkInterval.js';
import type { MeanIntervalOptions } from './populationInterval.js';
import type { TaskMetric } from './taskValues.js';
import type { Interval } from '../intervals/interval.js';

/** One agent's side of `benchmarkDifferenceInterval`: its tasks' counts and its fitted task population. */
export interface BenchmarkSide {
  readonly groups: readonly CountGroup[];
  /** The population fitted to these counts (`PopulationFits.grid`); null: fitted here (`npmlePrior`). */
  readonly prior: GridPrior | null;
}

/** `benchmarkDifferenceInterval` kept within the task-population interval (`withinPopulationInterval`, as `compareRuns` reports it), in words, for output notes and JSON. */
export const BENCHMARK_DIFFERENCE_METHOD =
  "Student t interval of the difference with each run's trial noise (the this-benchmark interval of each run: Var(θ̂ | p) averaged over each task's posterior, the larger under that run's two fitted task populations, a grid by nonparametric maximum likelihood and a Beta by moments), the two runs' trials independent, Welch–Satterthwaite degrees of freedom, kept within the task-population interval (this estimand has less noise)";

/**
 * Interval for the difference B − A on this benchmark: x̄_B − x̄_A against
 * (1/T_B) Σ θ(p_B,t) − (1/T_A) Σ θ(p_A,t) over exactly these tasks (paired: the same T tasks), where
 * only the trials are random. The two runs' trials are independent given the tasks, so
 * Var(x̄_B − x̄_A) = se_A² + se_B², each the squared SE of that run's this-benchmark interval
 * (`benchmarkInterval`: trial noise of each task under the run's fitted task populations,
 * `benchmarkTrialNoise`). Paired or not, the same tasks' between-task
 * spread is not part of this estimand, so pairing does not enter. Interval d ± t_ν·√(se_A² + se_B²),
 * ν = (se_A² + se_B²)² / (se_A⁴/(T_A − 1) + se_B⁴/(T_B − 1)) (Welch–Satterthwaite over the T − 1 df
 * each this-benchmark interval uses), clipped to [−1, 1]; one-sided: [d − t·se, 1].
 * Example (test/sim/taskAverage/benchmarkDifference.test.ts, Python reference): se_A = 0.05, se_B = 0.04
 * over 20 tasks each → ν = 36.253, t = 2.0276.
 * Coverage measured in docs/uncertainty.md ("compare", this benchmark). null when a side has no task with n ≥ k.
 */
export function benchmarkDifferenceInterval(
  a: BenchmarkSide,
  b: BenchmarkSide,
  metric: TaskMetric,
  k: number,
  options: MeanIntervalOptions,
): (Interval & { readonly estimate: number; readonly se: number; readonly df: number }) | null {
  for (const [where, side] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const { groups, prior } = requireObject(where, side);
    requireCountGroups(`${where}.groups`, groups);
    if (prior !== null) requireGridPrior(`${where}.prior`, prior);
  }
  requireMetric('metric', metric);
  requireK('k', k);
  requireMeanIntervalOptions('options', options);
  const sideA = benchmarkMoments(a.groups, metric, k, a.prior ?? npmlePrior(a.groups));
  const sideB = benchmarkMoments(b.groups, metric, k, b.prior ?? npmlePrior(b.groups));
  if (sideA === null || sideB === null) return null;
  const estimate = sideB.mean - sideA.mean;
  const va = sideA.se ** 2;
  const vb = sideB.se ** 2;
  const se = Math.sqrt(va + vb);
  const df = welchDf(va, sideA.tasks, vb, sideB.tasks);
  const alpha = 1 - options.confidence;
  const t = studentTQuantile(options.sides === 2 ? 1 - alpha / 2 : 1 - alpha, df);
  return {
    estimate,
    lower: Math.max(-1, estimate - t * se),
    upper: options.sides === 2 ? Math.min(1, estimate + t * se) : 1,
    se,
    df,
  };
}

/**
 * This benchmark's interval kept within the task population's (`compareRuns` prints it so): its
 * estimand has the trial noise alone, Var(d − θ_d) ≤ Var(d − θ), so on a side where the
 * population's interval (with its own calibrated quantile) is the narrower, that bound is used.
 * Where the trial-noise floor sets the population interval with few tasks (the README's 11 tasks of
 * 3–8 trials), its calibrated quantile is below this interval's t and the intersection is narrower.
 * Measured (docs/uncertainty.md, compare cells): no cell below [94 %, 97 %] ± 2 SE either way, two
 * more cells in it with the intersection. null population: `benchmark` as it is.
 */
export function withinPopulationInterval<B extends Interval>(benchmark: B, population: Interval | null): B {
  requireBounds('benchmark', benchmark);
  if (population === null) return benchmark;
  requireBounds('population', population);
  return { ...benchmark, lower: Math.max(benchmark.lower, population.lower), upper: Math.min(benchmark.upper, population.upper) };
}

/**
 * Welch–Satterthwaite degrees of freedom of va + vb, each with its T − 1; with one task on a side
 * that side counts as known (the normal quantile's df for it), and with both variances 0 the larger T − 1.
 */
function welchDf(va: number, tasksA: number, vb: number, tasksB: number): number {
  const dfA = tasksA > 1 ? tasksA - 1 : Infinity;
  const dfB = tasksB > 1 ? tasksB - 1 : Infinity;
  if (va + vb === 0) return Math.max(Math.min(dfA, dfB), 1);
  const df = (va + vb) ** 2 / (va ** 2 / dfA + vb ** 2 / dfB);
  return Math.min(MAX_DF, df);
}

/** Degrees of freedom beyond which the t quantile is the normal one to 6 digits. */
const MAX_DF = 1e6;

/** An interval `{ lower, upper }` with finite bounds, lower ≤ upper. */
function requireBounds(where: string, value: unknown): void {
  const { lower, upper } = requireObject(where, value);
  requireFinite(`${where}.lower`, lower);
  if (!(requireFinite(`${where}.upper`, upper) >= (lower as number))) throw new InputError(`${where}.upper`, `must be ≥ lower (${lower})`, upper);
}
