import { requireOpenUnit } from '../checks.js';
import { requireK, requireObject, requireOneOf, requireString } from '../checkArgs.js';
import { matchTasks } from '../compare/matchTasks.js';
import { meanAndSe, type MeanAndSe } from '../math/meanAndSe.js';
import type { TaskId } from '../compare/runTasks.js';
import { studentTQuantile } from '../math/studentT.js';
import { checkCostTasks, COST_INTERVAL_METHOD, costRatioValues, type CostTask } from './costPerSolved.js';
import { RATIO_INTERVAL_METHODS, ratioInterval, type RatioEstimate, type RatioIntervalMethod } from './ratioInterval.js';
import type { Interval } from '../intervals/interval.js';

/** A run whose tasks carry their attempts' cost (`CostTask` with the task's id). */
export interface CostRun {
  readonly name: string;
  readonly tasks: readonly (CostTask & { readonly id: TaskId })[];
}

/** B − A of a cost over the same tasks, with its SE and two-sided interval. */
export interface CostDelta {
  /** Candidate − baseline; null where either side has no value. */
  readonly difference: number | null;
  /** Paired SE over tasks; null with fewer than 2 tasks or no value. */
  readonly se: number | null;
  /** difference ± t_{T−1}·se; null without an SE. */
  readonly interval: Interval | null;
}

/** The cost side of a comparison of two runs at k, over the tasks both ran, both priced, both with n ≥ k. */
export interface CostComparison {
  readonly k: number;
  /** Tasks compared. */
  readonly tasks: number;
  /** Mean cost per attempt (task-averaged c̄) of each run, and B − A paired by task. */
  readonly perAttempt: { readonly baseline: MeanAndSe; readonly candidate: MeanAndSe } & CostDelta;
  /** Cost per solved task at k of each run (`costPerSolved` on the compared tasks), and R_B − R_A. */
  readonly perSolved: { readonly baseline: RatioEstimate; readonly candidate: RatioEstimate } & CostDelta;
  readonly method: RatioIntervalMethod;
}

/**
 * Compares the costs of two runs over the tasks both ran (matched by id, `matchTasks`), both with a
 * priced attempt and n ≥ k. Per attempt: d_t = c̄_B,t − c̄_A,t, the paired t interval d̄ ± t_{T−1}·sd(d)/√T
 * (Student 1908). Per solved task: each run's ratio R = Σk·c̄_t/Σπ̂_t(k) (`costPerSolved`) and their
 * difference D = R_B − R_A with the delta-method SE over paired tasks, from the influence values
 * u_t = (x_B,t − R_B·y_B,t)/ȳ_B − (x_A,t − R_A·y_A,t)/ȳ_A: SE = sd(u)/√T (Cochran 1977 §6.4 for one
 * ratio; the two are linearised on the same tasks, so their covariance is in sd(u)); interval
 * D ± t_{T−1}·SE. Example (Python reference test/reference/cost_ratio.py): see
 * test/sim/cost/costPerSolved.test.ts.
 */
export function compareCosts(
  baseline: CostRun,
  candidate: CostRun,
  options: { readonly k: number; readonly confidence: number; readonly method?: RatioIntervalMethod },
): CostComparison {
  const o = requireObject('options', options);
  const k = requireK('k', o.k);
  const confidence = requireOpenUnit('confidence', o.confidence);
  const method = o.method === undefined ? COST_INTERVAL_METHOD : requireOneOf('method', o.method, RATIO_INTERVAL_METHODS);
  for (const [where, run] of [
    ['baseline', baseline],
    ['candidate', candidate],
  ] as const) {
    requireObject(where, run);
    requireString(`${where}.name`, run.name);
    checkCostTasks(`${where}.tasks`, run.tasks);
  }
  const match = matchTasks(baseline, candidate);
  const byIdA = new Map(baseline.tasks.map((task) => [task.id, task]));
  const byIdB = new Map(candidate.tasks.map((task) => [task.id, task]));
  const usable = (task: CostTask) => task.priced > 0 && task.n >= k;
  const pairs = match.pairs.map((pair) => [byIdA.get(pair.id)!, byIdB.get(pair.id)!] as const).filter(([a, b]) => usable(a) && usable(b));
  const a = costRatioValues(
    pairs.map(([task]) => task),
    k,
  );
  const b = costRatioValues(
    pairs.map(([, task]) => task),
    k,
  );
  const count = pairs.length;
  const q = count >= 2 ? studentTQuantile(1 - (1 - confidence) / 2, count - 1) : Number.NaN;
  const interval = (difference: number | null, se: number | null): Interval | null =>
    difference === null || se === null ? null : { lower: difference - q * se, upper: difference + q * se };

  const perAttemptDiff = new Float64Array(count);
  for (let i = 0; i < count; i++) perAttemptDiff[i] = b.perAttempt[i]! - a.perAttempt[i]!;
  const attempt = count === 0 ? { value: null, se: null } : meanAndSe(perAttemptDiff);

  const ratioA = ratioInterval(a.x, a.y, confidence, method);
  const ratioB = ratioInterval(b.x, b.y, confidence, method);
  const solved = ratioDifference(a, b, ratioA.value, ratioB.value);
  return {
    k,
    tasks: count,
    perAttempt: {
      baseline: count === 0 ? { value: 0, se: null } : meanAndSe(a.perAttempt),
      candidate: count === 0 ? { value: 0, se: null } : meanAndSe(b.perAttempt),
      difference: attempt.value,
      se: attempt.se,
      interval: interval(attempt.value, attempt.se),
    },
    perSolved: { baseline: ratioA, candidate: ratioB, ...solved, interval: interval(solved.difference, solved.se) },
    method,
  };
}

type Values = { readonly x: Float64Array; readonly y: Float64Array };

/** R_B − R_A and its delta-method SE sd(u)/√T over the paired tasks (null where a ratio is undefined). */
function ratioDifference(a: Values, b: Values, ratioA: number | null, ratioB: number | null): { difference: number | null; se: number | null } {
  if (ratioA === null || ratioB === null) return { difference: null, se: null };
  const count = a.x.length;
  const meanA = meanAndSe(a.y).value;
  const meanB = meanAndSe(b.y).value;
  const u = new Float64Array(count);
  for (let i = 0; i < count; i++) u[i] = (b.x[i]! - ratioB * b.y[i]!) / meanB - (a.x[i]! - ratioA * a.y[i]!) / meanA;
  return { difference: ratioB - ratioA, se: meanAndSe(u).se };
}
