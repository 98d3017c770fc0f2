import type { TaskTrials } from '../estimators/taskAverage.js';
import { binomialRatio } from '../estimators/binomialRatio.js';
import { normalQuantile } from '../math/normalQuantile.js';
import type { PredictionInterval } from './predictionIntervals.js';

/** Nonparametric intervals for pass@k and pass^k at ks beyond the trials, valid for every task population. */
export interface MomentBounds {
  /** b: the trials every task has (min n); the bounds start from the observed moments b − 1 and b. */
  readonly base: number;
  readonly passAtK: Array<PredictionInterval | null>;
  readonly passHatK: Array<PredictionInterval | null>;
}

/**
 * Bounds on pass@k = 1 − E[q^k] (q = 1 − p) and pass^k = E[p^k] for k > b that hold for ANY
 * distribution of p over tasks, from the observed moments of order b − 1 and b (b = min n, every
 * task has them). The moments m_j = E[q^j] of a distribution on [0, 1] decrease in j and are
 * log-convex (Lyapunov's inequality), so for k > b
 *
 *   m_b · (m_b / m_{b−1})^{k−b}  ≤  m_k  ≤  m_b,
 *
 * both sharp given only m_{b−1}, m_b: the lower end is attained by tasks at q = 0 and q = m_b/m_{b−1}
 * (Karlin & Studden 1966, "Tchebycheff Systems", ch. IV, the canonical representations), the upper
 * by tasks at q = 0 and 1. So 1 − m_b·r^{k−b} ≥ pass@k ≥ pass@b (observed pass@b is a lower bound,
 * and the flattening of the observed curve, r = m_b/m_{b−1}, caps it), and likewise for pass^k with
 * M_j = E[p^j]. Sampling error: m_j is estimated without bias per task by C(n − c, j)/C(n, j)
 * (C(c, j)/C(n, j) for M_j); each end takes its one-sided (1 + confidence)/2 normal limit with the
 * clustered SE over tasks (the far end by the delta method on ln(m_b^{k−b+1}/m_{b−1}^{k−b})), so the
 * interval covers with at least `confidence` wherever its ends' normal approximations hold.
 * null below b = 2 (one moment only: nothing caps the curve). Example (test/reference/
 * extrapolation_reference.py): four tasks with n = 2, c = 0, 1, 1, 2 → m_1 = 0.5, m_2 = 0.25, and
 * at k = 4 the point bounds are [0.75, 1 − 0.25·0.5² = 0.9375].
 */
export function momentBounds(tasks: readonly TaskTrials[], ks: readonly number[], options: { readonly confidence: number }): MomentBounds {
  const base = tasks.reduce((m, t) => Math.min(m, t.n), Infinity);
  if (!(base >= 2)) return { base, passAtK: ks.map(() => null), passHatK: ks.map(() => null) };
  const z = normalQuantile((1 + options.confidence) / 2);
  const failures = momentPair(tasks, base, (t, j) => binomialRatio(t.n, t.n - t.c, j));
  const successes = momentPair(tasks, base, (t, j) => binomialRatio(t.n, t.c, j));
  return {
    base,
    passAtK: ks.map((k) => {
      const m = bound(failures, k - base, z);
      return m && { lower: 1 - m.upper, upper: 1 - m.lower };
    }),
    passHatK: ks.map((k) => bound(successes, k - base, z)),
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
 * m_k for k = b + steps (steps ≥ 1) within [m_b·(m_b/m_{b−1})^steps, m_b], each end at its one-sided
 * limit; clipped to [0, 1] and never inverted.
 */
function bound(pair: MomentPair, steps: number, z: number): PredictionInterval {
  const upper = Math.min(1, pair.last + z * Math.sqrt(pair.varLast));
  if (!(pair.last > 0) || !(pair.previous > 0)) return { lower: 0, upper: Math.max(0, upper) };
  // g = (steps + 1)·ln m_b − steps·ln m_{b−1}: ∂g/∂m_b = (steps + 1)/m_b, ∂g/∂m_{b−1} = −steps/m_{b−1}.
  const g = (steps + 1) * Math.log(pair.last) - steps * Math.log(pair.previous);
  const dLast = (steps + 1) / pair.last;
  const dPrevious = -steps / pair.previous;
  const variance = dLast ** 2 * pair.varLast + dPrevious ** 2 * pair.varPrevious + 2 * dLast * dPrevious * pair.covariance;
  const lower = Math.exp(g - z * Math.sqrt(Math.max(0, variance)));
  return { lower: Math.min(lower, Math.max(0, upper)), upper: Math.max(0, upper) };
}
