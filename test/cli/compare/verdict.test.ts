import type { MetricComparison, RunComparison } from '@passk/sim/internal';
import { describe, expect, it } from 'vitest';
import { benchmarkClause, verdict } from '../../../packages/cli/src/format/compareAnswer.js';

// The answer's rule (README "answer"): better / worse when the paired interval excludes 0 and the
// permutation test rejects at the same level; "Not conclusive" when exactly one of them does
// (either one); "No clear difference" when neither does. Only the fields verdict reads are set.
function metric(difference: number, lower: number, upper: number, p: number): MetricComparison {
  return { difference, interval: { lower, upper }, pValue: { value: p }, adjustedPValue: p } as unknown as MetricComparison;
}
const twoSided = { sides: 2, confidence: 0.95 } as RunComparison;
const oneSided = { sides: 1, confidence: 0.95 } as RunComparison;

describe('verdict of a compared metric', () => {
  it.each([
    ['interval above 0, test rejects', metric(0.1, 0.02, 0.18, 0.01), 'better'],
    ['interval below 0, test rejects', metric(-0.1, -0.18, -0.02, 0.01), 'worse'],
    ['interval above 0, test does not reject', metric(0.1, 0.02, 0.18, 0.2), 'intervalOnly'],
    ['test rejects, interval includes 0', metric(0.174, -0.034, 0.368, 0.016), 'testOnly'],
    ['neither', metric(0.02, -0.05, 0.09, 0.6), 'unclear'],
    ['p exactly at α counts as rejecting', metric(0.1, 0.02, 0.18, 0.05), 'better'],
  ] as const)('two-sided: %s', (_what, m, expected) => {
    expect(verdict(m, twoSided, false)).toBe(expected);
  });

  it('one-sided (is B better?): a rejecting test with a negative difference is no evidence of "better"', () => {
    // One-sided at 95 %: the two-sided p is compared with 2α = 0.1.
    expect(verdict(metric(-0.1, -0.15, 1, 0.08), oneSided, false)).toBe('unclear');
    expect(verdict(metric(0.1, -0.01, 1, 0.08), oneSided, false)).toBe('testOnly');
    expect(verdict(metric(0.1, 0.01, 1, 0.08), oneSided, false)).toBe('better');
  });
});

describe('the clause on these very tasks (the this-benchmark interval)', () => {
  it('says which side of 0 the this-benchmark interval is on, and that this alone does not generalise', () => {
    expect(benchmarkClause({ benchmark: { lower: 0.012, upper: 0.094, se: 0.02 } }, '95%')).toBe(
      ' On these very tasks (trial noise only) B − A is clearly above 0 (95% this-benchmark interval [+1.2, +9.4] pt), which does not by itself generalise to tasks like these.',
    );
    expect(benchmarkClause({ benchmark: { lower: -0.2, upper: -0.01, se: 0.05 } }, '90%')).toMatch(
      / B − A is clearly below 0 \(90% this-benchmark interval \[−20\.0, −1\.0\] pt\)/,
    );
  });

  it('is empty when the this-benchmark interval includes 0 (or touches it), or is missing', () => {
    expect(benchmarkClause({ benchmark: { lower: -0.01, upper: 0.09, se: 0.02 } }, '95%')).toBe('');
    expect(benchmarkClause({ benchmark: { lower: 0, upper: 0.09, se: 0.02 } }, '95%')).toBe('');
    expect(benchmarkClause({ benchmark: null }, '95%')).toBe('');
  });
});
