import { requireInteger } from '../checks.js';
import { InputError } from '../errors.js';
import { streamRng } from '../rng/streams.js';
import { DEFAULT_PERMUTATIONS } from './episodePermutationTest.js';
import type { DependenceTest, RunOrderDriftOptions } from './types.js';

/** Exact when every task's arrangements can be listed (at most this many each) — the sums are then convolved. */
const EXACT_PER_TASK = 100_000;

/**
 * Drift with run order across separate runs: does the same agent succeed more (or less) on later
 * runs of a task? Per task its trials in run order x_1..x_n; statistic R = Σ_t Σ_j (j − (n_t + 1)/2)·x_tj
 * (a stratified trend: each task compared only with itself, so the spread of p between tasks does
 * not enter). Under H0 (trials iid given the task) every arrangement of a task's outcomes over its
 * runs is equally likely; two-sided p = P(|R*| ≥ |R|) over independent within-task permutations
 * (Good 2005, §3.5). Exact by convolving the tasks' distributions of 2·R_t (integers) when each
 * task has at most EXACT_PER_TASK arrangements; else B seeded permutations, p = (1 + b)/(B + 1).
 * Example: tasks [[F, T], [F, T]] → R = 1, of the 4 equally likely arrangements 2 reach |R| ≥ 1 → p = 0.5.
 */
export function testRunOrderDrift(tasks: readonly (readonly boolean[])[], options: RunOrderDriftOptions): DependenceTest {
  if (!Array.isArray(tasks) || tasks.length === 0) throw new InputError('tasks', 'must hold at least one task with trials in run order', tasks);
  const permutations = requireInteger('permutations', options?.permutations ?? DEFAULT_PERMUTATIONS, 1, 10_000_000);
  const informative: { x: Uint8Array; successes: number }[] = [];
  let attempts = 0;
  tasks.forEach((trials, i) => {
    if (!Array.isArray(trials)) throw new InputError(`tasks[${i}]`, 'must be a list of outcomes in run order', trials);
    trials.forEach((x, j) => {
      if (typeof x !== 'boolean') throw new InputError(`tasks[${i}][${j}]`, 'must be true (success) or false', x);
    });
    const successes = trials.filter(Boolean).length;
    if (successes === 0 || successes === trials.length) return;
    informative.push({ x: Uint8Array.from(trials, (v) => (v ? 1 : 0)), successes });
    attempts += trials.length;
  });
  const meaning =
    'Trend of success with run order within each task (later runs better or worse than earlier ones of the same task); ' +
    'small p: the runs drifted; it cannot see drift that changes every task alike between runs that are not ordered.';
  const base = { tasks: informative.length, episodes: attempts, attempts };
  if (informative.length === 0)
    return { method: 'stratified permutation trend (no task with both outcomes)', statistic: 0, pValue: 1, exact: true, meaning, ...base };
  // Twice the trend, so that every value is an integer: Σ (2j − n − 1)·x_j, j = 1..n.
  const twiceTrend = (x: Uint8Array) => x.reduce((sum, v, j) => sum + (v ? 2 * (j + 1) - x.length - 1 : 0), 0);
  const observed = informative.reduce((sum, task) => sum + twiceTrend(task.x), 0);
  const exact = informative.every((task) => task.x.length <= 30 && arrangements(task.x.length, task.successes) <= EXACT_PER_TASK);
  let pValue: number;
  if (exact) {
    let offset = 0;
    let pmf = Float64Array.of(1);
    for (const task of informative) {
      const values = taskTrends(task.x.length, task.successes);
      const min = values.reduce((m, v) => Math.min(m, v), Infinity);
      const max = values.reduce((m, v) => Math.max(m, v), -Infinity);
      const own = new Float64Array(max - min + 1);
      for (const v of values) own[v - min] += 1 / values.length;
      const next = new Float64Array(pmf.length + own.length - 1);
      for (let a = 0; a < pmf.length; a++) if (pmf[a] > 0) for (let b = 0; b < own.length; b++) next[a + b] += pmf[a] * own[b];
      pmf = next;
      offset += min;
    }
    pValue = 0;
    pmf.forEach((mass, i) => {
      if (Math.abs(i + offset) >= Math.abs(observed)) pValue += mass;
    });
    pValue = Math.min(1, pValue);
  } else {
    const rng = streamRng(options.seed, 'dependence', 'runOrderDrift');
    let extreme = 0;
    const work = informative.map((task) => task.x.slice());
    for (let b = 0; b < permutations; b++) {
      let r = 0;
      for (const x of work) {
        for (let i = x.length - 1; i > 0; i--) {
          const j = Math.floor(rng.uniform() * (i + 1));
          const tmp = x[i];
          x[i] = x[j];
          x[j] = tmp;
        }
        r += twiceTrend(x);
      }
      if (Math.abs(r) >= Math.abs(observed)) extreme++;
    }
    pValue = (1 + extreme) / (permutations + 1);
  }
  return {
    method: exact ? 'stratified permutation trend (exact)' : `stratified permutation trend (${permutations} random permutations)`,
    statistic: observed / 2,
    pValue,
    exact,
    meaning,
    ...base,
  };
}

function arrangements(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** 2·R of every arrangement of s successes among n runs. */
function taskTrends(n: number, s: number): number[] {
  const out: number[] = [];
  let mask = (1 << s) - 1;
  while (mask < 1 << n) {
    let r = 0;
    for (let j = 0; j < n; j++) if ((mask >>> j) & 1) r += 2 * (j + 1) - n - 1;
    out.push(r);
    const low = mask & -mask;
    const ripple = mask + low;
    mask = (((ripple ^ mask) / low) >>> 2) | ripple;
  }
  return out;
}
