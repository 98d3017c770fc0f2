import { describe, expect, it } from 'vitest';
import { allCorrect } from '../../../packages/sim/src/analytic/allCorrect.js';
import { InputError } from '../../../packages/sim/src/errors.js';

const rel = (x: number, y: number) => Math.abs(x / y - 1);

describe('allCorrect (passHatK@k of one task)', () => {
  it('doc example: exchangeable p = 0.5, icc = 0.5 (a = b = 0.5), k = 2 → 0.5·1.5/2 = 0.375', () => {
    expect(allCorrect(0.5, { model: 'exchangeable', icc: 0.5 }, 2)[2]).toBe(0.375);
  });

  it('independent p^k (seeds: p = 0.9, k = 8 → 43.0 %), feedback p^k too', () => {
    const c = allCorrect(0.9, { model: 'independent' }, 8);
    expect(c[0]).toBe(1);
    expect(c[8]).toBeCloseTo(0.43046721, 15); // 0.9^8
    expect(allCorrect(0.3, { model: 'feedback', afterFailure: 0.25 }, 5)[5]).toBe(0.3 ** 5);
  });

  it('exchangeable icc 0.3, p = 0.3, k = 5: B(a + 5, b)/B(a, b) (scipy)', () => {
    // python3 -c "from scipy import special as s; p=0.3; nu=1/0.3-1; a=p*nu; b=(1-p)*nu; print(s.beta(a+5,b)/s.beta(a,b))"
    expect(rel(allCorrect(0.3, { model: 'exchangeable', icc: 0.3 }, 5)[5], 0.0490796667510121)).toBeLessThan(1e-13);
  });

  it('markov λ = 0.6, p = 0.3, k = 5: the literal chain (python, see allWrong.test.ts) → 0.08062156799999999', () => {
    expect(rel(allCorrect(0.3, { model: 'markov', stickiness: 0.6 }, 5)[5], 0.08062156799999999)).toBeLessThan(1e-14);
  });

  it('limits: icc 0 and λ 0 are independent; λ 1 repeats the first attempt', () => {
    allCorrect(0.3, { model: 'exchangeable', icc: 0 }, 6).forEach((v, k) => expect(v).toBeCloseTo(0.3 ** k, 15));
    allCorrect(0.3, { model: 'markov', stickiness: 0 }, 6).forEach((v, k) => expect(v).toBeCloseTo(0.3 ** k, 15));
    expect(Array.from(allCorrect(0.3, { model: 'markov', stickiness: 1 }, 3))).toEqual([1, 0.3, 0.3, 0.3]);
  });

  it('rejects bad input', () => {
    expect(() => allCorrect(-0.1, { model: 'independent' }, 3)).toThrow(InputError);
    expect(() => allCorrect(0.5, { model: 'independent' }, 1.5)).toThrow(/^n:/);
    expect(() => allCorrect(0.5, { model: 'exchangeable', icc: 1 }, 2)).toThrow(/correlation\.icc/);
  });
});
