import { describe, expect, it } from 'vitest';
import { chooseModel } from '../../../packages/sim/src/fit/chooseModel.js';

describe('chooseModel', () => {
  it('doc example: AIC 161.95 vs 162.48 → the first, ΔAIC 0.53, weak evidence', () => {
    const choice = chooseModel({ name: 'betaBinomial', aic: 161.95 }, { name: 'zeroOneInflatedBetaBinomial', aic: 162.48 });
    expect(choice.chosen).toBe('betaBinomial');
    expect(choice.aicDifference).toBeCloseTo(0.53, 12);
    expect(choice.reason).toMatch(/ΔAIC = 0\.53, below 2: weak evidence/);
    expect(choice.reason).toMatch(/161\.95 vs 162\.48 for zeroOneInflatedBetaBinomial/);
  });

  it('the lower AIC wins whichever comes first; the reading follows Burnham & Anderson’s scale', () => {
    const strong = chooseModel({ name: 'first', aic: 130 }, { name: 'second', aic: 100 });
    expect(strong.chosen).toBe('second');
    expect(strong.reason).toMatch(/ΔAIC = 30\.00, above 10: essentially no support/);
    expect(chooseModel({ name: 'x', aic: 10 }, { name: 'y', aic: 15 }).reason).toMatch(/between 4 and 10/);
    expect(chooseModel({ name: 'x', aic: 10 }, { name: 'y', aic: 13 }).reason).toMatch(/between 2 and 4/);
  });

  it('classifies the difference as printed (1.9996 shows as 2.00 and reads "between 2 and 4"); a tie keeps the first', () => {
    expect(chooseModel({ name: 'x', aic: 10 }, { name: 'y', aic: 11.9996 }).reason).toMatch(/ΔAIC = 2\.00, between 2 and 4/);
    const tie = chooseModel({ name: 'simple', aic: 10 }, { name: 'complex', aic: 10 });
    expect(tie.chosen).toBe('simple');
    expect(tie.reason).toMatch(/simpler model is kept/);
  });
});
