import { describe, expect, it } from 'vitest';
import {
  answerSentence,
  answerSentences,
  benchmarkClause,
  compareVerdict,
  headlineK,
  metricAt,
  metricName,
} from '../../../packages/sim/src/compare/compareAnswer.js';
import type { CompareRow, MetricComparison, RunComparison } from '../../../packages/sim/src/compare/compareRuns.js';
import { formatPValue, pValuePhrase } from '../../../packages/sim/src/compare/pValuePhrase.js';

// The words of a comparison (compareAnswer.ts, pValuePhrase.ts) on hand-made comparisons: only the
// fields the answer reads are set, and every number in an expected sentence is the hand-set value
// written in points (×100, one decimal) or as the p-value's three decimals. The verdict's rule itself
// is differenceVerdict.test.ts; here, which sentence each verdict gives and what fills it.

/** A compared metric: B − A, its task-population interval (null: none), its p-value and this-benchmark interval. */
function metric(
  difference: number,
  interval: [number, number] | null,
  p: number | null,
  extra: { adjusted?: number | null; benchmark?: [number, number] | null; method?: 'exact' | 'monte-carlo'; permutations?: number } = {},
): MetricComparison {
  return {
    difference,
    interval: interval && { lower: interval[0], upper: interval[1] },
    pValue: p === null ? null : { value: p, method: extra.method ?? 'exact', permutations: extra.permutations ?? 16, se: 0 },
    adjustedPValue: extra.adjusted === undefined ? p : extra.adjusted,
    benchmark: extra.benchmark ? { lower: extra.benchmark[0], upper: extra.benchmark[1], se: 0.01 } : null,
  } as unknown as MetricComparison;
}

function row(k: number, passHatK: MetricComparison | null, passAtK: MetricComparison | null, tasks = 40, left = 0): CompareRow {
  return { k, tasks: { baseline: tasks, candidate: tasks }, notEstimable: { count: left, tasks: [] }, passAtK, passHatK };
}

function comparison(
  rows: CompareRow[],
  meanSuccess: MetricComparison,
  options: { mode?: 'paired' | 'unpaired'; confidence?: number; sides?: 1 | 2 } = {},
): RunComparison {
  return {
    baseline: 'A',
    candidate: 'B',
    pairing: { mode: options.mode ?? 'paired', tasks: { baseline: 50, candidate: 45, common: 42 } },
    confidence: options.confidence ?? 0.95,
    sides: options.sides ?? 2,
    meanSuccess,
    rows,
  } as unknown as RunComparison;
}

describe('metricName and metricAt', () => {
  it('names each metric, and at k as a reader writes it', () => {
    expect([metricName('passAtK'), metricName('passHatK'), metricName('meanSuccess')]).toEqual(['pass@k', 'pass^k', 'mean success']);
    expect([metricAt('passAtK', 3), metricAt('passHatK', 4), metricAt('meanSuccess', 2), metricAt('passAtK', null)]).toEqual([
      'pass@3',
      'pass^4',
      'mean success per attempt',
      'mean success per attempt',
    ]);
  });
});

describe('formatPValue and pValuePhrase', () => {
  it('three decimals from 0.001 up, two significant digits below; ≈ for Monte Carlo, ≤ when no pattern was as extreme', () => {
    expect(formatPValue(null)).toBe('—');
    expect(formatPValue({ value: 0.0123, method: 'exact' })).toBe('0.012');
    expect(formatPValue({ value: 0.001, method: 'exact' })).toBe('0.001');
    expect(formatPValue({ value: 0.000049, method: 'exact' })).toBe('4.9e-5');
    expect(formatPValue({ value: 0.0123, method: 'monte-carlo', permutations: 10_000 })).toBe('≈0.012');
    // 1/(R + 1) with R = 9 999: b = 0.
    expect(formatPValue({ value: 1 / 10_000, method: 'monte-carlo', permutations: 9_999 })).toBe('≤1.0e-4');
    // 2/(R + 1): one pattern as extreme, an estimate.
    expect(formatPValue({ value: 2 / 10_000, method: 'monte-carlo', permutations: 9_999 })).toBe('≈2.0e-4');
    expect(formatPValue({ value: 1 / 10_000, method: 'monte-carlo' })).toBe('≈1.0e-4');
  });

  it('in a sentence: "p = …", "p ≈ …", "p ≤ …"; the label replaces p', () => {
    expect(pValuePhrase({ value: 0.0123, method: 'exact' })).toBe('p = 0.012');
    expect(pValuePhrase({ value: 0.0123, method: 'monte-carlo', permutations: 999 })).toBe('p ≈ 0.012');
    expect(pValuePhrase({ value: 1 / 1000, method: 'monte-carlo', permutations: 999 }, 'p (Holm)')).toBe('p (Holm) ≤ 0.001');
    expect(pValuePhrase(null)).toBe('p = —');
  });
});

describe('answerSentence: one sentence per verdict', () => {
  const detail = '(95% paired interval [+2.1, +12.9] pt, p = 0.004, 40 tasks)';

  it('better and worse: the size in points, then the interval, p and tasks', () => {
    const better = comparison([row(4, metric(0.075, [0.021, 0.129], 0.004), null)], metric(0.01, null, null));
    expect(answerSentence(better, 'passHatK', 4, false)).toBe(`B is better than A at pass^4 by 7.5 points ${detail}.`);
    const worse = comparison([row(4, null, metric(-0.075, [-0.129, -0.021], 0.004))], metric(0.01, null, null));
    expect(answerSentence(worse, 'passAtK', 4, false)).toBe(
      'B is worse than A at pass@4 by 7.5 points (95% paired interval [−12.9, −2.1] pt, p = 0.004, 40 tasks).',
    );
  });

  it('the two "not conclusive" cases and "no clear difference" give B − A signed', () => {
    const intervalOnly = comparison([row(2, metric(0.075, [0.021, 0.129], 0.2), null)], metric(0, null, null));
    expect(answerSentence(intervalOnly, 'passHatK', 2, false)).toBe(
      'Not conclusive whether B differs from A at pass^2: B − A = +7.5 pt, the interval excludes 0 but the permutation test does not reject (95% paired interval [+2.1, +12.9] pt, p = 0.200, 40 tasks).',
    );
    const testOnly = comparison([row(2, metric(0.075, [-0.01, 0.16], 0.01), null)], metric(0, null, null));
    expect(answerSentence(testOnly, 'passHatK', 2, false)).toBe(
      'Not conclusive whether B differs from A at pass^2: B − A = +7.5 pt, the permutation test rejects but the interval includes 0 (95% paired interval [−1.0, +16.0] pt, p = 0.010, 40 tasks).',
    );
    const unclear = comparison([row(2, metric(-0.02, [-0.09, 0.05], 0.6), null)], metric(0, null, null));
    expect(answerSentence(unclear, 'passHatK', 2, false)).toBe(
      'No clear difference between B and A at pass^2: B − A = −2.0 pt (95% paired interval [−9.0, +5.0] pt, p = 0.600, 40 tasks).',
    );
  });

  it('not estimable: no row at k, or a row without the metric', () => {
    const none = comparison([row(3, null, null, 0)], metric(0, null, null));
    expect(answerSentence(none, 'passHatK', 3, false)).toBe('pass^3 is not estimable for B against A (no task has n ≥ 3 trials in both runs).');
    expect(answerSentence(none, 'passAtK', 5, false)).toBe('pass@5 is not estimable for B against A (no task has n ≥ 5 trials in both runs).');
  });

  it('mean success counts the common tasks paired and the baseline tasks unpaired; no interval is a dash', () => {
    const value = metric(0.1, null, 0.03);
    expect(answerSentence(comparison([], value), 'meanSuccess', null, false)).toBe(
      'No clear difference between B and A at mean success per attempt: B − A = +10.0 pt (95% paired interval —, p = 0.030, 42 tasks).',
    );
    expect(answerSentence(comparison([], value, { mode: 'unpaired' }), 'meanSuccess', null, false)).toBe(
      'No clear difference between B and A at mean success per attempt: B − A = +10.0 pt (95% unpaired interval —, p = 0.030, 50 tasks).',
    );
  });

  it('the level is the confidence in percent to one decimal, trailing zero dropped', () => {
    const value = metric(0.1, [0.05, 0.15], 0.001);
    expect(answerSentence(comparison([], value, { confidence: 0.9 }), 'meanSuccess', null, false)).toMatch(/ \(90% paired interval /);
    expect(answerSentence(comparison([], value, { confidence: 0.995 }), 'meanSuccess', null, false)).toMatch(/ \(99\.5% paired interval /);
  });

  it('with holm, the adjusted p-value, labelled "p (Holm)", decides and is shown', () => {
    // Raw p = 0.004 rejects; Holm-adjusted 0.08 does not: the interval alone excludes 0.
    const value = metric(0.075, [0.021, 0.129], 0.004, { adjusted: 0.08 });
    const c = comparison([row(4, value, null)], metric(0, null, null));
    expect(answerSentence(c, 'passHatK', 4, true)).toBe(
      'Not conclusive whether B differs from A at pass^4: B − A = +7.5 pt, the interval excludes 0 but the permutation test does not reject (95% paired interval [+2.1, +12.9] pt, p (Holm) = 0.080, 40 tasks).',
    );
    expect(answerSentence(c, 'passHatK', 4, false)).toBe(`B is better than A at pass^4 by 7.5 points ${detail}.`);
  });

  it('a clear this-benchmark interval adds its clause to an open verdict, not to better or worse', () => {
    const open = metric(0.03, [-0.01, 0.07], 0.3, { benchmark: [0.01, 0.05] });
    expect(answerSentence(comparison([row(1, open, null)], metric(0, null, null)), 'passHatK', 1, false)).toBe(
      'No clear difference between B and A at pass^1: B − A = +3.0 pt (95% paired interval [−1.0, +7.0] pt, p = 0.300, 40 tasks).' +
        ' On these very tasks (trial noise only) B − A is clearly above 0 (95% this-benchmark interval [+1.0, +5.0] pt), which does not by itself generalise to tasks like these.',
    );
    const clear = metric(0.075, [0.021, 0.129], 0.004, { benchmark: [0.04, 0.11] });
    expect(answerSentence(comparison([row(4, clear, null)], metric(0, null, null)), 'passHatK', 4, false)).toBe(
      `B is better than A at pass^4 by 7.5 points ${detail}.`,
    );
  });
});

describe('benchmarkClause', () => {
  it('above 0, below 0, or nothing when the interval holds 0 or is missing', () => {
    expect(benchmarkClause({ benchmark: { lower: -0.05, upper: -0.01, se: 0.01 } }, '90%')).toBe(
      ' On these very tasks (trial noise only) B − A is clearly below 0 (90% this-benchmark interval [−5.0, −1.0] pt), which does not by itself generalise to tasks like these.',
    );
    expect(benchmarkClause({ benchmark: { lower: 0, upper: 0.05, se: 0.01 } }, '95%')).toBe('');
    expect(benchmarkClause({ benchmark: { lower: -0.05, upper: 0, se: 0.01 } }, '95%')).toBe('');
    expect(benchmarkClause({ benchmark: null }, '95%')).toBe('');
  });
});

describe('headlineK and answerSentences', () => {
  const m = metric(0.075, [0.021, 0.129], 0.004);

  it('the largest k at which no task is left out; else the smallest estimable k; null when none', () => {
    expect(headlineK(comparison([row(1, m, m), row(2, m, m), row(3, m, m, 30, 10)], m))).toBe(2);
    expect(headlineK(comparison([row(1, null, null, 0), row(2, m, m, 30, 10), row(3, m, m, 20, 20)], m))).toBe(2);
    expect(headlineK(comparison([row(1, null, null, 0, 40)], m))).toBeNull();
  });

  it('pass^K and pass@K at the headline k, then mean success; mean success alone without a k', () => {
    const c = comparison([row(1, m, m), row(3, m, metric(0.2, [0.1, 0.3], 0.002))], metric(0.05, [0.01, 0.09], 0.02));
    expect(answerSentences(c, false)).toEqual([
      `B is better than A at pass^3 by 7.5 points ${detail()}.`,
      'B is better than A at pass@3 by 20.0 points (95% paired interval [+10.0, +30.0] pt, p = 0.002, 40 tasks).',
      'B is better than A at mean success per attempt by 5.0 points (95% paired interval [+1.0, +9.0] pt, p = 0.020, 42 tasks).',
    ]);
    expect(answerSentences(comparison([], metric(0.05, [0.01, 0.09], 0.02)), false)).toHaveLength(1);
  });

  function detail(): string {
    return '(95% paired interval [+2.1, +12.9] pt, p = 0.004, 40 tasks)';
  }
});

describe('compareVerdict: the last line', () => {
  it('pass^K at the headline k with B − A, its interval and p', () => {
    const c = comparison([row(5, metric(0.075, [0.021, 0.129], 0.004), null)], metric(0, null, null));
    expect(compareVerdict(c, false)).toBe('B better on pass^5 (+7.5 pt [+2.1, +12.9], p = 0.004)');
    const worse = comparison([row(5, metric(-0.075, [-0.129, -0.021], 0.004), null)], metric(0, null, null));
    expect(compareVerdict(worse, false)).toBe('B worse on pass^5 (−7.5 pt [−12.9, −2.1], p = 0.004)');
  });

  it('each verdict in its words; mean success without pass^k; no interval, no brackets', () => {
    const words = (value: MetricComparison) => compareVerdict(comparison([], value), false);
    expect(words(metric(0.075, [0.021, 0.129], 0.2))).toBe('not conclusive on mean success (+7.5 pt [+2.1, +12.9], p = 0.200)');
    expect(words(metric(0.075, [-0.01, 0.16], 0.01))).toBe('not conclusive on mean success (+7.5 pt [−1.0, +16.0], p = 0.010)');
    expect(words(metric(0.02, [-0.05, 0.09], 0.6))).toBe('no clear difference on mean success (+2.0 pt [−5.0, +9.0], p = 0.600)');
    expect(words(metric(0.02, null, 0.6))).toBe('no clear difference on mean success (+2.0 pt, p = 0.600)');
  });

  it('with holm, the adjusted p-value decides and is shown', () => {
    const c = comparison([row(5, metric(0.075, [0.021, 0.129], 0.004, { adjusted: 0.08 }), null)], metric(0, null, null));
    expect(compareVerdict(c, true)).toBe('not conclusive on pass^5 (+7.5 pt [+2.1, +12.9], p (Holm) = 0.080)');
    expect(compareVerdict(c, false)).toBe('B better on pass^5 (+7.5 pt [+2.1, +12.9], p = 0.004)');
  });

  it('not estimable when there is nothing to compare', () => {
    expect(compareVerdict(comparison([], null as unknown as MetricComparison), false)).toBe('mean success not estimable');
  });
});
