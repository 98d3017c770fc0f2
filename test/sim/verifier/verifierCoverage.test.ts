import { describe, expect, it } from 'vitest';
import { binomialPmf } from '../../../packages/sim/src/math/binomialPmf.js';
import { measuredRate } from '../../../packages/sim/src/verifier/measuredRate.js';

// The exact coverage of the false-accept / false-reject interval: P(L(X) ≤ p ≤ U(X)) for X ~ Binomial(n, p),
// summed over every x (no Monte Carlo error). Clopper–Pearson never covers less than its level.
// Reference values by python3 (scipy.stats.beta.ppf for the bounds, binom.pmf for the weights):
//   sum(binom.pmf(x, n, p) for x in range(n + 1) if cp(x, n)[0] <= p <= cp(x, n)[1])
const CASES: [number, number, number][] = [
  [0.2371, 46, 0.9619461736717142],
  [0.05, 68, 0.9800489319647556],
  [0.7391, 46, 0.9725026414721127],
  [0.0127, 500, 0.9745813351312758],
  [0.5, 114, 0.9512753136013182],
];

function coverage(p: number, n: number, level: number): number {
  let covered = 0;
  for (let x = 0; x <= n; x++) {
    const { lower, upper } = measuredRate(x, n, level)!.interval;
    if (lower <= p && p <= upper) covered += binomialPmf(x, n, p);
  }
  return covered;
}

describe('measured rates: exact coverage of the Clopper–Pearson interval', () => {
  it.each(CASES)('p = %s, n = %i: coverage as scipy gives it, and at least 95 %', (p, n, expected) => {
    const measured = coverage(p, n, 0.95);
    expect(Math.abs(measured - expected)).toBeLessThan(1e-9);
    expect(measured).toBeGreaterThanOrEqual(0.95);
  });

  it('at least the level over a grid of p for the τ²-bench sizes (46 wrong, 68 right) at 90 % and 95 %', () => {
    for (const n of [46, 68]) {
      for (const level of [0.9, 0.95]) {
        for (let i = 1; i < 100; i++) expect(coverage(i / 100, n, level)).toBeGreaterThanOrEqual(level - 1e-12);
      }
    }
  });
});
