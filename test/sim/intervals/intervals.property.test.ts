// Invariants of the intervals for p (every method), over random n, c and confidence levels:
// bounds in [0, 1] around the estimate c/n; nested as the confidence grows; a one-sided bound at γ
// tighter than the two-sided interval's at γ and equal to it at 2γ − 1 (both put 1 − γ in one tail:
// Brown, Cai & DasGupta 2001 define each interval by its tails).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERVAL_METHODS, proportionInterval } from '../../../packages/sim/src/intervals/proportionInterval.js';
import { expectRelativelyClose, RTOL } from '../../helpers/expectClose.js';

const countsArb = fc.integer({ min: 1, max: 2000 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n })));
const confidenceArb = fc.double({ min: 0.5, max: 0.9999, noNaN: true });
const methodArb = fc.constantFrom(...INTERVAL_METHODS);

describe('intervals for p (property)', () => {
  it('0 ≤ lower ≤ c/n ≤ upper ≤ 1, two-sided and one-sided', () => {
    fc.assert(
      fc.property(methodArb, countsArb, confidenceArb, (method, [n, c], confidence) => {
        const two = proportionInterval(n, c, { method, confidence, sides: 2 });
        expect(two.estimate).toBe(c / n);
        expect(0 <= two.lower && two.lower <= c / n && c / n <= two.upper && two.upper <= 1, `${JSON.stringify(two)}`).toBe(true);
        const lower = proportionInterval(n, c, { method, confidence, sides: 1, tail: 'lower' });
        const upper = proportionInterval(n, c, { method, confidence, sides: 1, tail: 'upper' });
        expect(lower.upper).toBe(1);
        expect(upper.lower).toBe(0);
        expect(0 <= lower.lower && lower.lower <= 1 && 0 <= upper.upper && upper.upper <= 1).toBe(true);
        // A one-sided Jeffreys bound is a Beta(c + ½, n − c + ½) quantile, whose median lies above
        // c/n when c < n/2 (found here: 1 of 7 at γ = 0.5 gives L = 0.161 > 0.143), so it keeps the
        // estimate inside only for small tails: checked from γ = 0.8 (tail 0.2) for Jeffreys.
        if (method !== 'jeffreys' || confidence >= 0.8) {
          expect(lower.lower <= c / n, `${JSON.stringify(lower)}`).toBe(true);
          expect(c / n <= upper.upper, `${JSON.stringify(upper)}`).toBe(true);
        }
      }),
      { numRuns: 1000, seed: 21 },
    );
  });

  it('nested: a higher confidence gives an interval containing the lower one', () => {
    fc.assert(
      fc.property(methodArb, countsArb, confidenceArb, confidenceArb, (method, [n, c], a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const narrow = proportionInterval(n, c, { method, confidence: low, sides: 2 });
        const wide = proportionInterval(n, c, { method, confidence: high, sides: 2 });
        // Up to the quantiles' accuracy (~1e-15 relative; RTOL = 1e-12): confidence levels a few
        // ulps apart may give bounds that differ by an ulp either way.
        expect(wide.lower).toBeLessThanOrEqual(narrow.lower * (1 + RTOL));
        expect(wide.upper).toBeGreaterThanOrEqual(narrow.upper * (1 - RTOL));
      }),
      { numRuns: 1000, seed: 22 },
    );
  });

  it('one-sided at γ: inside the two-sided bound at γ, equal to the two-sided bound at 2γ − 1', () => {
    fc.assert(
      fc.property(methodArb, countsArb, confidenceArb, (method, [n, c], confidence) => {
        const two = proportionInterval(n, c, { method, confidence, sides: 2 });
        const lower = proportionInterval(n, c, { method, confidence, sides: 1, tail: 'lower' });
        const upper = proportionInterval(n, c, { method, confidence, sides: 1, tail: 'upper' });
        expect(lower.lower).toBeGreaterThanOrEqual(two.lower);
        expect(upper.upper).toBeLessThanOrEqual(two.upper);
        const half = 2 * confidence - 1;
        if (half > 0) {
          const twoAtHalf = proportionInterval(n, c, { method, confidence: half, sides: 2 });
          // The tails 1 − γ and (1 − (2γ − 1))/2 differ in the last bits only.
          expectRelativelyClose(lower.lower, twoAtHalf.lower, 1e-9, 'lower');
          expectRelativelyClose(upper.upper, twoAtHalf.upper, 1e-9, 'upper');
        }
      }),
      { numRuns: 1000, seed: 23 },
    );
  });
});
