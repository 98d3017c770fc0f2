import { describe, expect, it } from 'vitest';
import { momentComplementPower, momentPower } from '../../../packages/sim/src/distributions/momentPower.js';
import { InputError } from '../../../packages/sim/src/errors.js';
import type { SuccessRateDist } from '../../../packages/sim/src/scenario/types.js';

const seventyPercentEach: SuccessRateDist = { dist: 'fixed', values: Array(10).fill(0.7) };
const allOrNothing: SuccessRateDist = { dist: 'fixed', values: [1, 1, 1, 1, 1, 1, 1, 0, 0, 0] };
const beta28: SuccessRateDist = { dist: 'beta', a: 2.8, b: 1.2 };
const logitNormal: SuccessRateDist = { dist: 'logitNormal', mu: 0.5, sigma: 1.2 };

describe('momentPower E[p^k] and momentComplementPower E[(1 − p)^k]', () => {
  it('seeds §6: Agent A (every task 70 %) has pass^8 = 0.7^8 ≈ 5.8 %, Agent B (7 always, 3 never) 70 %', () => {
    expect(momentPower(seventyPercentEach, 8)).toBeCloseTo(0.7 ** 8, 15); // closed form 0.05764801
    expect(momentPower(allOrNothing, 8)).toBeCloseTo(0.7, 15);
    const mixture: SuccessRateDist = {
      dist: 'mixture',
      components: [
        { weight: 0.7, dist: { dist: 'point', p: 1 } },
        { weight: 0.3, dist: { dist: 'point', p: 0 } },
      ],
    };
    expect(momentPower(mixture, 8)).toBeCloseTo(0.7, 15);
    expect(momentComplementPower(mixture, 8)).toBeCloseTo(0.3, 15); // 1 − pass@8
  });

  it('point: p^k and (1 − p)^k (seeds: 0.9^8 ≈ 43.0 %), and k = 0 gives 1', () => {
    expect(momentPower({ dist: 'point', p: 0.9 }, 8)).toBe(0.9 ** 8);
    expect(momentComplementPower({ dist: 'point', p: 0.3 }, 10)).toBe(0.7 ** 10); // seeds: pass@10 = 1 − 0.0282
    expect(momentPower({ dist: 'point', p: 0 }, 0)).toBe(1);
    expect(momentPower(beta28, 0)).toBe(1);
  });

  it('beta: B(a + k, b)/B(a, b) and B(a, b + k)/B(a, b) against mpmath (relative 1e-14)', () => {
    // python3 -c "from mpmath import mp, beta, mpf; mp.dps = 40; a, b = mpf('2.8'), mpf('1.2'); print(beta(a + 8, b)/beta(a, b), beta(a, b + 8)/beta(a, b))"
    expect(momentPower(beta28, 8) / 0.20366605653333333 - 1).toBeCloseTo(0, 14);
    expect(momentComplementPower(beta28, 8) / 0.0101517312 - 1).toBeCloseTo(0, 14);
    // python3 -c "from mpmath import mp, beta, mpf; mp.dps = 40; print(beta(mpf('0.05') + 127, 2)/beta(mpf('0.05'), 2))"
    expect(momentPower({ dist: 'beta', a: 0.05, b: 2 }, 127) / 3.2270452205846763e-6 - 1).toBeCloseTo(0, 13);
  });

  it('docs/design.md §3 mixture {0.2 point 0, 0.1 point 1, 0.7 Beta(2, 2)}: k = 3 gives 0.1 + 0.7·(2·3·4)/(4·5·6) = 0.24 and 0.34 (closed form)', () => {
    const mixture: SuccessRateDist = {
      dist: 'mixture',
      components: [
        { weight: 0.2, dist: { dist: 'point', p: 0 } },
        { weight: 0.1, dist: { dist: 'point', p: 1 } },
        { weight: 0.7, dist: { dist: 'beta', a: 2, b: 2 } },
      ],
    };
    expect(momentPower(mixture, 3)).toBeCloseTo(0.24, 15);
    expect(momentComplementPower(mixture, 3)).toBeCloseTo(0.34, 15);
  });

  it('logitNormal: numerical, within 1e-12 of scipy.integrate.quad; the complement keeps relative precision', () => {
    // python3 -c "from scipy import integrate, special, stats; print(integrate.quad(lambda z: special.expit(0.5 + 1.2*z)**8 * stats.norm.pdf(z), -40, 40, epsabs=1e-15, epsrel=1e-14, limit=500, points=[-0.5/1.2])[0])"
    expect(Math.abs(momentPower(logitNormal, 8) - 0.11131932179057145)).toBeLessThan(1e-12);
    // Same with special.expit(-(0.5 + 1.2*z))**8:
    expect(Math.abs(momentComplementPower(logitNormal, 8) - 0.030824777754724735)).toBeLessThan(1e-12);
    // python3 -c "from mpmath import mp, quad, exp, sqrt, pi, inf, mpf; mp.dps = 30; print(quad(lambda z: (1/(1 + exp(8 + z/2)))**3 * exp(-z*z/2)/sqrt(2*pi), [-inf, -16, 0, inf]))"
    const far = momentComplementPower({ dist: 'logitNormal', mu: 8, sigma: 0.5 }, 3);
    expect(far / 1.1600218048610403e-10 - 1).toBeCloseTo(0, 11);
  });

  it('a mixture weighs its components: 0.25·Beta(2.8, 1.2) + 0.75·logitNormal(0.5, 1.2), k = 8 (values above)', () => {
    const mixture: SuccessRateDist = {
      dist: 'mixture',
      components: [
        { weight: 0.25, dist: beta28 },
        { weight: 0.75, dist: logitNormal },
      ],
    };
    expect(Math.abs(momentPower(mixture, 8) - (0.25 * 0.20366605653333333 + 0.75 * 0.11131932179057145))).toBeLessThan(1e-12);
  });

  it('a beta moment past 10⁵ factors from log-beta, in constant time (mpmath: beta(a + k, b)/beta(a, b))', () => {
    const beta23: SuccessRateDist = { dist: 'beta', a: 2, b: 3 };
    const started = performance.now();
    expect(momentPower(beta23, 1e9) / 2.399999978400000132e-26 - 1).toBeCloseTo(0, 10);
    expect(performance.now() - started).toBeLessThan(50);
    expect(momentPower(beta23, 100_001) / 2.39971202327841609794e-14 - 1).toBeCloseTo(0, 10);
    expect(momentComplementPower(beta23, 100_001) / 1.19989200731955722521e-9 - 1).toBeCloseTo(0, 10);
  });

  it('rejects a negative or fractional k and a bad distribution', () => {
    expect(() => momentPower(beta28, -1)).toThrow('k: must be an integer ≥ 0, got -1');
    expect(() => momentComplementPower(beta28, 1.5)).toThrow(InputError);
    expect(() => momentPower({ dist: 'beta', a: 0, b: 1 }, 2)).toThrow('dist.a: must be a finite number > 0, got 0');
  });
});
