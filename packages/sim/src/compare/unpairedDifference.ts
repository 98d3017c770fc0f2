import { studentTQuantile, studentTTwoSided } from '../math/studentT.js';
import { meanAndSe, type MeanAndSe } from '../math/meanAndSe.js';
import type { PValue } from './signFlipTest.js';
import type { Interval } from '../intervals/interval.js';

/** B − A over each run's own tasks (no pairing), with Welch's standard error, interval and test. */
export interface UnpairedDifference {
  readonly baseline: MeanAndSe;
  readonly candidate: MeanAndSe;
  readonly difference: number;
  /** √(SE_A² + SE_B²); null when a side has fewer than 2 tasks. */
  readonly se: number | null;
  readonly interval: Interval | null;
  readonly pValue: PValue | null;
  /** Welch–Satterthwaite degrees of freedom of the interval and test. */
  readonly df: number | null;
}

/**
 * The fallback when the runs share too few tasks to pair: two independent task averages,
 * SE = √(SE_A² + SE_B²), interval d ± t_ν·SE and a two-sided Welch t-test, with
 * ν = (SE_A² + SE_B²)² / (SE_A⁴/(T_A − 1) + SE_B⁴/(T_B − 1)) (Welch 1947; scipy.stats.ttest_ind
 * with equal_var=False). Wider than the paired interval whenever the runs' per-task values correlate.
 * Example (Python reference): a = [0, 1, 1, 0], b = [1, 1, 0.5] → d = 0.3333, SE = 0.3333.
 */
export function unpairedDifference(a: Float64Array, b: Float64Array, confidence: number, sides: 1 | 2): UnpairedDifference {
  const baseline = meanAndSe(a);
  const candidate = meanAndSe(b);
  const difference = candidate.value - baseline.value;
  if (baseline.se === null || candidate.se === null) return { baseline, candidate, difference, se: null, interval: null, pValue: null, df: null };
  const va = baseline.se ** 2;
  const vb = candidate.se ** 2;
  const se = Math.sqrt(va + vb);
  if (se === 0) {
    const pValue: PValue = { value: difference === 0 ? 1 : 0, test: 'welch', method: 'welch', permutations: 0, se: null };
    return { baseline, candidate, difference, se, interval: { lower: difference, upper: sides === 2 ? difference : 1 }, pValue, df: null };
  }
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const t = studentTQuantile(sides === 2 ? 1 - (1 - confidence) / 2 : confidence, df);
  return {
    baseline,
    candidate,
    difference,
    se,
    interval: { lower: Math.max(-1, difference - t * se), upper: sides === 2 ? Math.min(1, difference + t * se) : 1 },
    pValue: { value: studentTTwoSided(difference / se, df), test: 'welch', method: 'welch', permutations: 0, se: null },
    df,
  };
}
