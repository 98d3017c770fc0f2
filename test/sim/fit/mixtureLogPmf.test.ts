import { describe, expect, it } from 'vitest';
import { mixtureLogPmf } from '../../../packages/sim/src/fit/mixtureLogPmf.js';
import { mixtureParameters } from '../../../packages/sim/src/fit/mixtureParameters.js';

/** θ for π0, π1, Beta(a, b): η = ln(π/w), logit mean, ln(a + b). */
function theta(pi0: number, pi1: number, a: number, b: number): number[] {
  const w = 1 - pi0 - pi1;
  return [Math.log(a / b), Math.log(a + b), Math.log(pi0 / w), Math.log(pi1 / w)];
}

describe('mixtureLogPmf', () => {
  const p = mixtureParameters(theta(0.2, 0.1, 2, 3));
  // python3 -c "import numpy as np; from scipy.stats import betabinom as bb;
  //   print(np.log(0.2 + 0.7*bb.pmf(0, 4, 2, 3)), np.log(0.1 + 0.7*bb.pmf(4, 4, 2, 3)), np.log(0.7*bb.pmf(2, 4, 2, 3)))"
  it('doc example and the other cells against scipy (π0 = 0.2, π1 = 0.1, Beta(2, 3), n = 4)', () => {
    expect(mixtureLogPmf(p, 4, 0)).toBeCloseTo(-1.0498221244986778, 13);
    expect(mixtureLogPmf(p, 4, 4)).toBeCloseTo(-1.897119984885881, 13);
    expect(mixtureLogPmf(p, 4, 2)).toBeCloseTo(-1.714798428091926, 13);
  });

  it('the binomial limit (concentration ∞): scipy binom.logpmf(3, 8, 0.375) = -1.267154214528707', () => {
    const limit = mixtureParameters([Math.log(0.375 / 0.625), Infinity, -Infinity, -Infinity]);
    expect(mixtureLogPmf(limit, 8, 3)).toBeCloseTo(-1.267154214528707, 13);
  });

  it('the two-point limit (concentration 0): ln(1 − mean) at 0, ln mean at n, −∞ between', () => {
    const limit = mixtureParameters([Math.log(0.3 / 0.7), -Infinity, -Infinity, -Infinity]);
    expect(mixtureLogPmf(limit, 5, 0)).toBeCloseTo(Math.log(0.7), 14);
    expect(mixtureLogPmf(limit, 5, 5)).toBeCloseTo(Math.log(0.3), 14);
    expect(mixtureLogPmf(limit, 5, 2)).toBe(-Infinity);
  });
});
