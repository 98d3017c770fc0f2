import { describe, expect, it } from 'vitest';
import { expectedAmount } from '../../../packages/sim/src/engine/expectedAmount.js';

describe('expectedAmount', () => {
  it('lognormal median 0.02, σ 0.5: median·e^{σ²/2} = 0.022662969061336528 (scipy)', () => {
    // python3 -c "from scipy.stats import lognorm; import math; print(lognorm(0.5, scale=0.02).mean())"
    expect(expectedAmount({ dist: 'lognormal', median: 0.02, sigma: 0.5 })).toBeCloseTo(0.022662969061336528, 15);
  });

  it('a constant amount is its own mean; σ = 0 gives the median (closed form)', () => {
    expect(expectedAmount({ dist: 'constant', value: 0.7 })).toBe(0.7);
    expect(expectedAmount({ dist: 'lognormal', median: 2, sigma: 0 })).toBe(2);
  });
});
