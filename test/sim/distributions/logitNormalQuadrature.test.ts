import { describe, expect, it } from 'vitest';
import { logitNormalQuadrature } from '../../../packages/sim/src/distributions/logitNormalQuadrature.js';
import { InputError } from '../../../packages/sim/src/errors.js';

// E[p^k] for p = logistic(mu + sigma·Z) by adaptive quadrature:
// python3 -c "from scipy import integrate, special, stats; mu, s, k = 0, 1, 2; print(integrate.quad(lambda z: special.expit(mu + s*z)**k * stats.norm.pdf(z), -40, 40, epsabs=1e-15, epsrel=1e-14, limit=500, points=[-mu/s])[0])"
const cases: Array<[mu: number, sigma: number, k: number, value: number]> = [
  [0, 1, 2, 0.293379035858093],
  [0.5, 1.2, 1, 0.5960873055121725],
  [0.5, 1.2, 8, 0.11131932179057145],
  [-2, 3, 1, 0.28257601410432365],
  [3, 0.3, 5, 0.7784238308760405],
  [0, 20, 1, 0.5],
  [0.7, 20, 3, 0.4841054241427146],
  [-4, 50, 2, 0.460191369944834],
  [1, 0.05, 1, 0.7309451028429497],
  [2, 5, 100, 0.26953866549036537],
];

describe('logitNormalQuadrature(mu, sigma)', () => {
  it.each(cases)('mu %f, sigma %f: E[p^%i] within 1e-12 of scipy.integrate.quad', (mu, sigma, k, value) => {
    const { nodes, weights } = logitNormalQuadrature(mu, sigma);
    let sum = 0;
    let total = 0;
    for (let i = 0; i < nodes.length; i++) {
      sum += weights[i] * nodes[i] ** k;
      total += weights[i];
    }
    expect(Math.abs(sum - value)).toBeLessThan(1e-12);
    expect(Math.abs(total - 1)).toBeLessThan(1e-14); // 2Φ(−9) ≈ 2e-19 is cut off
  });

  it('sigma = 0 is the single point logistic(mu); bad arguments throw InputError', () => {
    const rule = logitNormalQuadrature(2, 0);
    // python3 -c "from scipy.special import expit; print(expit(2))"
    expect(Array.from(rule.nodes)).toEqual([0.8807970779778823]);
    expect(Array.from(rule.weights)).toEqual([1]);
    expect(() => logitNormalQuadrature(Number.NaN, 1)).toThrow('mu: must be a finite number, got NaN');
    expect(() => logitNormalQuadrature(0, -1)).toThrow(InputError);
  });
});
