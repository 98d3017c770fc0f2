import { describe, expect, it } from 'vitest';
import { meanSuccessRate } from '../../../packages/sim/src/distributions/meanSuccessRate.js';

describe('meanSuccessRate(dist)', () => {
  it('beta a/(a + b), fixed mean, point p (closed forms)', () => {
    expect(meanSuccessRate({ dist: 'beta', a: 2.8, b: 1.2 })).toBeCloseTo(0.7, 15);
    expect(meanSuccessRate({ dist: 'fixed', values: [0.9, 0.5, 0] })).toBeCloseTo(1.4 / 3, 15);
    expect(meanSuccessRate({ dist: 'point', p: 0.3 })).toBe(0.3);
  });

  it('logitNormal(0.5, 1.2): numerical, within 1e-12 of scipy.integrate.quad (0.5960873055121725); symmetric at mu = 0', () => {
    // python3 -c "from scipy import integrate, special, stats; print(integrate.quad(lambda z: special.expit(0.5 + 1.2*z) * stats.norm.pdf(z), -40, 40, epsabs=1e-15, epsrel=1e-14, limit=500)[0])"
    expect(Math.abs(meanSuccessRate({ dist: 'logitNormal', mu: 0.5, sigma: 1.2 }) - 0.5960873055121725)).toBeLessThan(1e-12);
    expect(Math.abs(meanSuccessRate({ dist: 'logitNormal', mu: 0, sigma: 3 }) - 0.5)).toBeLessThan(1e-14);
  });
});
