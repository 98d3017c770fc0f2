import { describe, expect, it } from 'vitest';
import { betaQuadrature } from '../../../packages/sim/src/distributions/betaQuadrature.js';
import { InputError } from '../../../packages/sim/src/errors.js';

function relativeError(got: number, want: number): number {
  return Math.abs(got - want) / Math.abs(want);
}

describe('betaQuadrature(a, b, n) (Golub–Welsch)', () => {
  it('Beta(1, 1), n = 2 is 2-point Gauss–Legendre on [0, 1]: nodes ½ ∓ 1/(2√3), weights ½ (closed form)', () => {
    const { nodes, weights } = betaQuadrature(1, 1, 2);
    expect(nodes[0]).toBeCloseTo(0.5 - 1 / (2 * Math.sqrt(3)), 15);
    expect(nodes[1]).toBeCloseTo(0.5 + 1 / (2 * Math.sqrt(3)), 15);
    expect(weights[0]).toBeCloseTo(0.5, 15);
    expect(weights[1]).toBeCloseTo(0.5, 15);
  });

  it('Beta(2.8, 1.2), n = 10 matches scipy.special.roots_jacobi (α = b − 1, β = a − 1, moved to [0, 1])', () => {
    // python3 -c "from scipy.special import roots_jacobi; x, w = roots_jacobi(10, 0.2, 1.8); print(((x + 1)/2).tolist(), (w/w.sum()).tolist())"
    const nodes = [
      0.04442374351671713, 0.1203482925554219, 0.22415185140071953, 0.3481758659237288, 0.4832301357642695, 0.6193009498285379, 0.7462977718371797,
      0.854802772297256, 0.9367705904541372, 0.9861343900583961,
    ];
    const weights = [
      0.0008520611864505545, 0.007645729378901073, 0.028956230619284873, 0.07025954519475808, 0.1266246803488091, 0.18064222803671132, 0.20859947093557998,
      0.1926609575952226, 0.1326405913373757, 0.0511185053669068,
    ];
    const rule = betaQuadrature(2.8, 1.2, 10);
    nodes.forEach((x, i) => expect(Math.abs(rule.nodes[i] - x)).toBeLessThan(1e-14));
    weights.forEach((w, i) => expect(relativeError(rule.weights[i], w)).toBeLessThan(1e-12));
  });

  // E[p^k] = B(a + k, b)/B(a, b), from mpmath at 40 digits:
  // python3 -c "from mpmath import mp, beta, mpf; mp.dps = 40; print([float(beta(mpf(a) + k, mpf(b))/beta(mpf(a), mpf(b))) for k in (1, 2, 8, 64, 127)])"
  const moments: Array<[a: number, b: number, values: number[]]> = [
    [0.01, 0.01, [0.5, 0.4950980392156863, 0.48731150162299225, 0.47702411863387373, 0.47374835411519206]],
    [0.05, 2, [0.024390243902439025, 0.008396641343462616, 0.000720634158059092, 1.2600647673290408e-5, 3.2270452205846763e-6]],
    [2.8, 1.2, [0.7, 0.532, 0.20366605653333333, 0.023080269333147198, 0.010409255388491996]],
    [50, 50, [0.5, 0.2524752475247525, 0.005069529727675608, 1.7078555710086195e-14, 1.0668240009774572e-22]],
    [1e4, 3e4, [0.25, 0.06250468738281544, 1.5290856158029594e-5, 3.4170608929393596e-39, 6.275174216894814e-77]],
    [1e6, 1e6, [0.5, 0.2500001249999375, 0.003906304687677734, 5.426477822686866e-20, 5.901030181135517e-39]],
    [0.5, 1e6, [4.99999750000125e-7, 7.499985000024375e-13, 7.917813032852018e-45, 8.912803568196348e-297]],
  ];
  it.each(moments)('64 points integrate p^k exactly for k ≤ 127: Beta(%f, %f) against mpmath (relative 1e-11)', (a, b, values) => {
    const { nodes, weights } = betaQuadrature(a, b, 64);
    const ks = [1, 2, 8, 64, 127];
    let total = 0;
    for (let i = 0; i < nodes.length; i++) total += weights[i];
    expect(Math.abs(total - 1)).toBeLessThan(1e-13);
    expect(nodes.every((x, i) => x >= 0 && x <= 1 && (i === 0 || x >= nodes[i - 1]))).toBe(true);
    values.forEach((want, j) => {
      let got = 0;
      for (let i = 0; i < nodes.length; i++) got += weights[i] * nodes[i] ** ks[j];
      expect(relativeError(got, want)).toBeLessThan(1e-11);
    });
  });

  it('n = 1 is the mean with weight 1; bad arguments throw InputError', () => {
    const rule = betaQuadrature(2, 6, 1);
    expect(Array.from(rule.nodes)).toEqual([0.25]);
    expect(Array.from(rule.weights)).toEqual([1]);
    expect(() => betaQuadrature(0, 1, 4)).toThrow(InputError);
    expect(() => betaQuadrature(1, 1, 0)).toThrow('n: must be an integer in 1..4096, got 0');
  });
});
