import { differenceVerdict, type DifferenceVerdict } from './differenceVerdict.js';
import type { CompareMetric } from './compareMetric.js';
import type { MetricComparison, RunComparison } from './compareRuns.js';
import { formatPoints, formatPointsInterval } from './points.js';
import { pValuePhrase } from './pValuePhrase.js';

/** How a metric is named in tables and sentences. */
export function metricName(metric: CompareMetric): string {
  return metric === 'passAtK' ? 'pass@k' : metric === 'passHatK' ? 'pass^k' : 'mean success';
}

/** The metric at k as a reader writes it: pass^4, pass@1, mean success. */
export function metricAt(metric: CompareMetric, k: number | null): string {
  if (metric === 'meanSuccess' || k === null) return 'mean success per attempt';
  return metric === 'passAtK' ? `pass@${k}` : `pass^${k}`;
}

/** `differenceVerdict` of a compared metric, with the Holm-adjusted p-value when `holm`. */
export function verdict(metric: MetricComparison, comparison: RunComparison, holm: boolean): DifferenceVerdict {
  const p = holm ? metric.adjustedPValue : (metric.pValue?.value ?? null);
  return differenceVerdict({ difference: metric.difference, interval: metric.interval, p }, comparison);
}

/**
 * One sentence answering "is B better than A?" for a metric:
 * "B is better than A at pass^4 by 7.5 points (95% paired interval [+2.1, +12.9] pt, p = 0.004, 80 tasks)."
 * or "Not conclusive whether B differs from A at pass^4: …" (the interval and the permutation test disagree), or "No clear
 * difference between B and A at pass^4: …". The verdict reads the task-population interval; when it is
 * not "better" or "worse" and the this-benchmark interval excludes 0, `benchmarkClause` says so.
 */
export function answerSentence(comparison: RunComparison, metric: CompareMetric, k: number | null, holm: boolean): string {
  const row = k === null ? null : comparison.rows.find((r) => r.k === k);
  const value = metric === 'meanSuccess' ? comparison.meanSuccess : row ? row[metric as 'passAtK' | 'passHatK'] : null;
  const name = metricAt(metric, k);
  const { baseline, candidate } = comparison;
  if (!value) return `${name} is not estimable for ${candidate} against ${baseline} (no task has n ≥ ${k} trials in both runs).`;
  // Mean success counts every task compared: those in both runs, or unpaired each run's own (the baseline's shown, as per k).
  const tasks =
    metric !== 'meanSuccess' ? row!.tasks.baseline : comparison.pairing.mode === 'paired' ? comparison.pairing.tasks.common : comparison.pairing.tasks.baseline;
  const level = `${Number((comparison.confidence * 100).toFixed(1))}%`;
  const kind = comparison.pairing.mode === 'paired' ? 'paired' : 'unpaired';
  const p = holm && value.adjustedPValue !== null ? pValuePhrase({ ...value.pValue!, value: value.adjustedPValue }, 'p (Holm)') : pValuePhrase(value.pValue);
  const detail = `(${level} ${kind} interval ${value.interval ? formatPointsInterval(value.interval.lower, value.interval.upper) : '—'}, ${p}, ${tasks} tasks)`;
  const direction = verdict(value, comparison, holm);
  const by = formatPoints(Math.abs(value.difference), 1, '').slice(1);
  if (direction === 'better') return `${candidate} is better than ${baseline} at ${name} by ${by} points ${detail}.`;
  if (direction === 'worse') return `${candidate} is worse than ${baseline} at ${name} by ${by} points ${detail}.`;
  const onTheseTasks = benchmarkClause(value, level);
  if (direction === 'intervalOnly') {
    return `Not conclusive whether ${candidate} differs from ${baseline} at ${name}: B − A = ${formatPoints(value.difference)}, the interval excludes 0 but the permutation test does not reject ${detail}.${onTheseTasks}`;
  }
  if (direction === 'testOnly') {
    return `Not conclusive whether ${candidate} differs from ${baseline} at ${name}: B − A = ${formatPoints(value.difference)}, the permutation test rejects but the interval includes 0 ${detail}.${onTheseTasks}`;
  }
  return `No clear difference between ${candidate} and ${baseline} at ${name}: B − A = ${formatPoints(value.difference)} ${detail}.${onTheseTasks}`;
}

/**
 * What the answer adds when its verdict leaves B − A open but the this-benchmark interval excludes
 * 0: on these very tasks (only the trials random) the difference is clear, which by itself says
 * nothing about tasks like these. Empty otherwise.
 */
export function benchmarkClause(value: Pick<MetricComparison, 'benchmark'>, level: string): string {
  const { benchmark } = value;
  if (!benchmark) return '';
  const side = benchmark.lower > 0 ? 'above' : benchmark.upper < 0 ? 'below' : null;
  if (side === null) return '';
  return ` On these very tasks (trial noise only) B − A is clearly ${side} 0 (${level} this-benchmark interval ${formatPointsInterval(benchmark.lower, benchmark.upper)}), which does not by itself generalise to tasks like these.`;
}

/**
 * The answer of a comparison, most telling first: pass^K and pass@K at the headline k (the largest
 * k at which every compared task counts, so no task is dropped for n < k), then the mean
 * per-attempt success.
 */
export function answerSentences(comparison: RunComparison, holm: boolean): string[] {
  const k = headlineK(comparison);
  return [
    ...(k === null ? [] : [answerSentence(comparison, 'passHatK', k, holm), answerSentence(comparison, 'passAtK', k, holm)]),
    answerSentence(comparison, 'meanSuccess', null, holm),
  ];
}

/** The largest k compared with no task left out for n < k; else the smallest k with any task; null if none. */
export function headlineK(comparison: RunComparison): number | null {
  const estimable = comparison.rows.filter((row) => row.passHatK !== null);
  const complete = estimable.filter((row) => row.notEstimable.count === 0);
  if (complete.length > 0) return complete[complete.length - 1]!.k;
  return estimable[0]?.k ?? null;
}

/** The verdict words of `compareVerdict`. */
const VERDICT_WORDS: Record<DifferenceVerdict, string> = {
  better: 'B better',
  worse: 'B worse',
  intervalOnly: 'not conclusive',
  testOnly: 'not conclusive',
  unclear: 'no clear difference',
};

/**
 * A comparison's verdict in a few words for the last line of `passk compare`, on the most telling
 * metric (pass^K at the headline k, else mean success), B − A with its interval and p:
 * "B better on pass^5 (+7.5 pt [+2.1, +12.9], p = 0.004)".
 */
export function compareVerdict(comparison: RunComparison, holm: boolean): string {
  const k = headlineK(comparison);
  const row = k === null ? undefined : comparison.rows.find((r) => r.k === k);
  const metric: CompareMetric = row?.passHatK ? 'passHatK' : 'meanSuccess';
  const value = row?.passHatK ?? comparison.meanSuccess;
  const name = metric === 'passHatK' ? `pass^${k}` : 'mean success';
  if (!value) return `${name} not estimable`;
  const interval = value.interval ? ` [${formatPoints(value.interval.lower, 1, '')}, ${formatPoints(value.interval.upper, 1, '')}]` : '';
  const p = holm && value.adjustedPValue !== null ? pValuePhrase({ ...value.pValue!, value: value.adjustedPValue }, 'p (Holm)') : pValuePhrase(value.pValue);
  return `${VERDICT_WORDS[verdict(value, comparison, holm)]} on ${name} (${formatPoints(value.difference)}${interval}, ${p})`;
}
