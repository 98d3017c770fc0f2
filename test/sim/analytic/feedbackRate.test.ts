import { describe, expect, it } from 'vitest';
import { feedbackRates, feedbackStep } from '../../../packages/sim/src/analytic/feedbackRate.js';

describe('feedbackStep / feedbackRates (feedback after a failure, afterFailure in [−1, 1])', () => {
  it('doc examples: 0.5 → 0.75 for a = 0.5 and → 0.25 for a = −0.5; p = 0.4, a = −0.5 gives 0.4, 0.2, 0.1', () => {
    expect(feedbackStep(0.5, 0.5)).toBe(0.75);
    expect(feedbackStep(0.5, -0.5)).toBe(0.25);
    expect(Array.from(feedbackRates(0.4, -0.5, 2).success)).toEqual([0.4, 0.2, 0.1]);
  });

  it('for a ≥ 0 the step is bitwise the former rate + a(1 − rate) (equal seeds keep their results)', () => {
    for (const a of [0, 0.05, 0.3, 0.77, 1]) for (const rate of [0, 0.1, 0.3333333333333333, 0.9, 1]) expect(feedbackStep(rate, a)).toBe(rate + a * (1 - rate));
  });

  it('the closed form equals the iterated step (p = 0.35, a = ±0.3, 12 failures), and success + failure = 1', () => {
    for (const a of [0.3, -0.3]) {
      const { success, failure } = feedbackRates(0.35, a, 12);
      let rate = 0.35;
      for (let w = 0; w <= 12; w++) {
        expect(success[w]).toBeCloseTo(rate, 14);
        expect(success[w] + failure[w]).toBeCloseTo(1, 15);
        rate = feedbackStep(rate, a);
      }
    }
  });
});
