import { binomial } from '../distributions/binomial.js';
import { logGammaUnchecked } from '../math/logGamma.js';
import type { Rng } from '../rng/rng.js';
import type { Steps } from '../stepwise.js';
import type { PValue } from './signFlipTest.js';

/** One paired task: each run's trials n and successes c. */
export interface PairedCounts {
  readonly a: { readonly n: number; readonly c: number };
  readonly b: { readonly n: number; readonly c: number };
}

/** Options of `trialPermutationTestSteps`: when to enumerate, the random draws otherwise and their stream. */
export interface TrialPermutationOptions {
  /** Enumerate exactly when the tasks' numbers of possible splits multiply to at most this. */
  readonly exactCombinations: number;
  /** Random relabellings otherwise. */
  readonly replicates: number;
  readonly rng: () => Rng;
}

/** One task's null distribution: the difference d at each possible c_B and its probability. */
interface TaskSplits {
  readonly differences: Float64Array;
  readonly probabilities: Float64Array;
}

/** Random relabellings drawn between two yields. */
const RELABELLINGS_PER_STEP = 10_000;

/**
 * Two-sided permutation test of "the same success rate in both runs, task by task", valid when the
 * runs have different numbers of trials on a task (where the sign-flip test is not: with n_A ≠ n_B
 * a task's difference θ̂_B − θ̂_A is not symmetric under the null, and the sign-flip test rejected a
 * true null at 5 % in 9.5 % of datasets for pass^3 of hard tasks, n_A = 10, n_B = 3; issue #42).
 * Under the null the N = n_A + n_B trials of a task are exchangeable, so given its S = c_A + c_B
 * successes the count of run B is hypergeometric, P(c_B = x) = C(S, x)·C(N − S, n_B − x)/C(N, n_B),
 * independently across tasks (a stratified conditional test: Mantel & Haenszel 1959; Good 2005,
 * "Permutation, Parametric and Bootstrap Tests", §3.5). Statistic |Σ_t d_t| with
 * d_t = value(n_B, c_B) − value(n_A, S − c_B) (the per-task estimates compared);
 * p = P(|Σ d*| ≥ |Σ d|) under those laws: exact when the tasks' split counts multiply to at most
 * `exactCombinations`, else R random relabellings with p = (b + 1)/(R + 1) (Phipson & Smyth 2010)
 * and its Monte Carlo SE. Sums within 1e-9·Σ max|d_t| of the observed one count as extreme.
 * Example (Python reference, test/sim/compare/trialPermutationTest.test.ts): tasks (A 2 of 4,
 * B 1 of 1) and (A 0 of 4, B 1 of 2), mean success: observed 1.0, p = 7/15 = 0.46667.
 */
export function* trialPermutationTestSteps(
  pairs: readonly PairedCounts[],
  value: (n: number, c: number) => number,
  options: TrialPermutationOptions,
): Steps<PValue> {
  let observed = 0;
  const groups = new Map<string, { size: number; splits: TaskSplits }>();
  for (const { a, b } of pairs) {
    observed += value(b.n, b.c) - value(a.n, a.c);
    // Tasks with the same n_A, n_B and S share one null distribution.
    const key = `${a.n},${b.n},${a.c + b.c}`;
    const group = groups.get(key);
    if (group) group.size++;
    else groups.set(key, { size: 1, splits: taskSplits(a.n, b.n, a.c + b.c, value) });
  }
  let scale = 0;
  let combinations = 1;
  const moving: SplitGroup[] = [];
  for (const group of groups.values()) {
    const { differences } = group.splits;
    let largest = 0;
    for (const d of differences) largest = Math.max(largest, Math.abs(d));
    scale += group.size * largest;
    if (differences.length > 1) {
      moving.push(group);
      combinations *= differences.length ** group.size;
    } else {
      // A task with one possible split (S = 0 or S = N) adds the same difference to every relabelling.
      observed -= group.size * differences[0]!;
    }
  }
  if (moving.length === 0) return { value: 1, test: 'trial-permutation', method: 'exact', permutations: 1, se: 0 };
  const threshold = Math.abs(observed) - 1e-9 * scale;
  if (combinations <= options.exactCombinations) {
    return exactTest(
      moving.flatMap(({ size, splits }) => new Array<TaskSplits>(size).fill(splits)),
      threshold,
      combinations,
    );
  }
  return yield* monteCarloTest(moving, threshold, options.replicates, options.rng());
}

/** The possible c_B of a task (max(0, S − n_A) … min(S, n_B)), each with d and its hypergeometric probability. */
function taskSplits(nA: number, nB: number, successes: number, value: (n: number, c: number) => number): TaskSplits {
  const low = Math.max(0, successes - nA);
  const high = Math.min(successes, nB);
  const size = high - low + 1;
  const differences = new Float64Array(size);
  const probabilities = new Float64Array(size);
  const failures = nA + nB - successes;
  const logTotal = logChoose(nA + nB, nB);
  for (let i = 0; i < size; i++) {
    const x = low + i;
    differences[i] = value(nB, x) - value(nA, successes - x);
    probabilities[i] = Math.exp(logChoose(successes, x) + logChoose(failures, nB - x) - logTotal);
  }
  return { differences, probabilities };
}

/** ln C(n, k) for 0 ≤ k ≤ n. */
function logChoose(n: number, k: number): number {
  if (k === 0 || k === n) return 0;
  return logGammaUnchecked(n + 1) - logGammaUnchecked(k + 1) - logGammaUnchecked(n - k + 1);
}

/** Sums the probability of every combination of splits whose |Σ d| reaches the threshold (depth-first). */
function exactTest(tasks: readonly TaskSplits[], threshold: number, combinations: number): PValue {
  let extreme = 0;
  let total = 0;
  const visit = (t: number, sum: number, probability: number): void => {
    if (t === tasks.length) {
      total += probability;
      if (Math.abs(sum) >= threshold) extreme += probability;
      return;
    }
    const { differences, probabilities } = tasks[t]!;
    for (let i = 0; i < differences.length; i++) visit(t + 1, sum + differences[i]!, probability * probabilities[i]!);
  };
  visit(0, 0, 1);
  // The probabilities add up to 1 up to rounding; dividing by their sum keeps p in [0, 1].
  return { value: Math.min(1, extreme / total), test: 'trial-permutation', method: 'exact', permutations: combinations, se: 0 };
}

/** Tasks with the same null distribution (the same n_A, n_B and S): how many, and that distribution. */
interface SplitGroup {
  readonly size: number;
  readonly splits: TaskSplits;
}

/**
 * R random relabellings. The tasks of a group share one null distribution, so the counts of each of
 * its J splits among its m tasks are Multinomial(m, P(c_B = x)), drawn exactly as J − 1 conditional
 * binomials: a relabelling costs the groups' splits (at most (n_A + n_B + 1)² groups when every
 * task has the same n_A and n_B), not the tasks.
 */
function* monteCarloTest(groups: readonly SplitGroup[], threshold: number, replicates: number, rng: Rng): Steps<PValue> {
  let extreme = 0;
  for (let r = 0; r < replicates; r++) {
    if (r > 0 && r % RELABELLINGS_PER_STEP === 0) yield { done: r, total: replicates };
    if (Math.abs(relabelledSum(groups, rng)) >= threshold) extreme++;
  }
  const value = (extreme + 1) / (replicates + 1);
  return { value, test: 'trial-permutation', method: 'monte-carlo', permutations: replicates, se: Math.sqrt((value * (1 - value)) / replicates) };
}

/** Σ_t d_t at one random relabelling: per group, its split counts by conditional binomials. */
function relabelledSum(groups: readonly SplitGroup[], rng: Rng): number {
  let sum = 0;
  for (const { size, splits } of groups) {
    const { differences, probabilities } = splits;
    let remaining = size;
    let rest = 1;
    for (let j = 0; j < differences.length - 1 && remaining > 0; j++) {
      const p = probabilities[j]!;
      const count = p >= rest ? remaining : binomial(rng, remaining, p / rest);
      sum += count * differences[j]!;
      remaining -= count;
      rest -= p;
    }
    sum += remaining * differences[differences.length - 1]!;
  }
  return sum;
}
