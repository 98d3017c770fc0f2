import { normalCdf } from '../math/normalCdf.js';

/** The runs test of a log's trial order (`trialOrderTest`). */
export interface TrialOrderTest {
  /** Changes between consecutive trials of a task (success ↔ failure), summed over tasks. */
  readonly changes: number;
  /** Their expectation when each task's trials come in random order. */
  readonly expected: number;
  /** (changes − expected)/SD: negative when consecutive trials agree more than chance (runs). */
  readonly statistic: number;
  /** Two-sided normal p-value. */
  readonly pValue: number;
  /** Tasks with both outcomes (the others carry no information about order). */
  readonly tasks: number;
}

/**
 * Are the trials of a task exchangeable in the order the log lists them? The Wald–Wolfowitz runs test
 * (Wald & Wolfowitz 1940, "On a test whether two samples are from the same population"), summed over
 * tasks: for a task with c successes in n trials in random order the number of changes between
 * consecutive trials has mean 2c(n − c)/n and variance 2c(n − c)·(2c(n − c) − n)/(n²(n − 1)); tasks
 * are independent, so z = (Σ changes − Σ mean)/√(Σ variance). Fewer changes than chance (z < 0) means
 * runs: neighbouring trials agree more than distant ones, so the first m trials of a task are not a
 * random m of its trials, and pass@k beyond n depends on how further trials continue — which no model
 * of the counts can tell. null without a task that has both outcomes in at least 2 trials.
 * Example: one task 0011 → 1 change, mean 2·2·2/4 = 2, variance 8·(8 − 4)/(16·3) = 2/3, z = −1.2247 (tested).
 */
export function trialOrderTest(trials: readonly (readonly boolean[])[]): TrialOrderTest | null {
  let changes = 0;
  let expected = 0;
  let variance = 0;
  let tasks = 0;
  for (const sequence of trials) {
    const n = sequence.length;
    let c = 0;
    for (const outcome of sequence) if (outcome) c++;
    if (n < 2 || c === 0 || c === n) continue;
    tasks++;
    for (let i = 1; i < n; i++) if (sequence[i] !== sequence[i - 1]) changes++;
    const a = 2 * c * (n - c);
    expected += a / n;
    variance += (a * (a - n)) / (n * n * (n - 1));
  }
  if (!(variance > 0)) return null;
  const statistic = (changes - expected) / Math.sqrt(variance);
  return { changes, expected, statistic, pValue: Math.min(1, 2 * normalCdf(-Math.abs(statistic))), tasks };
}
