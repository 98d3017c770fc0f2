import { taskAverageBound, type TaskAverageBoundMethod } from '../taskAverage/taskAverageBound.js';
import { requireFinite, requireK, requireObject, requireOneOf } from '../checkArgs.js';
import { requireOpenUnit, requireUnit } from '../checks.js';
import { compareRuns, requireRun } from '../compare/compareRuns.js';
import { InputError } from '../errors.js';
import type { CompareMetric } from '../compare/compareMetric.js';
import type { Run } from '../compare/runTasks.js';
import { averageOverTasks } from '../estimators/taskAverage.js';

/** Comparisons a gate requirement may use. ≥ and > test the lower confidence bound, ≤ and < the upper. */
export type RequirementOp = '>=' | '>' | '<=' | '<';

const REQUIREMENT_OPS: readonly RequirementOp[] = ['>=', '>', '<=', '<'];

/** One requirement of a gate: `passHat@4 >= 0.8` (the candidate's own value) or `delta(pass@1) >= -0.02` (candidate − baseline). */
export interface GateRequirement {
  /** true: the difference candidate − baseline; false: the candidate's own value. */
  readonly delta: boolean;
  readonly metric: CompareMetric;
  /** null for meanSuccess. */
  readonly k: number | null;
  readonly op: RequirementOp;
  /** As a probability (or a difference of probabilities). */
  readonly threshold: number;
}

/** How a gate judges its requirements: the one-sided confidence level, the estimand, the overlap needed to pair by task. */
export interface GateRule {
  /** One-sided level in (0.5, 1). */
  readonly confidence: number;
  /** `population`: tasks like these; `benchmark`: these tasks rerun, only the trials random. */
  readonly estimand: 'population' | 'benchmark';
  /** Pair by task when the runs share at least this share of their tasks (compareRuns' minOverlap). */
  readonly minOverlap: number;
}

/** A requirement judged: the estimate, the bound it was judged by and whether it passed. */
export interface JudgedRequirement {
  readonly status: 'judged';
  readonly estimate: number;
  /** The one-sided bound: lower for ≥ and >, upper for ≤ and <. */
  readonly bound: number;
  readonly side: 'lower' | 'upper';
  readonly pass: boolean;
  /**
   * Which bound judged an own requirement (`taskAverageBound`); a delta is always judged by its
   * difference interval (`interval`).
   */
  readonly method: TaskAverageBoundMethod;
  /** Tasks counted: the candidate's tasks with n ≥ k, or for a delta the paired (common) tasks or, unpaired, the baseline's. */
  readonly tasks: number;
  /** For a delta: paired by task or not, and the runs' overlap; null for an own requirement. */
  readonly pairing: { readonly paired: boolean; readonly overlap: number } | null;
}

/** Why a requirement could not be judged: no task with n ≥ k, or too few tasks for a bound (the largest n of the candidate, for the message). */
export interface UnjudgedRequirement {
  readonly status: 'not estimable' | 'no bound';
  readonly largestN: number;
}

/**
 * The rule of `passk gate` for one requirement — the one implementation that the gate and the
 * design of a gate (`gateDesign`) share. An own requirement `metric@k OP t` is judged by the side
 * it needs (lower for ≥ and >, upper for ≤ and <) of the two-sided interval at level 2c − 1 of the
 * task-averaged metric (`taskAverageBound`: the task population, exact where every task is at 0 or
 * 1 and valid for every population at the score bound's edge, or this benchmark); `delta(metric@k)
 * OP t` by the same side of compare's difference interval (`compareRuns`: paired-difference score
 * interval of the task population, Welch t when unpaired, or this benchmark's difference interval),
 * without compare's permutation test. meanSuccess is pass@1.
 * Example: 2 successes in 50 one-trial tasks, `pass@1 >= 0.01` at 95 %: lower bound
 * beta.ppf(0.05, 2, 49) = 0.0071537 < 0.01 → FAIL (test/sim/taskAverage/binaryValues.test.ts has the bound).
 */
export function judgeRequirement(requirement: GateRequirement, candidate: Run, baseline: Run | null, rule: GateRule): JudgedRequirement | UnjudgedRequirement {
  requireGateRequirement('requirement', requirement);
  requireRun('candidate', candidate);
  if (baseline !== null) requireRun('baseline', baseline);
  requireGateRule('rule', rule);
  const k = requirement.k ?? 1;
  const side = requirement.op === '>=' || requirement.op === '>' ? 'lower' : 'upper';
  const largestN = candidate.tasks.reduce((max, task) => Math.max(max, task.n), 0);
  if (requirement.delta && baseline === null) throw new InputError('baseline', 'a delta(…) requirement needs the baseline run', null);
  if (!requirement.delta) {
    const metric = requirement.metric === 'passHatK' ? 'passHatK' : 'passAtK';
    const [row] = averageOverTasks(candidate.tasks, [k]);
    const mean = row![metric];
    if (mean === null) return { status: 'not estimable', largestN };
    const found = taskAverageBound(candidate.tasks, { metric, k, confidence: rule.confidence, side, estimand: rule.estimand });
    if (found === null) return { status: 'no bound', largestN };
    const pass = meets(requirement, found.bound);
    return { status: 'judged', estimate: mean.value, bound: found.bound, side, pass, method: found.method, tasks: row!.estimableTasks, pairing: null };
  }
  const comparison = compareRuns(baseline!, candidate, {
    ks: [k],
    confidence: 2 * rule.confidence - 1,
    sides: 2,
    bootstrap: 0,
    minOverlap: rule.minOverlap,
    pValues: false,
  });
  const metric = requirement.metric === 'meanSuccess' ? comparison.meanSuccess : comparison.rows[0]![requirement.metric];
  if (metric === null) return { status: 'not estimable', largestN };
  const interval = rule.estimand === 'population' ? metric.interval : metric.benchmark;
  if (interval === null) return { status: 'no bound', largestN };
  const bound = side === 'lower' ? interval.lower : interval.upper;
  const paired = comparison.pairing.mode === 'paired';
  const tasks = requirement.metric === 'meanSuccess' ? comparison.pairing.tasks.common : comparison.rows[0]!.tasks.baseline;
  const pass = meets(requirement, bound);
  return {
    status: 'judged',
    estimate: metric.difference,
    bound,
    side,
    pass,
    method: 'interval',
    tasks,
    pairing: { paired, overlap: comparison.pairing.overlap },
  };
}

/** Whether a bound meets the requirement's threshold by its comparison (`costPerSolved@1 <= 2.5`: upper bound ≤ 2.5). */
export function meets(requirement: Pick<GateRequirement, 'op' | 'threshold'>, bound: number): boolean {
  requireObject('requirement', requirement);
  const op = requireOneOf('requirement.op', requirement.op, REQUIREMENT_OPS);
  const t = requireFinite('requirement.threshold', requirement.threshold);
  if (typeof bound !== 'number' || Number.isNaN(bound)) throw new InputError('bound', 'must be a number (±∞ allowed)', bound);
  switch (op) {
    case '>=':
      return bound >= t;
    case '>':
      return bound > t;
    case '<=':
      return bound <= t;
    case '<':
      return bound < t;
  }
}

/** A `GateRequirement`: its fields checked (a delta threshold in [−1, 1], an own one in [0, 1]). */
export function requireGateRequirement(where: string, value: unknown): GateRequirement {
  const requirement = requireObject(where, value);
  if (typeof requirement.delta !== 'boolean') throw new InputError(`${where}.delta`, 'must be true or false', requirement.delta);
  const metric = requireOneOf(`${where}.metric`, requirement.metric, ['passAtK', 'passHatK', 'meanSuccess'] as const);
  if (metric !== 'meanSuccess') requireK(`${where}.k`, requirement.k);
  else if (requirement.k !== null) throw new InputError(`${where}.k`, 'must be null for meanSuccess', requirement.k);
  requireOneOf(`${where}.op`, requirement.op, REQUIREMENT_OPS);
  const threshold = requirement.threshold;
  const [low, high] = requirement.delta ? [-1, 1] : [0, 1];
  if (typeof threshold !== 'number' || !(threshold >= low && threshold <= high)) {
    throw new InputError(`${where}.threshold`, `must be in [${low}, ${high}]`, threshold);
  }
  return value as GateRequirement;
}

/** A `GateRule`: confidence in (0.5, 1), estimand population or benchmark, minOverlap in [0, 1]. */
export function requireGateRule(where: string, value: unknown): GateRule {
  const rule = requireObject(where, value);
  const confidence = requireOpenUnit(`${where}.confidence`, rule.confidence);
  if (confidence <= 0.5) throw new InputError(`${where}.confidence`, 'must be above 0.5 for a one-sided bound', confidence);
  requireOneOf(`${where}.estimand`, rule.estimand, ['population', 'benchmark'] as const);
  requireUnit(`${where}.minOverlap`, rule.minOverlap);
  return value as GateRule;
}

/**
 * Whether a requirement holds when nothing changes, so that a FAIL then is a false one: a delta
 * when a difference of 0 meets it (`delta(pass@1) >= -0.02` does, `delta(pass@1) >= 0.05` does not),
 * an own requirement when the agent's task-averaged estimate on `tasks` (the pilot) meets it.
 * Example: `pass@1 >= 0.5` on tasks 3/4 and 1/4 → estimate 0.5 → true.
 */
export function holdsWithoutChange(requirement: GateRequirement, tasks: readonly { readonly n: number; readonly c: number }[]): boolean {
  requireGateRequirement('requirement', requirement);
  if (requirement.delta) return meets(requirement, 0);
  const metric = requirement.metric === 'passHatK' ? 'passHatK' : 'passAtK';
  const mean = averageOverTasks(tasks, [requirement.k ?? 1])[0]![metric];
  return mean !== null && meets(requirement, mean.value);
}
