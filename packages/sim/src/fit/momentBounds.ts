import type { TaskTrials } from '../estimators/taskAverage.js';
import { binomialRatio } from '../estimators/binomialRatio.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { Interval } from '../intervals/interval.js';

/** Nonparametric intervals for pass@k and pass^k at ks beyond the trials, valid for every task population. */
export interface MomentBounds {
  /** The fewest trials of a task (min n). */
  readonly base: number;
  readonly passAtK: Interval[];
  readonly passHatK: Interval[];
}

/**
 * Bounds on pass@k = 1 − E[q^k] (q = 1 − p) and pass^k = E[p^k] for k > max n that hold for ANY
 * distribution of p over tasks. The moments m_j = E[q^j] of a distribution on [0, 1] decrease in j
 * and are log-convex (Lyapunov's inequality), so for k > b
 *
 *   m_b · (m_b / m_{b−1})^{k−b}  ≤  m_k  ≤  m_b,
 *
 * both sharp given only m_{b−1}, m_b: the lower end is attained by tasks at q = 0 and q = m_b/m_{b−1}
 * (Karlin & Studden 1966, "Tchebycheff Systems", ch. IV, the canonical representations), the upper
 * by tasks at q = 0 and 1. So 1 − m_b·r^{k−b} ≥ pass@k ≥ pass@b (observed pass@b is a lower bound,
 * and the flattening of the observed curve, r = m_b/m_{b−1}, caps it), and likewise for pass^k with
 * M_j = E[p^j]; with b = 1 (m_0 = 1) the far end is Jensen's m_1^k. Tasks with different n: each
 * group of tasks with the same n = b bounds its own m_k, and the population's m_k is their average
 * weighted by the groups' shares of tasks. Sampling error: m_j is estimated without bias per task by
 * C(n − c, j)/C(n, j) (C(c, j)/C(n, j) for M_j); each end takes its one-sided (1 + confidence)/2
 * normal limit with the clustered SE over the group's tasks (groups independent; the far end by the
 * delta method on the logarithm of Σ_g w_g·m_b^{k−b+1}/m_{b−1}^{k−b}), so the interval covers with at
 * least `confidence` wherever its ends' normal approximations hold. Example
 * (test/reference/extrapolation_reference.py): four tasks with n = 2, c = 0, 1, 1, 2 → m_1 = 0.5,
 * m_2 = 0.25, and at k = 4 the point bounds of pass@4 are [0.75, 1 − 0.25·0.5² = 0.9375].
 */
export function momentBounds(tasks: readonly TaskTrials[], ks: readonly number[], options: { readonly confidence: number }): MomentBounds {
  const base = tasks.reduce((m, t) => Math.min(m, t.n), Infinity);
  const z = normalQuantile((1 + options.confidence) / 2);
  const byN = new Map<number, TaskTrials[]>();
  for (const task of tasks) {
    const group = byN.get(task.n);
    if (group === undefined) byN.set(task.n, [task]);
    else group.push(task);
  }
  const groups = [...byN.entries()].sort(([x], [y]) => x - y);
  const pairs = (moment: (task: TaskTrials, j: number) => number) =>
    groups.map(([n, group]) => ({ n, weight: group.length / tasks.length, pair: momentPair(group, n, moment) }));
  const failures = pairs((t, j) => binomialRatio(t.n, t.n - t.c, j));
  const successes = pairs((t, j) => binomialRatio(t.n, t.c, j));
  return {
    base,
    passAtK: ks.map((k) => {
      const m = bound(failures, k, z);
      return { lower: 1 - m.upper, upper: 1 - m.lower };
    }),
    passHatK: ks.map((k) => bound(successes, k, z)),
  };
}

/** Means, variances and covariance (of the means) of the per-task unbiased moments of order b − 1 and b. */
interface MomentPair {
  readonly previous: number;
  readonly last: number;
  readonly varPrevious: number;
  readonly varLast: number;
  readonly covariance: number;
}

function momentPair(tasks: readonly TaskTrials[], base: number, moment: (task: TaskTrials, j: number) => number): MomentPair {
  const count = tasks.length;
  const xs = tasks.map((t) => moment(t, base - 1));
  const ys = tasks.map((t) => moment(t, base));
  const mx = xs.reduce((s, x) => s + x, 0) / count;
  const my = ys.reduce((s, y) => s + y, 0) / count;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < count; i++) {
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
  }
  const scale = count > 1 ? 1 / ((count - 1) * count) : 0;
  return { previous: mx, last: my, varPrevious: sxx * scale, varLast: syy * scale, covariance: sxy * scale };
}

/**
 * m_k within [Σ_g w_g·m_b·(m_b/m_{b−1})^{k−b}, Σ_g w_g·m_b] over the groups g (b = the group's n < k),
 * each end at its one-sided limit; clipped to [0, 1] and never inverted.
 */
function bound(groups: readonly { readonly n: number; readonly weight: number; readonly pair: MomentPair }[], k: number, z: number): Interval {
  let near = 0;
  let nearVariance = 0;
  let far = 0;
  let farVariance = 0;
  for (const { n, weight, pair } of groups) {
    near += weight * pair.last;
    nearVariance += weight ** 2 * pair.varLast;
    if (!(pair.last > 0) || !(pair.previous > 0)) continue;
    const steps = k - n;
    // g = (steps + 1)·ln m_b − steps·ln m_{b−1}: ∂g/∂m_b = (steps + 1)/m_b, ∂g/∂m_{b−1} = −steps/m_{b−1}.
    const value = Math.exp((steps + 1) * Math.log(pair.last) - steps * Math.log(pair.previous));
    const dLast = (steps + 1) / pair.last;
    const dPrevious = -steps / pair.previous;
    const logVariance = dLast ** 2 * pair.varLast + dPrevious ** 2 * pair.varPrevious + 2 * dLast * dPrevious * pair.covariance;
    far += weight * value;
    farVariance += weight ** 2 * value ** 2 * Math.max(0, logVariance);
  }
  const upper = Math.max(0, Math.min(1, near + z * Math.sqrt(nearVariance)));
  const lower = far > 0 ? far * Math.exp((-z * Math.sqrt(farVariance)) / far) : 0;
  return { lower: Math.min(lower, upper), upper };
}
