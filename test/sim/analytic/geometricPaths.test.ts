import { describe, expect, it } from 'vitest';
import { geometricPaths } from '../../../packages/sim/src/analytic/geometricPaths.js';
import { InputError } from '../../../packages/sim/src/errors.js';

describe('geometricPaths (independent attempts, point verifier rates)', () => {
  it('doc example: p = 0.5, FA = 0.1, FR = 0.2 → a = 0.4, b = 0.05, β = 0.55, acceptedCorrect[2] = 0.22', () => {
    const paths = geometricPaths(0.5, 0.1, 0.2, 2);
    expect(paths.acceptedCorrect[1]).toBeCloseTo(0.4, 16);
    expect(paths.acceptedCorrect[2]).toBeCloseTo(0.22, 16);
    expect(paths.acceptedWrong[1]).toBeCloseTo(0.05, 16);
    expect(paths.rejected[2]).toBeCloseTo(0.3025, 15);
  });

  it('sums to docs/design.md §3: P(correct) = a(1 − β^K)/(1 − β), P(wrong) = b(1 − β^K)/(1 − β), E[attempts] = (1 − β^K)/(1 − β)', () => {
    const [p, fa, fr, K] = [0.62, 0.05, 0.1, 9];
    const a = p * (1 - fr);
    const b = (1 - p) * fa;
    const beta = 1 - a - b;
    const paths = geometricPaths(p, fa, fr, K);
    const sum = (x: Float64Array) => x.reduce((s, v) => s + v, 0);
    expect(sum(paths.acceptedCorrect)).toBeCloseTo((a * (1 - beta ** K)) / (1 - beta), 15);
    expect(sum(paths.acceptedWrong)).toBeCloseTo((b * (1 - beta ** K)) / (1 - beta), 15);
    expect(sum(paths.rejected.subarray(0, K))).toBeCloseTo((1 - beta ** K) / (1 - beta), 14);
    expect(paths.rejected[K]).toBeCloseTo(beta ** K, 15);
    // the rejected last attempt that deliverLast hands over: β^{K−1}·p·FR and β^{K−1}(1 − p)(1 − FA)
    expect(paths.rejectedCorrect[K]).toBeCloseTo(beta ** (K - 1) * p * fr, 16);
    expect(paths.rejectedWrong[K]).toBeCloseTo(beta ** (K - 1) * (1 - p) * (1 - fa), 16);
  });

  it('rejects bad input', () => {
    expect(() => geometricPaths(0.5, 1.1, 0, 3)).toThrow(InputError);
    expect(() => geometricPaths(0.5, 0, 0, 0)).toThrow(/maxAttempts/);
  });
});
