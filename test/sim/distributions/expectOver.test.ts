import { describe, expect, it } from 'vitest';
import { expectOver } from '../../../packages/sim/src/distributions/expectOver.js';
import type { SuccessRateDist } from '../../../packages/sim/src/scenario/types.js';

describe('expectOver(dist, f) = E[f(p)]', () => {
  it('fixed and point: the exact mean of f (closed form)', () => {
    const f = (p: number) => 1 - (1 - p) ** 3;
    const values = [0.9, 0.5, 0];
    expect(expectOver({ dist: 'fixed', values }, f)).toBeCloseTo((f(0.9) + f(0.5) + f(0)) / 3, 15);
    expect(expectOver({ dist: 'point', p: 0.9 }, f)).toBeCloseTo(0.999, 15);
  });

  it('beta, smooth f: E[e^p] for Beta(2, 3) = ₁F₁(2; 5; 1) (scipy.special.hyp1f1(2, 5, 1) = 1.5224722339658283)', () => {
    expect(Math.abs(expectOver({ dist: 'beta', a: 2, b: 3 }, Math.exp) - 1.5224722339658283)).toBeLessThan(1e-14);
  });

  it('beta, the markov pass^k polynomial p·(λ + (1 − λ)p)^{k−1}, λ = ½, k = 8, Beta(2.8, 1.2), against mpmath', () => {
    // Expanded into moments: python3 -c "from mpmath import mp, beta, mpf, binomial; mp.dps = 40; a, b, l, k = mpf('2.8'), mpf('1.2'), mpf('0.5'), 8; m = lambda j: beta(a + j, b)/beta(a, b); print(sum(binomial(k - 1, j) * l**(k - 1 - j) * (1 - l)**j * m(j + 1) for j in range(k)))"
    const value = expectOver({ dist: 'beta', a: 2.8, b: 1.2 }, (p) => p * (0.5 + 0.5 * p) ** 7);
    expect(Math.abs(value - 0.33948656373333336)).toBeLessThan(1e-15);
  });

  it('logitNormal: E[p(1 − p)] for mu = 0, sigma = 1 within 1e-12 of scipy.integrate.quad', () => {
    // python3 -c "from scipy import integrate, special, stats; print(integrate.quad(lambda z: special.expit(z)*(1 - special.expit(z)) * stats.norm.pdf(z), -40, 40, epsabs=1e-15, epsrel=1e-14, limit=500)[0])"
    const value = expectOver({ dist: 'logitNormal', mu: 0, sigma: 1 }, (p) => p * (1 - p));
    expect(Math.abs(value - 0.20662096414190703)).toBeLessThan(1e-12);
  });

  it('mixture: weighted over components, weights normalised (2 : 6 is ¼ : ¾)', () => {
    const mixture: SuccessRateDist = {
      dist: 'mixture',
      components: [
        { weight: 2, dist: { dist: 'point', p: 0.2 } },
        { weight: 6, dist: { dist: 'beta', a: 2, b: 3 } },
      ],
    };
    // E[p²]: ¼·0.04 + ¾·(2·3)/(5·6) = 0.16 (closed form).
    expect(expectOver(mixture, (p) => p * p)).toBeCloseTo(0.16, 15);
  });
});
