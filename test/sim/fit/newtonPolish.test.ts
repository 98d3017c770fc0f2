import { describe, expect, it } from 'vitest';
import { newtonPolish } from '../../../packages/sim/src/fit/newtonPolish.js';

describe('newtonPolish', () => {
  it('doc example: ℓ = −(x − 3)²/2 from 2.9 → 3', () => {
    expect(newtonPolish(([x]) => -((x - 3) ** 2) / 2, [2.9])[0]).toBeCloseTo(3, 8);
  });

  it('binomial log-likelihood in the logit, 7 of 10: → logit(0.7) = ln(7/3) (closed-form MLE)', () => {
    const logLik = ([t]: readonly number[]) => -7 * Math.log1p(Math.exp(-t)) - 3 * Math.log1p(Math.exp(t));
    expect(newtonPolish(logLik, [0.8])[0]).toBeCloseTo(Math.log(7 / 3), 8);
  });

  it('keeps the start when a step would not raise ℓ (a flat direction: no Newton step at all)', () => {
    expect(newtonPolish(() => 1, [0.5, 2])).toEqual([0.5, 2]);
  });
});
