import { binomialRatio, oneMinusBinomialRatio } from '../estimators/binomialRatio.js';

/**
 * What `compareRuns` compares: the unbiased pass@k = 1 − C(n − c, k)/C(n, k) (Chen et al. 2021),
 * pass^k = C(c, k)/C(n, k) (Yao et al. 2024), and the mean per-attempt success c/n (no k).
 */
export type CompareMetric = 'passAtK' | 'passHatK' | 'meanSuccess';

/** The metrics that depend on k, in the order results list them. */
export const K_METRICS = ['passAtK', 'passHatK'] as const;

/** One task's unbiased value of `metric` from n trials with c successes (requires 1 ≤ k ≤ n for the k metrics). */
export function taskMetricValue(metric: CompareMetric, n: number, c: number, k: number): number {
  if (metric === 'meanSuccess') return c / n;
  return metric === 'passAtK' ? oneMinusBinomialRatio(n, n - c, k) : binomialRatio(n, c, k);
}
